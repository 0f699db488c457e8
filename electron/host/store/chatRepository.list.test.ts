/**
 * The chat list's first page is kept between reads (chatListCache.ts): after any write, listChats must return exactly
 * what a fresh read of the table returns (order, titles, counts, update times, scopes), and read only what changed.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseSync } from 'node:sqlite';
import type { ChatMessage, ChatSummary } from '../../../shared/chat.ts';
import type { ChatRepository } from './chatRepository.ts';
import { memoryHistory } from './memoryHistory.test-support.ts';

let db: DatabaseSync;
let repo: ChatRepository;
beforeEach(() => {
  ({ db, repo } = memoryHistory());
});
afterEach(() => db.close());

// The list as stored, read past the repository.
function stored(limit: number): ChatSummary[] {
  const rows = db.prepare('SELECT id FROM chats ORDER BY updated_at DESC, id LIMIT ?').all(limit) as { id: string }[];
  return rows.map((row) => {
    const chat = repo.getChat(row.id);
    if (!chat) throw new Error(`chat ${row.id} vanished`);
    return chat;
  });
}

let clock = 1_000;
function message(chatId: string, text: string, at: number, extra: Partial<ChatMessage> = {}): ChatMessage {
  clock += 1;
  return { id: `msg-${clock}`, chatId, role: 'user', blocks: [{ type: 'text', text }], status: 'complete', createdAt: at, updatedAt: at, ...extra };
}

// Counts runs of the list's page statement (every StatementSync shares one prototype); restored after each test.
const restores: (() => void)[] = [];
afterEach(() => {
  for (const restore of restores.splice(0)) restore();
});
function countPageReads(): () => number {
  let reads = 0;
  const proto = Object.getPrototypeOf(db.prepare('SELECT 1')) as { all: (this: { sourceSQL: string }, ...args: unknown[]) => unknown[] };
  const all = proto.all;
  proto.all = function (...args) {
    if (this.sourceSQL.includes('FROM chats ORDER BY updated_at DESC, id LIMIT ? OFFSET ?')) reads += 1;
    return all.apply(this, args);
  };
  restores.push(() => (proto.all = all));
  return () => reads;
}

describe('chat list first page', () => {
  it('equals the stored list after each kind of write, on a full page and on a short one', () => {
    for (let i = 0; i < 8; i++) repo.createChat(`c${i}`, `Chat ${i}`, 'm', 100 + i);
    for (const limit of [5, 20]) {
      const check = () => expect(repo.listChats({ limit })).toEqual(stored(limit));
      check();
      // Sent to: moves to the top with its count.
      repo.insertMessage(message('c0', 'hello', 500 + limit));
      check();
      repo.setAutoTitle('c0', 'Hello there');
      check();
      repo.renameChat('c3', 'Renamed', 510 + limit);
      check();
      repo.setChatModel('c1', 'other-model');
      repo.setToolScope('c2', { excludedServers: ['s'], excludedTools: [] });
      check();
      // An answer's final save bumps the update time and count, a streaming one does not.
      const answer = message('c7', 'streaming', 520 + limit, { status: 'streaming' });
      repo.insertMessage(answer);
      check();
      repo.saveMessage({ ...answer, status: 'complete', updatedAt: 530 + limit });
      check();
      // A new chat, then a chat deleted from the page, then one below it.
      repo.createChat(`n${limit}`, 'New', 'm', 540 + limit);
      check();
      repo.deleteChat('c0');
      check();
      repo.deleteChat('c4');
      check();
      repo.createChat('c0', 'Back', 'm', 1);
      repo.createChat('c4', 'Back again', 'm', 2);
      check();
    }
  });

  it('puts chats updated in the same millisecond in id order, as SQLite does', () => {
    for (const id of ['b', 'd', 'a', 'c']) repo.createChat(id, id, 'm', 100);
    expect(repo.listChats({ limit: 3 }).map((c) => c.id)).toEqual(['a', 'b', 'c']);
    repo.renameChat('d', 'D', 100);
    repo.renameChat('a', 'A', 50);
    expect(repo.listChats({ limit: 3 })).toEqual(stored(3));
    expect(repo.listChats({ limit: 3 }).map((c) => c.id)).toEqual(['b', 'c', 'd']);
    // A chat created in that millisecond goes between them by id.
    repo.createChat('bb', 'BB', 'm', 100);
    expect(repo.listChats({ limit: 3 }).map((c) => c.id)).toEqual(['b', 'bb', 'c']);
    expect(repo.listChats({ limit: 3 })).toEqual(stored(3));
  });

  it('follows a chat that leaves a full page, and a rolled-back write', () => {
    for (let i = 0; i < 4; i++) repo.createChat(`c${i}`, `Chat ${i}`, 'm', 100 + i);
    expect(repo.listChats({ limit: 3 })).toEqual(stored(3));
    // The top chat renamed to an older time leaves the page; the fourth chat, never read, takes its place.
    repo.renameChat('c3', 'Old now', 10);
    expect(repo.listChats({ limit: 3 })).toEqual(stored(3));
    expect(() =>
      repo.inTransaction(() => {
        repo.insertMessage(message('c0', 'lost', 900));
        throw new Error('rolled back');
      }),
    ).toThrow('rolled back');
    expect(repo.listChats({ limit: 3 })).toEqual(stored(3));
    expect(repo.listChats({ limit: 3 }).map((c) => c.id)).toEqual(['c2', 'c1', 'c0']);
  });

  it('follows messages removed from a chat (its count)', () => {
    repo.createChat('a', 'A', 'm', 1);
    repo.createChat('b', 'B', 'm', 2);
    const first = message('a', 'one', 3);
    repo.insertMessage(first);
    repo.insertMessage(message('a', 'two', 4));
    expect(repo.listChats({ limit: 10 })[0]?.messageCount).toBe(2);
    repo.inTransaction(() => repo.tree.remove('a', [first.id]));
    expect(repo.listChats({ limit: 10 })).toEqual(stored(10));
  });

  it('reads the page once, then only the chats written since', () => {
    for (let i = 0; i < 6; i++) repo.createChat(`c${i}`, `Chat ${i}`, 'm', 100 + i);
    const reads = countPageReads();
    repo.listChats({ limit: 100 });
    repo.insertMessage(message('c2', 'hi', 300));
    repo.setAutoTitle('c2', 'Hi');
    const list = repo.listChats({ limit: 100 });
    expect(list).toEqual(stored(100));
    // A smaller page comes from the same read.
    expect(repo.listChats({ limit: 2 })).toEqual(stored(2));
    expect(reads()).toBe(1);
    // The caller's copies: changing one changes nothing kept.
    const first = list[0];
    if (first) first.title = 'changed by a caller';
    expect(repo.listChats({ limit: 100 })).toEqual(stored(100));
  });

  it('reads every chat for a limit below 1, as SQLite does', () => {
    for (let i = 0; i < 3; i++) repo.createChat(`c${i}`, `Chat ${i}`, 'm', 100 + i);
    repo.listChats({ limit: 2 });
    expect(repo.listChats({ limit: -1 }).map((c) => c.id)).toEqual(['c2', 'c1', 'c0']);
  });

  it('reads inside a transaction from the table and keeps nothing from it', () => {
    repo.createChat('a', 'A', 'm', 1);
    repo.listChats({ limit: 10 });
    expect(() =>
      repo.inTransaction(() => {
        repo.createChat('b', 'B', 'm', 2);
        expect(repo.listChats({ limit: 10 }).map((c) => c.id)).toEqual(['b', 'a']);
        throw new Error('rolled back');
      }),
    ).toThrow('rolled back');
    expect(repo.listChats({ limit: 10 }).map((c) => c.id)).toEqual(['a']);
  });
});
