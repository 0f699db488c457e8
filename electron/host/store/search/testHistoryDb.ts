/** Test helper: a real history.db in a fresh folder for each test, opened the way the host opens it (WAL, foreign keys, migrations). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach } from 'vitest';
import { silentLogger } from '../../environment.ts';
import { openHistoryDatabase } from '../database.ts';
import { ChatRepository } from '../chatRepository.ts';
import { migrate } from '../migrations.ts';

/** The current test's database, its repository and its folder (set before each test, removed after it). */
export interface TestHistory {
  dir: string;
  db: DatabaseSync;
  repo: ChatRepository;
}

/** Registers the per-test database in the calling suite; read its fields inside tests and hooks. */
export function historyDbForTests(prefix: string): TestHistory {
  const history = {} as TestHistory;
  beforeEach(() => {
    history.dir = mkdtempSync(join(tmpdir(), prefix));
    history.db = openHistoryDatabase(join(history.dir, 'history.db'), silentLogger).db;
    history.repo = new ChatRepository(history.db);
  });
  afterEach(() => {
    if (history.db.isOpen) history.db.close();
    rmSync(history.dir, { recursive: true, force: true });
  });
  return history;
}

/** A history.db at `path` written by an older schema (`version`), as an earlier release left it; close it when seeded. */
export function oldSchemaHistory(path: string, version: number): { db: DatabaseSync; repo: ChatRepository } {
  const db = new DatabaseSync(path);
  db.exec('PRAGMA foreign_keys = ON');
  migrate(db, version);
  return { db, repo: new ChatRepository(db) };
}
