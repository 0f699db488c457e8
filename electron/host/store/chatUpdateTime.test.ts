/**
 * When a chat's update time (its place in the list) is written (issue 12, chat unpaced eleventh look): a send moves
 * the chat up at once; a run's answers inserted and its turn ends (`deferTouch`) leave it, and the run's last save or
 * its end (`touchChat`) writes the newest time. Each write of the time also rewrites the chats_by_updated index.
 */
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../shared/chat.ts';
import { historyDbForTests } from './search/testHistoryDb.ts';

const history = historyDbForTests('sb-update-time-');

const answer = (id: string, at: number, status: ChatMessage['status'] = 'streaming'): ChatMessage =>
  ({ id, chatId: 'c1', role: 'assistant', blocks: [{ type: 'text', text: id }], status, createdAt: at, updatedAt: at });

// The chats in list order, with their update times, read from SQLite (not from the repository's kept page).
const listed = () => history.db.prepare('SELECT id, updated_at AS t FROM chats ORDER BY updated_at DESC, id').all().map((r) => `${String(r.id)}@${String(r.t)}`);

// Two chats, c1 older; c1's user sends at 10 (a send touches: it moves to the top at once).
function sent(): void {
  history.repo.createChat('c1', 'One', 'm', 1);
  history.repo.createChat('c2', 'Two', 'm', 2);
  history.repo.insertMessage({ id: 'u1', chatId: 'c1', role: 'user', blocks: [{ type: 'text', text: 'go' }], status: 'complete', createdAt: 10, updatedAt: 10 });
}

describe("a chat's update time", () => {
  it('is written by the send and the run\'s last save, not by the turns between them', () => {
    sent();
    expect(listed()).toEqual(['c1@10', 'c2@2']);
    const first = answer('a1', 11);
    history.repo.insertMessage(first, 'u1', { deferTouch: true });
    history.repo.saveMessage({ ...first, status: 'complete', updatedAt: 12 }, { deferTouch: true });
    const second = answer('a2', 13);
    history.repo.insertMessage(second, 'a1', { deferTouch: true });
    // The turns moved the leaf and the count, not the time (the list is pushed at the send and at the run's end).
    expect(history.repo.getChat('c1')).toMatchObject({ messageCount: 3, updatedAt: 10 });
    expect(history.repo.tree.leaf('c1')).toBe('a2');
    history.repo.saveMessage({ ...second, status: 'complete', updatedAt: 14 });
    expect(listed()).toEqual(['c1@14', 'c2@2']);
    // Nothing left for the run's end: no statement at all.
    const before = Number((history.db.prepare('SELECT total_changes() AS n').get() as { n: number }).n);
    history.repo.touchChat('c1');
    expect(Number((history.db.prepare('SELECT total_changes() AS n').get() as { n: number }).n)).toBe(before);
  });

  it("is written by the run's end when its last write left it out (a run stopped between turns)", () => {
    sent();
    history.repo.createChat('c3', 'Three', 'm', 12);
    const first = answer('a1', 11);
    history.repo.insertMessage(first, 'u1', { deferTouch: true });
    history.repo.saveMessage({ ...first, status: 'complete', updatedAt: 15 }, { deferTouch: true });
    expect(listed()).toEqual(['c3@12', 'c1@10', 'c2@2']);
    // The kept first page must see the change too.
    expect(history.repo.listChats({ limit: 10 }).map((c) => c.id)).toEqual(['c3', 'c1', 'c2']);
    history.repo.touchChat('c1');
    expect(listed()).toEqual(['c1@15', 'c3@12', 'c2@2']);
    expect(history.repo.listChats({ limit: 10 }).map((c) => `${c.id}@${c.updatedAt}`)).toEqual(['c1@15', 'c3@12', 'c2@2']);
  });

  it('never goes back: a last save older than a time left out writes the newer one', () => {
    sent();
    const first = answer('a1', 11);
    history.repo.insertMessage(first, 'u1', { deferTouch: true });
    history.repo.saveMessage({ ...first, status: 'complete', updatedAt: 20 }, { deferTouch: true });
    history.repo.saveMessage({ ...first, status: 'stopped', updatedAt: 18 });
    expect(history.repo.getChat('c1')?.updatedAt).toBe(20);
  });

  it('is still written by a save or an insert without deferTouch (an edit, a retry, a start closing an interrupted answer)', () => {
    sent();
    history.repo.insertMessage(answer('a1', 11));
    expect(history.repo.getChat('c1')?.updatedAt).toBe(11);
    history.repo.saveMessage(answer('a1', 12, 'error'));
    expect(history.repo.getChat('c1')?.updatedAt).toBe(12);
    // A streaming save never moves the chat (as before).
    history.repo.insertMessage(answer('a2', 13), 'u1');
    history.repo.saveMessage(answer('a2', 30));
    expect(history.repo.getChat('c1')?.updatedAt).toBe(13);
  });

  it('a run whose last save rolled back keeps the left-out time for its end', () => {
    sent();
    const first = answer('a1', 11);
    history.repo.insertMessage(first, 'u1', { deferTouch: true });
    history.repo.saveMessage({ ...first, status: 'complete', updatedAt: 12 }, { deferTouch: true });
    // The last save inside a transaction that rolls back: nothing of it stays, and the run's end still writes a time.
    expect(() => history.repo.inTransaction(() => {
      history.repo.saveMessage({ ...first, status: 'stopped', updatedAt: 13 });
      throw new Error('disk full');
    })).toThrow('disk full');
    expect(history.repo.getChat('c1')?.updatedAt).toBe(10);
    history.repo.touchChat('c1');
    expect(history.repo.getChat('c1')?.updatedAt).toBe(12);
  });
});
