import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { ChatMessage } from '../../../shared/chat.ts';
import { silentLogger } from '../environment.ts';
import { ChatRepository } from './chatRepository.ts';
import { oldSchemaHistory } from './search/testHistoryDb.ts';
import { deleteMessage, switchBranch } from './branchEdits.ts';
import { openHistoryDatabase } from './database.ts';
import { latestVersion, schemaVersion } from './migrations.ts';
import { memoryHistory } from './memoryHistory.test-support.ts';

let db: DatabaseSync;
let repo: ChatRepository;
beforeEach(() => {
  ({ db, repo } = memoryHistory());
  repo.createChat('c', 'Chat', 'm', 1);
});
afterEach(() => db.close());

let clock = 1000;
function add(role: 'user' | 'assistant', text: string, parentId?: string | null, extra: Partial<ChatMessage> = {}): ChatMessage {
  clock += 1;
  const message: ChatMessage = { id: text, chatId: 'c', role, blocks: [{ type: 'text', text }], status: 'complete', createdAt: clock, updatedAt: clock, ...extra };
  repo.insertMessage(message, parentId);
  return message;
}
const shown = (): string[] => repo.pageMessages('c', 100).messages.map((m) => m.id);

describe('branch tree', () => {
  it('an edit is a new version beside the original: the chat shows it and continues from it', () => {
    add('user', 'q1');
    add('assistant', 'a1');
    add('user', 'q2');
    add('assistant', 'a2');
    const edit = add('user', 'q2-edited', 'a1');
    expect(edit.parentId).toBe('a1');
    expect(edit.siblings).toEqual(['q2', 'q2-edited']);
    expect(shown()).toEqual(['q1', 'a1', 'q2-edited']);
    add('assistant', 'a2-new');
    expect(shown()).toEqual(['q1', 'a1', 'q2-edited', 'a2-new']);
    const page = repo.pageMessages('c', 100).messages;
    expect(page.find((m) => m.id === 'q2-edited')?.siblings).toEqual(['q2', 'q2-edited']);
    expect(page.find((m) => m.id === 'a1')?.siblings).toBeUndefined();
    expect(repo.pathLength('c')).toBe(4);
    expect(repo.getChat('c')?.messageCount).toBe(6);
    // A run's history tail: the same branch and messages, without the versions (never sent in a request).
    const tail = repo.pageMessages('c', 100, undefined, false).messages;
    expect(tail.map((m) => m.id)).toEqual(['q1', 'a1', 'q2-edited', 'a2-new']);
    expect(tail.find((m) => m.id === 'q2-edited')?.siblings).toBeUndefined();
    expect(tail.map(({ siblings: _s, ...m }) => m)).toEqual(page.map(({ siblings: _s, ...m }) => m));
  });

  it('switching shows the newest continuation of the version chosen, and a send continues that branch', () => {
    add('user', 'q1');
    add('assistant', 'a1');
    add('assistant', 'a1-again', 'q1');
    add('user', 'q2');
    expect(shown()).toEqual(['q1', 'a1-again', 'q2']);
    expect(switchBranch(repo, 'c', 'a1')).toBe(true);
    expect(shown()).toEqual(['q1', 'a1']);
    add('user', 'q2-on-first');
    expect(shown()).toEqual(['q1', 'a1', 'q2-on-first']);
    expect(switchBranch(repo, 'c', 'a1-again')).toBe(true);
    expect(shown()).toEqual(['q1', 'a1-again', 'q2']);
    expect(switchBranch(repo, 'c', 'nope')).toBe(false);
  });

  it('first messages can have versions too', () => {
    add('user', 'first');
    add('assistant', 'reply');
    const other = add('user', 'first-edited', null);
    expect(other.parentId).toBeUndefined();
    expect(other.siblings).toEqual(['first', 'first-edited']);
    expect(shown()).toEqual(['first-edited']);
    switchBranch(repo, 'c', 'first');
    expect(shown()).toEqual(['first', 'reply']);
  });

  it('pages the branch shown with a cursor, never mixing in other branches', () => {
    let parent: string | undefined;
    for (let i = 0; i < 10; i++) parent = add(i % 2 === 0 ? 'user' : 'assistant', `m${i}`).id;
    add('user', 'side', 'm3');
    add('assistant', 'side-reply');
    const first = repo.pageMessages('c', 3);
    expect(first.messages.map((m) => m.id)).toEqual(['m3', 'side', 'side-reply']);
    const second = repo.pageMessages('c', 3, first.olderCursor);
    expect(second.messages.map((m) => m.id)).toEqual(['m0', 'm1', 'm2']);
    expect(second.olderCursor).toBeUndefined();
    expect(repo.allMessages('c').map((m) => m.id)).toEqual(['m0', 'm1', 'm2', 'm3', 'side', 'side-reply']);
    expect(repo.allBranchMessages('c')).toHaveLength(12);
    expect(parent).toBe('m9');
  });

  it('deleting a version deletes its branch and shows the newest remaining version', () => {
    add('user', 'q1');
    add('assistant', 'a1');
    add('user', 'q2');
    add('assistant', 'a2');
    add('user', 'q2b', 'a1');
    add('assistant', 'a2b');
    expect(deleteMessage(repo, 'c', 'q2b')).toBe(2);
    expect(shown()).toEqual(['q1', 'a1', 'q2', 'a2']);
    expect(repo.pageMessages('c', 100).messages.find((m) => m.id === 'q2')?.siblings).toBeUndefined();
    expect(repo.getChat('c')?.messageCount).toBe(4);
    expect(deleteMessage(repo, 'c', 'q1')).toBe(4);
    expect(shown()).toEqual([]);
    expect(deleteMessage(repo, 'c', 'q1')).toBe(0);
  });

  it('deleting a failed message removes it and its failed reply only; what was sent after it stays', () => {
    add('user', 'q1');
    add('assistant', 'a1');
    add('user', 'rate limit please');
    add('assistant', 'failed', undefined, { status: 'error', blocks: [], error: { code: 'api_rate_limited', message: '429' } });
    add('user', 'essay');
    add('assistant', 'essay-reply');
    expect(deleteMessage(repo, 'c', 'rate limit please')).toBe(2);
    expect(shown()).toEqual(['q1', 'a1', 'essay', 'essay-reply']);
    expect(repo.pathLength('c')).toBe(4);
  });

  it('a deleted branch takes its tool calls and its search entries along', () => {
    add('user', 'q1');
    add('assistant', 'a1', undefined, {
      blocks: [{ type: 'tool_call', id: 't1', exposedName: 's__t', serverId: 's', toolName: 't', input: { x: 'zebra' }, status: 'done', destructive: false }],
    });
    expect(repo.listChats({ query: 'zebra' }).map((c) => c.id)).toEqual(['c']);
    deleteMessage(repo, 'c', 'a1');
    expect(db.prepare('SELECT count(*) AS n FROM tool_calls').get()).toEqual({ n: 0 });
    expect(repo.listChats({ query: 'zebra' })).toEqual([]);
  });

  it('search finds text on every branch, not only the one shown', () => {
    add('user', 'about giraffes');
    add('user', 'about penguins', null);
    expect(shown()).toEqual(['about penguins']);
    expect(repo.listChats({ query: 'giraffes' }).map((c) => c.id)).toEqual(['c']);
  });
});

