import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AttachmentStore, cleanName } from './attachmentStore.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});
const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('the attachment store (real files)', () => {
  it('keeps only a display name: no folders, no control characters', () => {
    expect(cleanName('../../etc/passwd')).toBe('passwd');
    expect(cleanName('C:\\Users\\me\\notes.md')).toBe('notes.md');
    expect(cleanName('bad\u0000\u001b[31mname.txt')).toBe('bad[31mname.txt');
    expect(cleanName('///')).toBe('file');
  });

  it('refuses ids it did not make, so no id from the window can name a path', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sb-attach-'));
    const store = new AttachmentStore(dir);
    expect(await store.thumbnail('chat', '../../settings.json')).toMatchObject({ ok: false, error: { detail: 'not_found' } });
    expect(store.readSync('chat', '../settings')).toBeUndefined();
    expect(await store.describe(['../../history.db'])).toMatchObject({ ok: false, error: { detail: 'not_found' } });
    // A chat id that is not a plain id is hashed into one folder name inside attachments/.
    const staged = await store.stage('a.txt', b64('hello\n'));
    if (!staged.ok) throw new Error(staged.error.message);
    const described = await store.describe([staged.value.id]);
    if (!described.ok) throw new Error(described.error.message);
    expect(store.claim('../../outside', described.value)).toEqual({ ok: true, value: null });
    expect(existsSync(join(dir, 'outside'))).toBe(false);
    const folders = readdirSync(join(dir, 'attachments')).filter((f) => f !== '.staged');
    expect(folders).toHaveLength(1);
    expect(folders[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(store.readSync('../../outside', staged.value.id)?.toString()).toBe('hello\n');
  });

  it('discards a staged file, and clears what a previous run left staged', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sb-attach-'));
    const store = new AttachmentStore(dir);
    const one = await store.stage('one.txt', b64('1'));
    const two = await store.stage('two.txt', b64('2'));
    if (!one.ok || !two.ok) throw new Error('not staged');
    await store.discard(one.value.id);
    expect(readdirSync(join(dir, 'attachments', '.staged')).sort()).toEqual([two.value.id, `${two.value.id}.json`].sort());
    expect(await store.describe([one.value.id])).toMatchObject({ ok: false, error: { detail: 'not_found' } });
    await store.clearStaged();
    expect(existsSync(join(dir, 'attachments', '.staged'))).toBe(false);
  });
});
