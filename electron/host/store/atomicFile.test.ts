import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from './atomicFile.ts';

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('writeFileAtomic', () => {
  it('replaces the file whole, with the mode asked for, creating the folder', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-atomic-'));
    const path = join(dir, 'nested', 'secrets.json');
    await writeFileAtomic(path, '{"a":1}', { mode: 0o600 });
    await writeFileAtomic(path, '{"a":2}', { mode: 0o600 });
    expect(await readFile(path, 'utf8')).toBe('{"a":2}');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await readdir(join(dir, 'nested'))).toEqual(['secrets.json']);
  });

  it('keeps the old file and leaves no temp file when the write fails before replacing', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-atomic-'));
    const path = join(dir, 'servers.json');
    await writeFile(path, 'old');
    const failing = writeFileAtomic(path, 'new', {
      beforeReplace: () => Promise.reject(new Error('backup failed')),
    });
    await expect(failing).rejects.toThrow('backup failed');
    expect(await readFile(path, 'utf8')).toBe('old');
    expect(await readdir(dir)).toEqual(['servers.json']);
  });
});
