/**
 * One host per data folder: <dataDir>/switchboard.lock, created with O_EXCL and holding the owner's pid. Two hosts on
 * one folder would each save their own in-memory view and lose the other's changes. A lock whose process is gone
 * (crash, kill -9) is taken over; a live one refuses the start with a message naming the process.
 */
import { randomUUID } from 'node:crypto';
import { closeSync, linkSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { hostError, type AppError } from '../../../shared/errors.ts';
import { hostMessage } from '../../../shared/hostMessages.ts';
import { HostMessageError } from '../hostMessageError.ts';

/** File name of the lock inside the data folder. */
export const LOCK_FILE_NAME = 'switchboard.lock';

/** What the lock file says about its owner. */
export interface LockOwner {
  pid: number;
  mode: string;
  hostname: string;
  startedAt: string;
  /** Tells this holder's lock from a later one with a reused pid. */
  token: string;
}

/** A held lock; release() removes the file if it is still ours. Idempotent. */
export interface DataDirLock {
  readonly path: string;
  release(): void;
}

/** Another live process holds the data folder. */
export class DataDirLockedError extends HostMessageError {
  readonly code = 'storage_error' as const;
  readonly appError: AppError;
  readonly owner: LockOwner | undefined;
  constructor(dataDir: string, owner: LockOwner | undefined, forMode: 'desktop' | 'web') {
    // One code per variant of the holder (the window translates it); the English is the same sentence, for the log.
    const mode = owner?.mode === 'web' ? 'Web' : 'Desktop';
    const kind = !owner ? 'starting' : owner.pid === process.pid ? `self${mode}` : owner.hostname !== hostname() ? `${mode.toLowerCase()}Elsewhere` : mode.toLowerCase();
    const params = { dataDir, owner: kind, forMode, ...(owner ? { pid: owner.pid, startedAt: owner.startedAt, hostname: owner.hostname, lockFile: join(dataDir, LOCK_FILE_NAME) } : {}) };
    const text = hostMessage(owner ? 'store.dataDirInUseStale' : 'store.dataDirInUse', params);
    super(text, 'DataDirLockedError');
    this.owner = owner;
    this.appError = hostError('storage_error', text);
  }
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const v = JSON.parse(text) as Partial<LockOwner>;
    if (typeof v.pid === 'number' && typeof v.token === 'string') {
      return { pid: v.pid, token: v.token, mode: String(v.mode ?? '?'), hostname: String(v.hostname ?? '?'), startedAt: String(v.startedAt ?? '?') };
    }
  } catch {
    // Unparseable: handled by the caller.
  }
  return undefined;
}

/** True when a process with this pid exists (EPERM: it exists but belongs to someone else). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (cause) {
    return (cause as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(path: string): { text: string; owner: LockOwner | undefined; ageMs: number } | undefined {
  try {
    const text = readFileSync(path, 'utf8');
    return { text, owner: parseOwner(text), ageMs: Date.now() - statSync(path).mtimeMs };
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw cause;
  }
}

// An unparseable lock younger than this may be one being written right now.
const unparseableGraceMs = 5_000;

function isStale(found: { owner: LockOwner | undefined; ageMs: number }): boolean {
  if (!found.owner) return found.ageMs > unparseableGraceMs;
  // A pid on another machine (a shared network folder) cannot be checked: assume it lives.
  if (found.owner.hostname !== hostname()) return false;
  return !processAlive(found.owner.pid);
}

// Removes a stale lock only if it is still the one judged stale: moved to a unique name first, compared, and put
// back when another starter replaced it in between (so two starters cannot both remove each other's fresh lock).
function removeStale(path: string, staleText: string): void {
  const aside = `${path}.${process.pid}.${randomUUID().slice(0, 8)}.stale`;
  try {
    renameSync(path, aside);
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw cause;
  }
  if (readFileSync(aside, 'utf8') !== staleText) {
    try {
      linkSync(aside, path);
    } catch {
      // Someone created a newer lock meanwhile; theirs stands.
    }
  }
  unlinkSync(aside);
}

/** Takes the data folder's lock or throws DataDirLockedError naming the holder. */
export function acquireDataDirLock(dataDir: string, mode: 'desktop' | 'web'): DataDirLock {
  const path = join(dataDir, LOCK_FILE_NAME);
  const mine: LockOwner = { pid: process.pid, mode, hostname: hostname(), startedAt: new Date().toISOString(), token: randomUUID() };
  const text = `${JSON.stringify(mine)}\n`;
  for (let attempt = 0; attempt < 5; attempt++) {
    let fd: number;
    try {
      fd = openSync(path, 'wx', 0o600);
    } catch (cause) {
      if ((cause as NodeJS.ErrnoException).code !== 'EEXIST') throw cause;
      const found = readLock(path);
      if (!found) continue; // released between our open and our read
      if (!isStale(found)) throw new DataDirLockedError(dataDir, found.owner, mode);
      removeStale(path, found.text);
      continue;
    }
    try {
      writeSync(fd, text);
    } finally {
      closeSync(fd);
    }
    let released = false;
    return {
      path,
      release: () => {
        if (released) return;
        released = true;
        // Only our own lock is removed: after a takeover (we were judged dead) it belongs to someone else.
        try {
          if (readLock(path)?.owner?.token === mine.token) unlinkSync(path);
        } catch {
          // A lock left behind is recovered by the next start (its pid is then dead).
        }
      },
    };
  }
  throw new DataDirLockedError(dataDir, readLock(path)?.owner, mode);
}
