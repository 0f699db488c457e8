import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileSecretStore } from './fileSecretStore.ts';

describe('file secret store', () => {
  let dir: string;
  let path: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-secrets-'));
    path = join(dir, 'secrets.json');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps secrets in a file only the user can read', async () => {
    const store = new FileSecretStore(path);
    await store.set('anthropic.apiKey', 'sk-1');
    await store.set('other', 'x');
    await store.delete('other');
    expect(await new FileSecretStore(path).get('anthropic.apiKey')).toBe('sk-1');
    expect(await store.get('other')).toBeUndefined();
    if (process.platform !== 'win32') expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('a damaged file reads as empty and is kept aside, so a new key can still be saved', async () => {
    await writeFile(path, '{"anthropic.apiKey": "sk-', { mode: 0o600 });
    const store = new FileSecretStore(path);
    expect(await store.get('anthropic.apiKey')).toBeUndefined();
    await store.set('anthropic.apiKey', 'sk-new');
    expect(await new FileSecretStore(path).get('anthropic.apiKey')).toBe('sk-new');
    const aside = (await readdir(dir)).filter((name) => name.startsWith('secrets.json.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(await readFile(join(dir, aside[0] ?? ''), 'utf8')).toBe('{"anthropic.apiKey": "sk-');
  });
});
