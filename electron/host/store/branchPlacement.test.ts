import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DatabaseSync, StatementSync } from 'node:sqlite';
import type { ChatMessage } from '../../../shared/chat.ts';
import { ChatRepository } from './chatRepository.ts';
import { deleteMessage } from './branchEdits.ts';
import { memoryHistory } from './memoryHistory.test-support.ts';

let db: DatabaseSync;
let repo: ChatRepository;
beforeEach(() => {
  ({ db, repo } = memoryHistory());
  repo.createChat('c', 'Chat', 'm', 1);
});
afterEach(() => {
  vi.restoreAllMocks();
  db.close();
});

let clock = 1000;
const message = (id: string, role: 'user' | 'assistant' = 'assistant'): ChatMessage => {
  clock += 1;
  return { id, chatId: 'c', role, blocks: [{ type: 'text', text: id }], status: 'complete', createdAt: clock, updatedAt: clock };
};
const depthOf = (id: string) => repo.tree.node(id)?.depth;

describe('placing a new message', () => {
  it("hangs a run's next answer under the one placed just before it without reading the tree back", () => {
    repo.insertMessage(message('q', 'user'), null);
    repo.insertMessage(message('a1'), 'q');
    const get = vi.spyOn(StatementSync.prototype, 'get');
    const all = vi.spyOn(StatementSync.prototype, 'all');
    const a2 = message('a2');
    repo.insertMessage(a2, 'a1');
    // Its parent's depth and its siblings (none: the parent was placed last) are known: no read of the parent or its children.
    expect(get).not.toHaveBeenCalled();
    expect(all).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    expect(a2.parentId).toBe('a1');
    expect(a2.siblings).toBeUndefined();
    expect(depthOf('a2')).toBe(2);
    expect(repo.pageMessages('c', 10).messages.map((m) => m.id)).toEqual(['q', 'a1', 'a2']);
  });

  it("places a new chat's first message after one read (its leaf), and a first message's new version among its versions", () => {
    const all = vi.spyOn(StatementSync.prototype, 'all');
    const first = message('q', 'user');
    repo.insertMessage(first);
    // The chat shows nothing, so no other first message exists: the chat's first messages are not read.
    expect(all).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    expect(first.parentId).toBeUndefined();
    expect(first.siblings).toBeUndefined();
    expect(depthOf('q')).toBe(0);
    expect(repo.tree.leaf('c')).toBe('q');
    // An edit of it (a first message asked for by name) is placed beside it, and both are versions.
    const edited = message('q2', 'user');
    repo.insertMessage(edited, null);
    expect(edited.siblings).toEqual(['q', 'q2']);
    // With every message deleted the chat shows nothing again, and its next message is a first one with no versions.
    deleteMessage(repo, 'c', 'q');
    deleteMessage(repo, 'c', 'q2');
    expect(repo.tree.leaf('c')).toBeUndefined();
    const again = message('q3', 'user');
    repo.insertMessage(again);
    expect(again.siblings).toBeUndefined();
    expect(repo.pageMessages('c', 10).messages.map((m) => m.id)).toEqual(['q3']);
  });

  it('reads the tree again for any other parent, after a rolled-back write and after an edit moved messages', () => {
    repo.insertMessage(message('q', 'user'), null);
    repo.insertMessage(message('a1'), 'q');
    // A second version under q: it has a sibling, which only the tree knows.
    const other = message('a1b');
    repo.insertMessage(other, 'q');
    expect(other.siblings).toEqual(['a1', 'a1b']);
    // A write that rolls back leaves nothing remembered: the next answer under it fails as before, no orphan row.
    expect(() => repo.inTransaction(() => {
      repo.insertMessage(message('lost'), 'a1b');
      throw new Error('disk full');
    })).toThrow('disk full');
    expect(() => repo.insertMessage(message('orphan'), 'lost')).toThrow('is not in chat');
    // A deleted message placed last is forgotten with it: nothing can be placed under it.
    repo.insertMessage(message('a2'), 'a1b');
    deleteMessage(repo, 'c', 'a2');
    expect(() => repo.insertMessage(message('under-deleted'), 'a2')).toThrow('is not in chat');
    // Deleting a1b and then placing under q reads the tree (a1 is still there).
    deleteMessage(repo, 'c', 'a1b');
    const third = message('a1c');
    repo.insertMessage(third, 'q');
    expect(third.siblings).toEqual(['a1', 'a1c']);
    expect(depthOf('a1c')).toBe(1);
    const next = message('a3');
    repo.insertMessage(next, 'a1c');
    expect(depthOf('a3')).toBe(2);
    expect(next.siblings).toBeUndefined();
  });
});
