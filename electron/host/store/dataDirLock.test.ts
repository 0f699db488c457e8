import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from './dataDirLock.ts';

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});
function dir(): string {
  const d = mkdtempSync(join(tmpdir(), 'sb-lockunit-'));
  dirs.push(d);
  return d;
}
function deadPid(): number {
  return Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
}
const ownerOf = (d: string) => JSON.parse(readFileSync(join(d, LOCK_FILE_NAME), 'utf8')) as { pid: number; token: string };

describe('data folder lock', () => {
  it('is exclusive, names its holder, and is free again once released', () => {
    const d = dir();
    const lock = acquireDataDirLock(d, 'web');
    expect(ownerOf(d).pid).toBe(process.pid);
    expect(() => acquireDataDirLock(d, 'desktop')).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(d, 'web')).toThrow(/process \d+ \(this one\), web mode.*--data-dir/);
    lock.release();
    lock.release();
    expect(existsSync(join(d, LOCK_FILE_NAME))).toBe(false);
    acquireDataDirLock(d, 'web').release();
  });

  it('says who holds the folder as a code the window translates, with the same English in the message (logs)', () => {
    const d = dir();
    const lock = acquireDataDirLock(d, 'web');
    const { startedAt } = JSON.parse(readFileSync(join(d, LOCK_FILE_NAME), 'utf8')) as { startedAt: string };
    let caught: unknown;
    try {
      acquireDataDirLock(d, 'desktop');
    } catch (cause) {
      caught = cause;
    }
    expect(caught).toBeInstanceOf(DataDirLockedError);
    const locked = caught as DataDirLockedError;
    expect(locked.appError).toMatchObject({ code: 'storage_error', text: { code: 'store.dataDirInUseStale', params: { dataDir: d, owner: 'selfWeb', forMode: 'desktop', pid: process.pid } } });
    expect(locked.message).toBe(
      `Another Switchboard is using the data folder ${d} (process ${process.pid} (this one), web mode, started ${startedAt}). Only one can use a folder at a time, so that neither loses the other's changes. ` +
        `Close it first (web mode stops with Ctrl+C). If that process is not Switchboard, delete ${join(d, LOCK_FILE_NAME)} and start again.`,
    );
    expect(locked.appError.message).toBe(locked.message);
    lock.release();
  });

  it('release never removes a lock that another process took over meanwhile', () => {
    const d = dir();
    const lock = acquireDataDirLock(d, 'web');
    // Judged dead by a later starter (e.g. after a pid check raced a restart): the file is now someone else's.
    writeFileSync(join(d, LOCK_FILE_NAME), JSON.stringify({ pid: deadPid(), token: 'someone-else', hostname: hostname() }));
    lock.release();
    expect(ownerOf(d).token).toBe('someone-else');
  });

  it('an unreadable lock file is respected while it may be in the middle of being written, then taken over', () => {
    const d = dir();
    const path = join(d, LOCK_FILE_NAME);
    writeFileSync(path, '');
    expect(() => acquireDataDirLock(d, 'web')).toThrow(/a process that is starting now/);
    const old = new Date(Date.now() - 60_000);
    utimesSync(path, old, old);
    acquireDataDirLock(d, 'web').release();
  });

  it('a lock written on another machine (shared folder) is never taken over, even with a pid that is dead here', () => {
    const d = dir();
    writeFileSync(join(d, LOCK_FILE_NAME), JSON.stringify({ pid: deadPid(), token: 't', hostname: 'other-machine', mode: 'desktop', startedAt: 'x' }));
    expect(() => acquireDataDirLock(d, 'desktop')).toThrow(/on other-machine.*delete .*switchboard\.lock/);
  });
});
