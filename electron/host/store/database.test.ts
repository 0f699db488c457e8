import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '../environment.ts';
import { HistoryUnavailableError, isCorruption, openHistoryDatabase } from './database.ts';
import { latestVersion, schemaVersion } from './migrations.ts';

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});
function dir(): string {
  const d = mkdtempSync(join(tmpdir(), 'sb-db-'));
  dirs.push(d);
  return d;
}

// A history with one chat, closed cleanly; returns its bytes so a test can prove they were not touched.
function seed(path: string, journal: 'wal' | 'delete' = 'wal'): Buffer {
  const db = new DatabaseSync(path);
  db.exec(`PRAGMA journal_mode = ${journal}`);
  db.exec('CREATE TABLE keep (v TEXT)');
  db.prepare('INSERT INTO keep VALUES (?)').run('the user’s chats');
  db.close();
  return readFileSync(path);
}

// A real SQLITE_FULL error object ("database or disk is full"), provoked by a page limit instead of a full disk.
function captureDiskFull(): Error {
  const db = new DatabaseSync(':memory:');
  db.exec('CREATE TABLE t (v TEXT)');
  db.exec('PRAGMA max_page_count = 2');
  try {
    for (let i = 0; i < 100; i++) db.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(2000));
  } catch (cause) {
    return cause as Error;
  } finally {
    db.close();
  }
  throw new Error('SQLITE_FULL not provoked');
}

function asideFiles(d: string): string[] {
  return readdirSync(d).filter((f) => f.includes('.corrupt-'));
}

describe('history database', () => {
  it('creates a private (0600) WAL database at the latest schema, and reopens it unchanged', () => {
    const path = join(dir(), 'history.db');
    const first = openHistoryDatabase(path, silentLogger);
    expect(first.movedAside).toBeUndefined();
    expect(first.db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    expect(schemaVersion(first.db)).toBe(latestVersion);
    first.db.prepare("INSERT INTO chats (id, title, model, created_at, updated_at) VALUES ('x', 't', 'm', 1, 1)").run();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(`${path}-wal`).mode & 0o777).toBe(0o600);
    first.db.close();
    const again = openHistoryDatabase(path, silentLogger);
    expect(again.db.prepare('SELECT id FROM chats').all()).toEqual([{ id: 'x' }]);
    again.db.close();
  });

  it('moves a file that is not a database (and its -wal) aside, starts fresh, and says where it went', () => {
    const d = dir();
    const path = join(d, 'history.db');
    writeFileSync(path, 'this is not a database, but it is the user’s file'.repeat(200));
    writeFileSync(`${path}-wal`, 'wal bytes');
    const opened = openHistoryDatabase(path, silentLogger);
    expect(opened.movedAside?.reason).toMatch(/not a database/);
    const movedTo = opened.movedAside?.movedTo ?? '';
    expect(readFileSync(movedTo, 'utf8')).toContain('this is not a database');
    expect(existsSync(`${movedTo}-wal`)).toBe(true);
    expect(opened.db.prepare('SELECT count(*) AS n FROM chats').get()).toEqual({ n: 0 });
    opened.db.close();
    expect(asideFiles(d).filter((f) => !f.endsWith('-wal'))).toHaveLength(1);
  });

  it('moves aside a database whose pages SQLite reports as malformed (SQLITE_CORRUPT)', () => {
    const d = dir();
    const path = join(d, 'history.db');
    const db = new DatabaseSync(path);
    db.exec('PRAGMA journal_mode = delete; CREATE TABLE t (v TEXT)');
    for (let i = 0; i < 500; i++) db.prepare('INSERT INTO t VALUES (?)').run('y'.repeat(200));
    db.close();
    const bytes = readFileSync(path);
    bytes.fill(0x41, 4096, 4096 * 3); // pages 2-3: the table's b-tree
    writeFileSync(path, bytes);
    const opened = openHistoryDatabase(path, silentLogger);
    expect(opened.movedAside?.reason).toMatch(/malformed|integrity/);
    expect(readFileSync(opened.movedAside?.movedTo ?? '')).toEqual(bytes);
    opened.db.close();
  });

  it('an I/O failure at open (the -wal cannot be created) stops with a storage_error and moves nothing', () => {
    const d = dir();
    const path = join(d, 'history.db');
    const bytes = seed(path);
    mkdirSync(`${path}-wal`); // SQLite cannot open its WAL: "unable to open database file" (SQLITE_CANTOPEN)
    let thrown: unknown;
    try {
      openHistoryDatabase(path, silentLogger).db.close();
    } catch (cause) {
      thrown = cause;
    }
    expect(thrown).toBeInstanceOf(HistoryUnavailableError);
    expect((thrown as HistoryUnavailableError).appError).toMatchObject({ code: 'storage_error', text: { code: 'store.historyUnavailable' } });
    expect((thrown as Error).message).toMatch(/could not open your chat history.*unable to open database file.*not changed/);
    expect(readFileSync(path)).toEqual(bytes);
    expect(asideFiles(d)).toEqual([]);
  });

  it('a "disk I/O error" (the -journal cannot be written) leaves the file where it is', () => {
    const d = dir();
    const path = join(d, 'history.db');
    const bytes = seed(path, 'delete');
    mkdirSync(`${path}-journal`);
    expect(() => openHistoryDatabase(path, silentLogger)).toThrow(/disk I\/O error/);
    expect(readFileSync(path)).toEqual(bytes);
    expect(asideFiles(d)).toEqual([]);
  });

  it('"database or disk is full" at open (a real SQLITE_FULL error) leaves the file where it is', () => {
    const d = dir();
    const path = join(d, 'history.db');
    const bytes = seed(path);
    const full = captureDiskFull();
    expect(full.message).toMatch(/database or disk is full/);
    expect(isCorruption(full)).toBe(false);
    expect(() =>
      openHistoryDatabase(path, silentLogger, () => {
        throw full;
      }),
    ).toThrow(/database or disk is full \(SQLite code 13\)/);
    expect(readFileSync(path)).toEqual(bytes);
    expect(asideFiles(d)).toEqual([]);
  });

  it('a database written by a newer Switchboard is left alone: the start stops and says why', () => {
    const d = dir();
    const path = join(d, 'history.db');
    const newer = new DatabaseSync(path);
    newer.exec(`PRAGMA user_version = ${latestVersion + 5}`);
    newer.close();
    expect(() => openHistoryDatabase(path, silentLogger)).toThrow(new RegExp(`schema version ${latestVersion + 5}`));
    const kept = new DatabaseSync(path);
    expect(schemaVersion(kept)).toBe(latestVersion + 5);
    kept.close();
    expect(asideFiles(d)).toEqual([]);
  });
});
