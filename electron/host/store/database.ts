/**
 * Opens history.db (node:sqlite, WAL) and brings its schema up to date. Only a file SQLite reports as corrupt or as
 * not a database is moved aside (with its -wal/-shm files) for a fresh one; any other failure (disk full, I/O error,
 * no permission, a newer schema) stops with a HistoryUnavailableError and leaves every file as it was.
 */
import { DatabaseSync } from 'node:sqlite';
import { closeSync, existsSync, openSync, readSync, renameSync } from 'node:fs';
import { hostError, type AppError } from '../../../shared/errors.ts';
import { hostMessage } from '../../../shared/hostMessages.ts';
import type { Logger } from '../environment.ts';
import { migrate } from './migrations.ts';
import { offloadCheckpoints } from './checkpoint/checkpointer.ts';
import { HostMessageError } from '../hostMessageError.ts';

/** An open history database, and the file moved aside to get it (when the old one was corrupt). */
export interface OpenedDatabase {
  db: DatabaseSync;
  /** Set when the previous database was corrupt and was moved aside. */
  movedAside?: { movedTo: string; reason: string };
}

/** Opens a SQLite file; tests inject one that fails the way a real disk does. */
export type OpenSqlite = (path: string) => DatabaseSync;

/** The history exists (or may) but cannot be opened now; nothing was moved or changed. */
export class HistoryUnavailableError extends HostMessageError {
  readonly code = 'storage_error' as const;
  /** The same failure as data, for the bridge. */
  readonly appError: AppError;
  constructor(path: string, reason: string) {
    const text = hostMessage('store.historyUnavailable', { path, reason });
    super(text, 'HistoryUnavailableError');
    this.appError = hostError('storage_error', text);
  }
}

/** Raised by the checks below when the file itself is damaged: the only case that may move it aside. */
class CorruptDatabaseError extends Error {}

// SQLite primary result codes (the low byte of an extended code) that mean the file's bytes are bad, not the disk.
const SQLITE_CORRUPT = 11;
const SQLITE_NOTADB = 26;

/** True when `cause` says the database file is damaged or not a database, as opposed to an I/O or space problem. */
export function isCorruption(cause: unknown): boolean {
  if (cause instanceof CorruptDatabaseError) return true;
  if (!(cause instanceof Error) || (cause as NodeJS.ErrnoException).code !== 'ERR_SQLITE_ERROR') return false;
  const errcode = (cause as Error & { errcode?: unknown }).errcode;
  if (typeof errcode !== 'number') return false;
  const primary = errcode & 0xff;
  return primary === SQLITE_CORRUPT || primary === SQLITE_NOTADB;
}

function describe(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const errcode = (cause as Error & { errcode?: unknown }).errcode;
  const fsCode = (cause as NodeJS.ErrnoException).code;
  if (typeof errcode === 'number') return `${cause.message} (SQLite code ${errcode})`;
  return fsCode && fsCode !== 'ERR_SQLITE_ERROR' && !cause.message.includes(fsCode) ? `${cause.message} (${fsCode})` : cause.message;
}

// Runs after check(): switching to WAL writes the file header, and a damaged file is kept exactly as it was found.
function configure(db: DatabaseSync): void {
  // WAL + NORMAL: a process crash loses nothing committed; only an OS crash can lose the last transactions.
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
}

// Reads enough to prove the file is a healthy SQLite database; quick_check findings are corruption by definition.
function check(db: DatabaseSync): void {
  db.prepare('SELECT count(*) FROM sqlite_master').get();
  const rows = db.prepare('PRAGMA quick_check(5)').all() as { quick_check?: string }[];
  const problems = rows.map((r) => String(r.quick_check ?? Object.values(r)[0])).filter((r) => r !== 'ok');
  if (problems.length > 0) throw new CorruptDatabaseError(`integrity check failed: ${problems.join('; ')}`);
}

const magic = 'SQLite format 3\u0000';

// A file that is not SQLite at all is moved aside before any connection touches it: closing a connection can
// checkpoint or delete a -wal file, and that WAL may hold the user's latest messages. A read error here is I/O.
function assertSqliteHeader(path: string): void {
  if (!existsSync(path)) return;
  const fd = openSync(path, 'r');
  try {
    const header = Buffer.alloc(16);
    const read = readSync(fd, header, 0, 16, 0);
    if (read > 0 && header.toString('latin1', 0, read) !== magic) throw new CorruptDatabaseError('file is not a database');
  } finally {
    closeSync(fd);
  }
}

function openAndMigrate(path: string, open: OpenSqlite, logger?: Logger): DatabaseSync {
  // Created empty (a valid new database) and private first: SQLite gives -wal and -shm the mode of the database file.
  if (!existsSync(path)) closeSync(openSync(path, 'wx', 0o600));
  assertSqliteHeader(path);
  const db = open(path);
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    check(db);
    configure(db);
    migrate(db);
  } catch (cause) {
    try {
      db.close();
    } catch {
      // Already unusable; the caller decides what happens to the file.
    }
    throw cause;
  }
  try {
    // After the migration: the worker's connection must never see a half-built schema or hold up its transaction.
    offloadCheckpoints(db, path, logger);
  } catch (cause) {
    // Without the worker SQLite checkpoints inside commits, as it always did: slower, never less safe.
    logger?.warn('history checkpoints stay on the main thread', { path, reason: describe(cause) });
  }
  return db;
}

/** A name for a file kept aside, unique to the millisecond. */
export function asideName(path: string, label: string): string {
  return `${path}.${label}-${new Date().toISOString().replace(/[:.]/g, '-')}`;
}

/** Moves a database and its -wal/-shm companions to `to` (+ the same suffixes). */
export function moveDatabaseFiles(from: string, to: string): void {
  renameSync(from, to);
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(from + suffix)) renameSync(from + suffix, to + suffix);
  }
}

/** Opens the history database at `path` and moves nothing: any failure, corruption included, is thrown as it is. */
export function openHistoryStrict(path: string, open: OpenSqlite = (p) => new DatabaseSync(p), logger?: Logger): DatabaseSync {
  return openAndMigrate(path, open, logger);
}

/** Opens (creating if needed) the history database at `path`; moves only a corrupt one aside, throws otherwise. */
export function openHistoryDatabase(path: string, logger: Logger, open: OpenSqlite = (p) => new DatabaseSync(p)): OpenedDatabase {
  try {
    return { db: openAndMigrate(path, open, logger) };
  } catch (cause) {
    const reason = describe(cause);
    if (!isCorruption(cause) || !existsSync(path)) {
      logger.error('history database cannot be opened; left as it is', { path, reason });
      throw new HistoryUnavailableError(path, reason);
    }
    const movedTo = asideName(path, 'corrupt');
    moveDatabaseFiles(path, movedTo);
    logger.error('history database corrupt; moved aside and started fresh', { path, movedTo, reason });
    try {
      return { db: openAndMigrate(path, open, logger), movedAside: { movedTo, reason } };
    } catch (again) {
      throw new HistoryUnavailableError(path, describe(again));
    }
  }
}
