/**
 * Opens history.db (node:sqlite, WAL) and brings its schema up to date. A database that cannot be read is never
 * overwritten: it is moved aside (with its -wal/-shm files) and a fresh one is started, with a notice for the user.
 */
import { DatabaseSync } from 'node:sqlite';
import { closeSync, existsSync, openSync, readSync, renameSync } from 'node:fs';
import { basename } from 'node:path';
import type { Logger } from '../environment.ts';
import { migrate } from './migrations.ts';

/** An open history database, and what the user must hear about it (when it had to be moved aside). */
export interface OpenedDatabase {
  db: DatabaseSync;
  /** Set when the previous database was unreadable and was moved aside. */
  notice?: string;
  /** Where the unreadable database now lives. */
  movedTo?: string;
}

function configure(db: DatabaseSync): void {
  db.exec('PRAGMA busy_timeout = 5000');
  // WAL + NORMAL: a process crash loses nothing committed; only an OS crash can lose the last transactions.
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
}

// Reads enough to prove the file is a healthy SQLite database; throws otherwise.
function check(db: DatabaseSync): void {
  db.prepare('SELECT count(*) FROM sqlite_master').get();
  const rows = db.prepare('PRAGMA quick_check(5)').all() as { quick_check?: string }[];
  const problems = rows.map((r) => String(r.quick_check ?? Object.values(r)[0])).filter((r) => r !== 'ok');
  if (problems.length > 0) throw new Error(`integrity check failed: ${problems.join('; ')}`);
}

const magic = 'SQLite format 3\u0000';

// A file that is not SQLite at all is moved aside before any connection touches it: closing a connection can
// checkpoint or delete a -wal file, and that WAL may hold the user's latest messages.
function assertSqliteHeader(path: string): void {
  if (!existsSync(path)) return;
  const fd = openSync(path, 'r');
  try {
    const header = Buffer.alloc(16);
    const read = readSync(fd, header, 0, 16, 0);
    if (read > 0 && header.toString('latin1', 0, read) !== magic) throw new Error('file is not a database');
  } finally {
    closeSync(fd);
  }
}

function openAndMigrate(path: string): DatabaseSync {
  assertSqliteHeader(path);
  const db = new DatabaseSync(path);
  try {
    configure(db);
    check(db);
    migrate(db);
    return db;
  } catch (cause) {
    try {
      db.close();
    } catch {
      // Already unusable; the caller moves the file aside.
    }
    throw cause;
  }
}

function stamp(): string {
  return new Date().toISOString().replace(/[:.]/g, '-');
}

/** Opens (creating if needed) the history database at `path`; moves an unreadable one aside instead of failing. */
export function openHistoryDatabase(path: string, logger: Logger): OpenedDatabase {
  try {
    return { db: openAndMigrate(path) };
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    if (!existsSync(path)) throw cause;
    const movedTo = `${path}.corrupt-${stamp()}`;
    renameSync(path, movedTo);
    for (const suffix of ['-wal', '-shm']) {
      if (existsSync(path + suffix)) renameSync(path + suffix, movedTo + suffix);
    }
    logger.error('history database unreadable; moved aside and started fresh', { path, movedTo, reason });
    const notice =
      `Your chat history could not be read (${reason}), so Switchboard started a new, empty history. ` +
      `The old file was kept, untouched, as ${basename(movedTo)} in the data folder; it can be inspected or restored with any SQLite tool.`;
    return { db: openAndMigrate(path), notice, movedTo };
  }
}