describe('migration 4 (branches) of an existing history', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sb-branches-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('turns each chat written by the old schema into one branch, shown whole, and keeps it writable', () => {
    const path = join(dir, 'history.db');
    const { db: old, repo: before } = oldSchemaHistory(path, 3);
    before.createChat('x', 'X', 'm', 1);
    before.createChat('y', 'Y', 'm', 1);
    before.createChat('empty', 'Empty', 'm', 1);
    for (let i = 0; i < 6; i++) {
      before.insertMessage({ id: `x${i}`, chatId: 'x', role: i % 2 === 0 ? 'user' : 'assistant', blocks: [{ type: 'text', text: `x ${i}` }], status: 'complete', createdAt: 10 + i, updatedAt: 10 + i });
      before.insertMessage({ id: `y${i}`, chatId: 'y', role: i % 2 === 0 ? 'user' : 'assistant', blocks: [{ type: 'text', text: `y ${i}` }], status: 'complete', createdAt: 10 + i, updatedAt: 10 + i });
    }
    expect(schemaVersion(old)).toBe(3);
    old.close();

    const { db: opened } = openHistoryDatabase(path, silentLogger);
    try {
      expect(schemaVersion(opened)).toBe(latestVersion);
      const after = new ChatRepository(opened);
      expect(after.pageMessages('x', 100).messages.map((m) => m.id)).toEqual(['x0', 'x1', 'x2', 'x3', 'x4', 'x5']);
      expect(after.pageMessages('x', 100).messages.map((m) => m.parentId ?? null)).toEqual([null, 'x0', 'x1', 'x2', 'x3', 'x4']);
      expect(after.pageMessages('y', 2).messages.map((m) => m.id)).toEqual(['y4', 'y5']);
      expect(after.pathLength('x')).toBe(6);
      expect(after.pageMessages('empty', 10).messages).toEqual([]);
      // A regenerated last reply of a migrated chat is a version beside it.
      after.tree.setLeaf('x', 'x4');
      const again: ChatMessage = { id: 'x5b', chatId: 'x', role: 'assistant', blocks: [{ type: 'text', text: 'again' }], status: 'complete', createdAt: 30, updatedAt: 30 };
      after.insertMessage(again);
      expect(again.siblings).toEqual(['x5', 'x5b']);
      expect(after.pageMessages('x', 3).messages.map((m) => m.id)).toEqual(['x3', 'x4', 'x5b']);
    } finally {
      opened.close();
    }
  });
});
