import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { AttachmentStore, cleanName } from './attachmentStore.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});
const b64 = (text: string) => Buffer.from(text).toString('base64');

// A PNG chunk with its length and CRC.
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

// A few hundred bytes claiming a 40,000 × 40,000 canvas (1.6 gigapixels): a decompression bomb.
function pngBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(40_000, 0);
  header.writeUInt32BE(40_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(1024))), chunk('IEND', Buffer.alloc(0))]);
}

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

  it('refuses an image whose header claims a gigantic canvas instead of decoding it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sb-attach-'));
    const store = new AttachmentStore(dir);
    const staged = await store.stage('bomb.png', pngBomb().toString('base64'));
    expect(staged).toMatchObject({ ok: false, error: { detail: 'unsupported_type' } });
    expect(!staged.ok && staged.error.message).toContain('"bomb.png" starts like an image but could not be decoded (Input image exceeds pixel limit)');
  });
});
