/** Settings and the API key that cannot be written: refused with codes the settings view translates, nothing thrown. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../environment.ts';
import { HostEventHub } from '../events.ts';
import { FileSecretStore } from '../store/fileSecretStore.ts';
import { SettingsStore } from '../store/settingsStore.ts';
import { AnthropicProvider } from './provider.ts';
import { createSettingsCalls } from './settingsCalls.ts';

describe('settings calls that cannot write', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sb-settings-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers a failed save and a failed key store with their codes, the cause as a parameter', async () => {
    // A regular file where the data folder should be: every write under it fails (ENOTDIR), also for root.
    const blocker = join(dir, 'not-a-folder');
    writeFileSync(blocker, '');
    const secrets = new FileSecretStore(join(blocker, 'secrets.json'));
    const calls = createSettingsCalls({ store: new SettingsStore(join(blocker, 'settings.json'), silentLogger), provider: new AnthropicProvider(secrets), secrets, events: new HostEventHub() });

    const saved = await calls['settings.update']({ model: 'claude-sonnet-5-5' });
    expect(saved.ok ? 'saved' : saved.error).toMatchObject({ code: 'storage_error', text: { code: 'settings.saveFailed' } });
    expect(saved.ok ? '' : String(saved.error.text?.params?.reason)).toContain('ENOTDIR');
    const key = await calls['settings.setApiKey']({ apiKey: 'sk-test' });
    expect(key.ok ? 'stored' : key.error).toMatchObject({ code: 'storage_error', text: { code: 'settings.keyFailed' } });
    expect(key.ok ? '' : key.error.message).toMatch(/^The API key could not be stored: .*ENOTDIR/);
  });
});
