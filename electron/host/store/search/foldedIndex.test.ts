import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { ChatMessage, ContentBlock } from '../../../../shared/chat.ts';
import { silentLogger } from '../../environment.ts';
import { openHistoryDatabase } from '../database.ts';
import { ChatRepository } from '../chatRepository.ts';
import { latestVersion, schemaVersion } from '../migrations.ts';
import { searchIndexState } from './historySearch.ts';
import { historyDbForTests, oldSchemaHistory } from './testHistoryDb.ts';

// A real history.db file for each test; the tests below replace it with one written by schema 7.
const history = historyDbForTests('sb-folded-');

let clock = 1000;
function message(chatId: string, text: string, blocks: ContentBlock[] = []): ChatMessage {
  clock += 1;
  return { id: `msg-${clock}`, chatId, role: 'user', blocks: [{ type: 'text', text }, ...blocks], status: 'complete', createdAt: clock, updatedAt: clock };
}
const found = (query: string) => history.repo.listChats({ query }).map((c) => c.id).sort();
const count = (db: DatabaseSync, sql: string) => Number((db.prepare(sql).get() as { n: number }).n);

/** A history written by schema 7 (the diacritic-sensitive index), indexed, with Vietnamese, plain and Chinese chats. */
function seedSchema7(path: string): void {
  const { db, repo } = oldSchemaHistory(path, 7);
  repo.createChat('hanoi', 'x1', 'm', 1);
  repo.createChat('street', 'x2', 'm', 2);
  repo.createChat('plain', 'x3', 'm', 3);
  repo.createChat('zh', 'x4', 'm', 4);
  for (let i = 0; i < 8; i++) repo.insertMessage(message('hanoi', `Thời tiết Hà Nội hôm nay ${i}`));
  repo.insertMessage(message('street', 'Con đường này', [{
    type: 'tool_call', id: 'toolu_1', exposedName: 'maps__find', serverId: 'maps', toolName: 'find', input: { city: 'Đà Lạt' }, status: 'done', destructive: false,
    result: { content: [{ type: 'text', text: 'Đường Trần Phú, Đà Lạt' }], isError: false },
  }]));
  for (let i = 0; i < 8; i++) repo.insertMessage(message('plain', `ha long and duong pho ${i}`));
  repo.insertMessage(message('zh', '今天天气很好'));
  db.close();
}

describe('migration 8: the history index folds diacritics', () => {
  it('rebuilds an existing index after start, keeping every message; the scan follows find\'s rule meanwhile', async () => {
    history.db.close();
    const path = join(history.dir, 'old.db');
    seedSchema7(path);
    const before = new DatabaseSync(path);
    const messages = count(before, 'SELECT count(*) AS n FROM messages');
    // The old index is diacritic-sensitive: "ha noi" finds nothing in it.
    expect(count(before, `SELECT count(*) AS n FROM history_fts WHERE history_fts MATCH '"ha noi"'`)).toBe(0);
    before.close();

    history.db = openHistoryDatabase(path, silentLogger).db;
    history.repo = new ChatRepository(history.db);
    expect(schemaVersion(history.db)).toBe(latestVersion);
    expect(count(history.db, 'SELECT count(*) AS n FROM messages')).toBe(messages);
    const state = searchIndexState(history.db);
    expect(state).toEqual({ doneThrough: 0, target: messages });
    expect(count(history.db, 'SELECT count(*) AS n FROM history_fts')).toBe(0);
    // Until the build is done the scan answers (message text and titles), by the same rule.
    expect(found('ha noi')).toEqual(['hanoi']);
    expect(found('duong')).toEqual(['plain', 'street']);
    expect(found('hà')).toEqual(['hanoi']);
    expect(found('đường')).toEqual(['street']);

    await history.repo.buildSearchIndex({ batchSize: 5 });
    expect(searchIndexState(history.db)).toEqual({ doneThrough: messages, target: messages });
    expect(count(history.db, 'SELECT count(*) AS n FROM history_fts')).toBe(messages);
    expect(found('ha noi')).toEqual(['hanoi']);
    expect(found('duong')).toEqual(['plain', 'street']);
    expect(found('hà')).toEqual(['hanoi']);
    expect(found('đường')).toEqual(['street']);
    // Only the index covers tool calls.
    expect(found('tran phu')).toEqual(['street']);
    expect(found('da lat')).toEqual(['street']);
    expect(found('天气')).toEqual(['zh']);
    // New messages are indexed with the folding too.
    history.repo.insertMessage(message('zh', 'Đà Nẵng'));
    expect(found('da nang')).toEqual(['zh']);
    history.db.close();
    // Reopened: nothing left to rebuild.
    history.db = openHistoryDatabase(path, silentLogger).db;
    expect(searchIndexState(history.db)).toEqual({ doneThrough: messages, target: messages });
  });

  it('a migration that fails keeps the old index, its state and every message', () => {
    history.db.close();
    const path = join(history.dir, 'old.db');
    seedSchema7(path);
    // The disk fails as the new index is created, after the old one was dropped in the same transaction.
    const failing = (p: string) => {
      const db = new DatabaseSync(p);
      const exec = db.exec.bind(db);
      db.exec = (sql: string) => {
        if (sql.includes('remove_diacritics')) throw new Error('disk I/O error');
        exec(sql);
      };
      return db;
    };
    expect(() => openHistoryDatabase(path, silentLogger, failing)).toThrow(/disk I\/O error/);
    const kept = new DatabaseSync(path);
    expect(schemaVersion(kept)).toBe(7);
    expect(count(kept, 'SELECT count(*) AS n FROM messages')).toBe(18);
    expect(count(kept, `SELECT count(*) AS n FROM history_fts WHERE history_fts MATCH '"hà nội"'`)).toBe(8);
    expect(searchIndexState(kept)).toEqual({ doneThrough: 0, target: 0 });
    kept.close();
    // The next start migrates it.
    history.db = openHistoryDatabase(path, silentLogger).db;
    expect(schemaVersion(history.db)).toBe(latestVersion);
  });
});
