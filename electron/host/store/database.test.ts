import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '../environment.ts';
import { openHistoryDatabase } from './database.ts';
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

describe('history database', () => {
  it('creates a WAL database at the latest schema, and reopens it unchanged', () => {
    const path = join(dir(), 'history.db');
    const first = openHistoryDatabase(path, silentLogger);
    expect(first.notice).toBeUndefined();
    expect(first.db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    expect(schemaVersion(first.db)).toBe(latestVersion);
    first.db.prepare("INSERT INTO chats (id, title, model, created_at, updated_at) VALUES ('x', 't', 'm', 1, 1)").run();
    first.db.close();
    const again = openHistoryDatabase(path, silentLogger);
    expect(again.db.prepare('SELECT id FROM chats').all()).toEqual([{ id: 'x' }]);
    again.db.close();
  });

  it('never overwrites an unreadable file: moves it (and its -wal) aside, starts fresh, and says so', () => {
    const d = dir();
    const path = join(d, 'history.db');
    writeFileSync(path, 'this is not a database, but it is the user’s file'.repeat(200));
    writeFileSync(`${path}-wal`, 'wal bytes');
    const opened = openHistoryDatabase(path, silentLogger);
    expect(opened.notice).toMatch(/could not be read.*history\.db\.corrupt-/);
    expect(opened.movedTo && readFileSync(opened.movedTo, 'utf8')).toContain('this is not a database');
    expect(existsSync(`${opened.movedTo}-wal`)).toBe(true);
    expect(opened.db.prepare('SELECT count(*) AS n FROM chats').get()).toEqual({ n: 0 });
    opened.db.close();
    expect(readdirSync(d).filter((f) => f.startsWith('history.db.corrupt-') && !f.endsWith('-wal'))).toHaveLength(1);
  });

  it('moves aside a database written by a newer Switchboard rather than touching it', () => {
    const path = join(dir(), 'history.db');
    const newer = new DatabaseSync(path);
    newer.exec(`PRAGMA user_version = ${latestVersion + 5}`);
    newer.close();
    const opened = openHistoryDatabase(path, silentLogger);
    expect(opened.notice).toContain(`schema version ${latestVersion + 5}`);
    const kept = new DatabaseSync(opened.movedTo ?? '');
    expect(schemaVersion(kept)).toBe(latestVersion + 5);
    kept.close();
    opened.db.close();
  });
});
