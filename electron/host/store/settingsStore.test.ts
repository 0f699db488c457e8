import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultSettings } from '../../../shared/settings.ts';
import { silentLogger } from '../environment.ts';
import { SettingsStore, readSettings } from './settingsStore.ts';
import { StorageNoticeBook } from './storageNotices.ts';

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

  it('reads a hand-edited file with a trailing comma and a comment instead of resetting it', () => {
    const path = file();
    writeFileSync(path, '{\n  // mine\n  "model": "claude-x",\n  "maxTurns": 7,\n}\n');
    expect(readSettings(path, silentLogger)).toMatchObject({ model: 'claude-x', maxTurns: 7 });
  });

  it('never overwrites an unreadable settings.json: keeps a copy, records a notice naming the problem, refuses saves until fixed', async () => {
    const path = file();
    const dir = join(path, '..');
    const broken = '{ "model": "claude-x" "maxTurns": 7 }';
    writeFileSync(path, broken);
    const book = new StorageNoticeBook(dir, silentLogger);
    const store = new SettingsStore(path, silentLogger, book);
    expect(store.get()).toEqual(defaultSettings);
    const [notice] = book.list();
    expect(notice).toMatchObject({ kind: 'settings_unreadable', file: 'settings.json' });
    expect(notice?.reason).toMatch(/line 1/i);
    expect(readFileSync(join(dir, notice?.keptAs ?? ''), 'utf8')).toBe(broken);
    expect(statSync(join(dir, notice?.keptAs ?? '')).mode & 0o777).toBe(0o600);

    await expect(store.update({ maxTurns: 9 })).rejects.toThrow(/settings\.json cannot be read \(Not valid JSON at line 1.*will not overwrite it.*settings\.json\.unreadable-/);
    // The refusal is a host message the window translates, with the parser's problem nested as its own code.
    await expect(store.update({ maxTurns: 9 })).rejects.toMatchObject({
      text: { code: 'settings.fileUnreadableKept', params: { path, problemCode: 'import.jsonAt', line: 1, copy: notice?.keptAs } },
    });
    expect(readFileSync(path, 'utf8')).toBe(broken);

    // The same file at the next start: no second copy, no second notice.
    new SettingsStore(path, silentLogger, book);
    expect(book.list()).toHaveLength(1);
    expect(readdirSync(dir).filter((f) => f.startsWith('settings.json.unreadable-'))).toHaveLength(1);

    // Fixed by hand while the app runs: the next save builds on the fixed file.
    writeFileSync(path, '{ "model": "claude-x", "maxTurns": 7 }');
    await store.update({ systemPrompt: 'hi' });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ model: 'claude-x', maxTurns: 7, systemPrompt: 'hi' });
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });
});
