/** Test support: a migrated in-memory history database and its repository, as the store's unit tests use them. */
import { DatabaseSync } from 'node:sqlite';
import { ChatRepository } from './chatRepository.ts';
import { migrate } from './migrations.ts';

/** A fresh in-memory history.db at the latest schema, foreign keys on, with a repository over it. */
export function memoryHistory(): { db: DatabaseSync; repo: ChatRepository } {
  const db = new DatabaseSync(':memory:');
  db.exec('PRAGMA foreign_keys = ON');
  migrate(db);
  return { db, repo: new ChatRepository(db) };
}
