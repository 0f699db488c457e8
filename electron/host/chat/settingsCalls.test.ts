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
    // The store cannot read the file it would build on, so it refuses to write, saying so in the system's own words.
    expect(saved.ok ? 'saved' : saved.error).toMatchObject({ code: 'storage_error', text: { code: 'settings.fileUnreadable', params: { problemCode: 'settings.readProblem' } } });
    expect(saved.ok ? '' : String(saved.error.text?.params?.reason)).toContain('ENOTDIR');
    const key = await calls['settings.setApiKey']({ apiKey: 'sk-test' });
    expect(key.ok ? 'stored' : key.error).toMatchObject({ code: 'storage_error', text: { code: 'settings.keyFailed' } });
    expect(key.ok ? '' : key.error.message).toMatch(/^The API key could not be stored: .*ENOTDIR/);
  });
  it("answers a save over an unreadable settings.json with the store's own refusal, its parser problem nested", async () => {
    const folder = mkdtempSync(join(dir, 'broken-'));
    writeFileSync(join(folder, 'settings.json'), '{ "model": ');
    const secrets = new FileSecretStore(join(folder, 'secrets.json'));
    const calls = createSettingsCalls({ store: new SettingsStore(join(folder, 'settings.json'), silentLogger), provider: new AnthropicProvider(secrets), secrets, events: new HostEventHub() });
    const saved = await calls['settings.update']({ model: 'claude-sonnet-5-5' });
    expect(saved.ok ? 'saved' : saved.error).toMatchObject({ code: 'storage_error', text: { code: 'settings.fileUnreadableKept', params: { problemCode: 'import.jsonBad' } } });
    expect(saved.ok ? '' : saved.error.message).toMatch(/settings\.json cannot be read \(Not valid JSON: .*\), so Switchboard will not overwrite it/);
  });
});
