import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultSettings } from '../../../shared/settings.ts';
import { silentLogger } from '../environment.ts';
import { SettingsStore, readSettings } from './settingsStore.ts';

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});
function file(): string {
  const d = mkdtempSync(join(tmpdir(), 'sb-settings-'));
  dirs.push(d);
  return join(d, 'settings.json');
}

describe('settings store', () => {
  it('starts from defaults and persists changes atomically (no temp file left)', async () => {
    const path = file();
    const store = new SettingsStore(path, silentLogger);
    expect(store.get()).toEqual(defaultSettings);
    await Promise.all([store.update({ maxTurns: 5 }), store.update({ systemPrompt: 'be kind' })]);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ maxTurns: 5, systemPrompt: 'be kind' });
    expect(readdirSync(join(path, '..'))).toEqual(['settings.json']);
    expect(new SettingsStore(path, silentLogger).get()).toMatchObject({ maxTurns: 5, systemPrompt: 'be kind' });
  });

  it('keeps valid fields of a damaged file and defaults only the invalid ones', () => {
    const path = file();
    writeFileSync(path, JSON.stringify({ model: 'claude-x', maxTurns: -3, apiBaseUrl: 'not a url', theme: 'dark' }));
    expect(readSettings(path, silentLogger)).toEqual({ ...defaultSettings, model: 'claude-x', theme: 'dark' });
    writeFileSync(path, '{ broken');
    expect(readSettings(path, silentLogger)).toEqual(defaultSettings);
  });

  it('a change that could not be saved is not applied either', async () => {
    const path = file();
    const store = new SettingsStore(path, silentLogger);
    await store.update({ maxTurns: 5 });
    // The data folder became unusable: settings.json's folder is now a file.
    rmSync(join(path, '..'), { recursive: true, force: true });
    writeFileSync(join(path, '..'), 'not a folder');
    await expect(store.update({ maxTurns: 9, apiBaseUrl: 'https://gateway.example.com' })).rejects.toThrow();
    expect(store.get()).toMatchObject({ maxTurns: 5, apiBaseUrl: defaultSettings.apiBaseUrl });
  });
});
