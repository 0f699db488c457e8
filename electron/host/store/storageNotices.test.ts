import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../environment.ts';
import { STORAGE_NOTICES_FILE, StorageNoticeBook } from './storageNotices.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('storage notice record', () => {
  it('keeps a reason code it knows, and drops one it does not (a record from a newer version) keeping the English reason', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-notices-'));
    dirs.push(dir);
    const base = { kind: 'history_moved_aside', file: 'history.db', keptAs: 'history.db.corrupt-x', at: '2026-12-01T10:00:00.000Z' };
    writeFileSync(
      join(dir, STORAGE_NOTICES_FILE),
      JSON.stringify([
        { ...base, id: 'a', reason: 'replaced by y at your request', reasonText: { code: 'store.reasonReplaced', params: { file: 'y' } } },
        { ...base, id: 'b', reason: 'something newer', reasonText: { code: 'store.fromTheFuture' } },
      ]),
    );
    const notices = new StorageNoticeBook(dir, silentLogger).list();
    expect(notices.map((n) => [n.id, n.reason, n.reasonText?.code])).toEqual([
      ['a', 'replaced by y at your request', 'store.reasonReplaced'],
      ['b', 'something newer', undefined],
    ]);
    expect('reasonText' in (notices[1] ?? {})).toBe(false);
  });
});
