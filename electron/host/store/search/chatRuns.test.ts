import { describe, expect, it } from 'vitest';
import { transaction } from '../chatRepository.ts';
import { historyDbForTests } from './testHistoryDb.ts';
import { ChatRuns } from './chatRuns.ts';
import { likePattern } from './historySearch.ts';
import { buildMatch } from './searchQuery.ts';

// A real history.db file for each test, opened the way the host opens it.
const history = historyDbForTests('sb-runs-');

let clock = 1000;
let state = 7;
const rand = (n: number) => {
  state = (state * 1103515245 + 12345) % 2147483648;
  return Math.floor((state / 2147483648) * n);
};
function add(chatId: string, text: string): void {
  clock += 1;
  history.repo.insertMessage({ id: `m-${clock}`, chatId, role: 'user', blocks: [{ type: 'text', text }], status: 'complete', createdAt: clock, updatedAt: clock });
}
// Chats written in runs of random length, interleaved as a user switching between them would.
function seed(chats: number, messages: number, mention: (i: number) => string): void {
  for (let c = 0; c < chats; c++) history.repo.createChat(`c${c}`, c === 3 ? 'Walrus facts' : `Chat ${c}`, 'm', c);
  transaction(history.db, () => {
    let chat = 0;
    for (let i = 0; i < messages; i++) {
      if (rand(6) === 0) chat = rand(chats);
      add(`c${chat}`, mention(i));
    }
  });
}

// The search before chatRuns, verbatim: a bounded count, then BM25 or each match's chat read one by one.
function previousSearch(query: string, limit: number, offset: number): string[] {
  const terms = history.db.prepare('SELECT term FROM history_fts_terms WHERE term >= ? AND term < ? ORDER BY term');
  const match = buildMatch(query, (p) => (terms.all(p, `${p}\u{10FFFF}`) as { term: string }[]).map((r) => r.term));
  if (match === undefined) throw new Error('test queries must be answerable by the index');
  const need = offset + limit;
  const inTitle = (history.db.prepare(`SELECT id FROM chats WHERE title LIKE ? ESCAPE '\\' ORDER BY updated_at DESC, id LIMIT ?`).all(likePattern(query), need) as { id: string }[]).map((r) => r.id);
  if (match === null) return inTitle.slice(offset, need);
  const skip = new Set(inTitle);
  const count = Number((history.db.prepare('SELECT count(*) AS n FROM (SELECT 1 FROM history_fts WHERE history_fts MATCH ? ORDER BY rowid DESC LIMIT 501)').get(match) as { n: number }).n);
  let hits: string[];
  if (count <= 500) {
    const ranked = history.db.prepare('SELECT chat_id FROM history_fts WHERE history_fts MATCH ? GROUP BY chat_id ORDER BY min(rank), max(rowid) DESC').all(match) as { chat_id: string }[];
    hits = ranked.map((r) => r.chat_id).filter((id) => !skip.has(id)).slice(0, need);
  } else {
    const ids = new Set<string>();
    for (const row of history.db.prepare('SELECT chat_id FROM history_fts WHERE history_fts MATCH ? ORDER BY rowid DESC').iterate(match)) {
      const chatId = (row as { chat_id: string }).chat_id;
      if (!skip.has(chatId)) ids.add(chatId);
      if (ids.size >= need) break;
    }
    hits = [...ids];
  }
  return [...inTitle, ...hits].slice(offset, need);
}
const found = (query: string, limit: number, offset = 0) => history.repo.listChats({ query, limit, offset }).map((c) => c.id);

describe('chat runs for history search', () => {
  it('finds exactly the chats the previous search found, in the same order, for rare and common terms and any page', () => {
    // A chat whose only matches are the oldest: found only after the window of newest matches grows.
    history.repo.createChat('old', 'Old', 'm', 0);
    for (let i = 0; i < 5; i++) add('old', `an early walrus ${i}`);
    // 3,000 interleaved messages in 60 chats; "walrus" in about a third (over 500: by newest match), "narwhal" in a few (ranked).
    seed(60, 3_000, (i) => (i % 3 === 0 ? `the walrus number ${i}` : i % 97 === 0 ? `a narwhal, ${i}` : `plain text ${i}`));
    for (const query of ['walrus', 'narwhal', 'plain text', 'number 12', 'nothing alike']) {
      for (const [limit, offset] of [[200, 0], [5, 0], [10, 3], [20, 40], [1, 59], [61, 0], [1, 60]] as const) {
        expect(found(query, limit, offset), `${query} ${limit}/${offset}`).toEqual(previousSearch(query, limit, offset));
      }
    }
    expect(found('walrus', 61).at(-1)).toBe('old');
    // The title match comes first and is not listed twice.
    expect(found('walrus', 200)[0]).toBe('c3');
    expect(new Set(found('walrus', 200)).size).toBe(found('walrus', 200).length);
  });

  it('stays right as messages are written and chats deleted after the first search', () => {
    seed(10, 600, (i) => `walrus ${i}`);
    expect(found('walrus', 200)).toEqual(previousSearch('walrus', 200, 0));
    // New messages continue a run, start new ones, and revive an old chat; then a chat goes.
    add('c2', 'walrus again');
    add('c2', 'walrus again');
    add('c7', 'walrus late');
    add('c0', 'walrus last');
    expect(found('walrus', 3)).toEqual(['c3', 'c0', 'c7']);
    expect(found('walrus', 200)).toEqual(previousSearch('walrus', 200, 0));
    history.repo.deleteChat('c0');
    expect(found('walrus', 200)).toEqual(previousSearch('walrus', 200, 0));
    expect(found('walrus', 200)).not.toContain('c0');
  });

  it('answers row by row, with the same chats, while the runs of a big history are still being read', async () => {
    seed(30, 6_000, (i) => (i % 3 === 0 ? `walrus ${i}` : `plain ${i}`));
    // More than one chunk of messages not read yet: this search does not read them all first.
    expect(found('walrus', 50)).toEqual(previousSearch('walrus', 50, 0));
    await history.repo.buildSearchIndex();
    add('c5', 'walrus at last');
    expect(found('walrus', 50)).toEqual(previousSearch('walrus', 50, 0));
    expect(found('walrus', 50)[1]).toBe('c5');
  });

  it('maps every message to its chat, also across read chunks', () => {
    seed(5, 300, (i) => `message ${i}`);
    const runs = new ChatRuns(history.db, 7);
    runs.catchUp();
    const rows = history.db.prepare('SELECT seq, chat_id FROM messages ORDER BY seq').all() as { seq: number; chat_id: string }[];
    expect(rows.every((row) => runs.chatOf(row.seq) === row.chat_id)).toBe(true);
    // Newest first, distinct, in order of first appearance, without the skipped chat, up to the limit.
    const newestFirst = rows.slice().reverse();
    const expected = [...new Set(newestFirst.map((row) => row.chat_id))].filter((id) => id !== 'c1');
    expect(runs.distinctChats(newestFirst.map((row) => row.seq).join(','), new Set(['c1']), 10)).toEqual(expected);
    expect(runs.distinctChats(newestFirst.map((row) => row.seq).join(','), new Set(), 2)).toEqual(expected.length >= 2 ? [...new Set(newestFirst.map((row) => row.chat_id))].slice(0, 2) : []);
    expect(runs.distinctChats('', new Set(), 10)).toEqual([]);
  });
});
