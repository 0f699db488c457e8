import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { ChatMessage, ContentBlock, ToolCallBlock } from '../../../../shared/chat.ts';
import { silentLogger } from '../../environment.ts';
import { openHistoryDatabase } from '../database.ts';
import { ChatRepository } from '../chatRepository.ts';
import { searchIndexState } from './historySearch.ts';
import { historyDbForTests, oldSchemaHistory } from './testHistoryDb.ts';

// A real history.db file for each test, opened the way the host opens it.
const history = historyDbForTests('sb-search-');

let clock = 1000;
function message(chatId: string, text: string, blocks: ContentBlock[] = []): ChatMessage {
  clock += 1;
  return { id: `msg-${clock}`, chatId, role: 'user', blocks: [{ type: 'text', text }, ...blocks], status: 'complete', createdAt: clock, updatedAt: clock };
}
function toolCall(input: unknown, resultText: string): ToolCallBlock {
  return {
    type: 'tool_call', id: `toolu_${clock}`, exposedName: 'fs__read_file', serverId: 'fs', toolName: 'read_file', input, status: 'done', destructive: false,
    result: { content: [{ type: 'text', text: resultText }], isError: false },
  };
}
const found = (query: string) => history.repo.listChats({ query }).map((c) => c.id);

describe('history search (FTS5 trigram)', () => {
  it('is ready at once on a new history, and indexes messages as they are inserted, edited and deleted', () => {
    expect(searchIndexState(history.db)).toEqual({ doneThrough: 0, target: 0 });
    history.repo.createChat('a', 'First', 'm', 1);
    const m = message('a', 'the quokka is a small marsupial');
    history.repo.insertMessage(m);
    expect(found('quokka')).toEqual(['a']);
    m.blocks = [{ type: 'text', text: 'the wombat digs burrows' }];
    history.repo.saveMessage(m);
    expect(found('quokka')).toEqual([]);
    expect(found('WOMBAT')).toEqual(['a']);
    history.db.prepare('DELETE FROM messages WHERE id = ?').run(m.id);
    expect(found('wombat')).toEqual([]);
  });

  it('forgets every message of a deleted chat', () => {
    history.repo.createChat('a', 'A', 'm', 1);
    history.repo.createChat('b', 'B', 'm', 2);
    history.repo.insertMessage(message('a', 'shared platypus facts'));
    history.repo.insertMessage(message('b', 'more platypus facts'));
    expect(found('platypus').sort()).toEqual(['a', 'b']);
    history.repo.deleteChat('a');
    expect(found('platypus')).toEqual(['b']);
    expect(history.db.prepare("SELECT count(*) AS n FROM history_fts WHERE history_fts MATCH '\"platypus\"'").get()).toEqual({ n: 1 });
  });

  it('finds Chinese and Vietnamese substrings, case-folded, with the diacritics as typed', () => {
    history.repo.createChat('zh', 'Chinese', 'm', 1);
    history.repo.createChat('vi', 'Vietnamese', 'm', 2);
    history.repo.insertMessage(message('zh', '明天北京的天气怎么样？我想去爬长城'));
    history.repo.insertMessage(message('vi', 'Thời tiết Hà Nội hôm nay thế nào? Tôi muốn đi dạo quanh Hồ Gươm'));
    expect(found('北京的天气')).toEqual(['zh']);
    expect(found('爬长城')).toEqual(['zh']);
    expect(found('thời tiết')).toEqual(['vi']);
    expect(found('HỒ GƯƠM')).toEqual(['vi']);
    expect(found('dạo quanh')).toEqual(['vi']);
    // As in-chat find: typed without its tones, Vietnamese still matches; typed with other tones, it does not.
    expect(found('tiet')).toEqual(['vi']);
    expect(found('tiệt')).toEqual([]);
  });

  it('follows in-chat find: a query typed without diacritics finds them (đ too), one typed with them only them', () => {
    history.repo.createChat('hanoi', 'x1', 'm', 1);
    history.repo.createChat('street', 'x2', 'm', 2);
    history.repo.createChat('plain', 'x3', 'm', 3);
    history.repo.createChat('zh', 'x4', 'm', 4);
    history.repo.insertMessage(message('hanoi', 'Thời tiết Hà Nội hôm nay thế nào?'));
    history.repo.insertMessage(message('street', 'Con ĐƯỜNG này dài lắm'));
    history.repo.insertMessage(message('plain', 'ha long bay and duong pho, typed without tones'));
    history.repo.insertMessage(message('zh', '明天北京的天气怎么样'));
    expect(found('ha noi')).toEqual(['hanoi']);
    expect(found('HA NOI')).toEqual(['hanoi']);
    expect(found('duong').sort()).toEqual(['plain', 'street']);
    expect(found('đường')).toEqual(['street']);
    expect(found('Đường')).toEqual(['street']);
    // 2-character terms, through the folded trigrams.
    expect(found('ha').sort()).toEqual(['hanoi', 'plain']);
    expect(found('hà')).toEqual(['hanoi']);
    expect(found('HÀ')).toEqual(['hanoi']);
    expect(found('du').sort()).toEqual(['plain', 'street']);
    expect(found('đư')).toEqual(['street']);
    // A query with diacritics is matched as typed in every term: "noi" is not "Nội" there.
    expect(found('hà noi')).toEqual([]);
    expect(found('hà nội')).toEqual(['hanoi']);
    expect(found('天气')).toEqual(['zh']);
    expect(found('北京的天气')).toEqual(['zh']);
  });

  it('checks a query with diacritics in tool calls too, and pages through the chats that pass', () => {
    for (let i = 0; i < 6; i++) history.repo.createChat(`c${i}`, `x${i}`, 'm', i);
    // Most candidates do not pass: only two chats contain "Đà Lạt" as typed, one only in a tool result, so a page
    // of one chat at offset 1 needs more candidates than its first look.
    history.repo.insertMessage(message('c0', 'looking', [toolCall({ city: 'Đà Lạt' }, 'cool and misty')]));
    history.repo.insertMessage(message('c1', 'Đà Lạt in spring'));
    for (let i = 2; i < 6; i++) history.repo.insertMessage(message(`c${i}`, `da lat, typed plainly ${i}`));
    expect(found('da lat').sort()).toEqual(['c0', 'c1', 'c2', 'c3', 'c4', 'c5']);
    expect(found('Đà Lạt')).toEqual(['c1', 'c0']);
    expect(history.repo.listChats({ query: 'đà lạt', limit: 1 }).map((c) => c.id)).toEqual(['c1']);
    expect(history.repo.listChats({ query: 'đà lạt', limit: 1, offset: 1 }).map((c) => c.id)).toEqual(['c0']);
    expect(history.repo.listChats({ query: 'đà lạt', limit: 1, offset: 2 }).map((c) => c.id)).toEqual([]);
  });

  it('checks the text and the tool calls of a message together, when the terms are split between them', () => {
    for (const id of ['split', 'textOnly', 'elsewhere']) history.repo.createChat(id, id, 'm', 1);
    // "hà" in the text and "đường" only in the tool call's result: the message holds the query.
    history.repo.insertMessage(message('split', 'Hà Nội', [toolCall({ q: 'streets' }, 'phố và đường')]));
    // The letter in the text but not the query, and a tool call without either: read and refused.
    history.repo.insertMessage(message('textOnly', 'Hà Giang', [toolCall({ q: 'roads' }, 'plain')]));
    // Both terms, but in two messages: not one message that holds the query.
    history.repo.insertMessage(message('elsewhere', 'Hà Tĩnh'));
    history.repo.insertMessage(message('elsewhere', 'một con đường'));
    expect(found('hà đường')).toEqual(['split']);
    expect(found('ha duong').sort()).toEqual(['split']);
  });

  it('matches titles by the same rule, title matches first', () => {
    history.repo.createChat('accented', 'Đi Hà Nội', 'm', 1);
    history.repo.createChat('plain', 'Ha Noi notes', 'm', 2);
    history.repo.createChat('body', 'Other', 'm', 3);
    history.repo.insertMessage(message('body', 'we went to hà nội'));
    expect(found('ha noi')).toEqual(['plain', 'accented', 'body']);
    expect(found('hà nội')).toEqual(['accented', 'body']);
    expect(found('di ha')).toEqual(['accented']);
  });

  it('answers 2-character terms through the index, at the start, middle and end of a message', () => {
    history.repo.createChat('zh', 'Chinese', 'm', 1);
    history.repo.createChat('vi', 'Vietnamese', 'm', 2);
    history.repo.createChat('other', 'Other', 'm', 3);
    history.repo.insertMessage(message('zh', '今天天气'));
    history.repo.insertMessage(message('vi', 'đi Hà Nội'));
    history.repo.insertMessage(message('other', '天空 and nothing else'));
    expect(found('天气')).toEqual(['zh']);
    expect(found('今天')).toEqual(['zh']);
    expect(found('Hà')).toEqual(['vi']);
    expect(found('hà nội')).toEqual(['vi']);
    expect(found('ội')).toEqual(['vi']);
    expect(found('气候')).toEqual([]);
    // A single character cannot use a trigram index: the scan still answers it.
    expect(found('天').sort()).toEqual(['other', 'zh']);
  });

  it('matches tool call arguments, results and tool names', () => {
    history.repo.createChat('a', 'Files', 'm', 1);
    history.repo.createChat('b', 'Other', 'm', 2);
    const m = message('a', 'let me look', [toolCall({ path: '/home/ana/notes/budget-2027.md' }, 'Rent: 1200 EUR, groceries: 400 EUR')]);
    history.repo.insertMessage(m);
    history.repo.insertMessage(message('b', 'nothing about files'));
    expect(found('budget-2027')).toEqual(['a']);
    expect(found('groceries')).toEqual(['a']);
    expect(found('read_file')).toEqual(['a']);
    // A result arriving later (the call was saved running) is indexed when it is saved.
    const call = m.blocks[1] as ToolCallBlock;
    call.result = { content: [{ type: 'text', text: 'Electricity: 90 EUR' }], isError: false };
    history.repo.saveMessage(m);
    expect(found('electricity')).toEqual(['a']);
    expect(found('groceries')).toEqual([]);
  });

  it('requires every term in one message and ranks title matches first, then better matches', () => {
    history.repo.createChat('weak', 'Misc', 'm', 1);
    history.repo.createChat('strong', 'Misc', 'm', 2);
    history.repo.createChat('title', 'Kangaroo trip', 'm', 0);
    history.repo.insertMessage(message('weak', `kangaroo ${'filler words about many other things '.repeat(30)} jumping`));
    history.repo.insertMessage(message('strong', 'kangaroo jumping kangaroo jumping'));
    history.repo.insertMessage(message('strong', 'kangaroo alone'));
    expect(found('kangaroo jumping')).toEqual(['strong', 'weak']);
    expect(found('kangaroo')).toEqual(['title', 'strong', 'weak']);
    expect(history.repo.listChats({ query: 'kangaroo', offset: 1, limit: 1 }).map((c) => c.id)).toEqual(['strong']);
  });

  it('treats FTS syntax in the query as text', () => {
    history.repo.createChat('a', 'A', 'm', 1);
    history.repo.insertMessage(message('a', 'say "hello" AND NOT goodbye* (x:1)'));
    expect(found('"hello" AND')).toEqual(['a']);
    expect(found('goodbye* (x:1)')).toEqual(['a']);
    expect(found('NOT')).toEqual(['a']);
  });
});

describe('migration of an existing history to the search index', () => {
  it('scans while old messages are indexed in batches after start, then finds them through the index', async () => {
    history.db.close();
    const path = join(history.dir, 'old.db');
    const { db: old, repo: before } = oldSchemaHistory(path, 2);
    before.createChat('old', 'Old chat', 'm', 1);
    for (let i = 0; i < 25; i++) before.insertMessage(message('old', `message ${i} about 北京天气 and Hồ Gươm`, i === 3 ? [toolCall({ city: 'Đà Lạt' }, 'cool and misty')] : []));
    old.close();

    history.db = openHistoryDatabase(path, silentLogger).db;
    history.repo = new ChatRepository(history.db);
    expect(searchIndexState(history.db)).toMatchObject({ doneThrough: 0 });
    // Before the build, the old scan answers (message text only, as before the index).
    expect(found('北京天气')).toEqual(['old']);
    // A message edited or added before the build is indexed by the triggers and again by the build, without conflict.
    const edited = history.repo.allMessages('old')[5];
    if (!edited) throw new Error('seed missing');
    edited.blocks = [{ type: 'text', text: 'edited before the build: emu' }];
    history.repo.saveMessage(edited);
    history.repo.insertMessage(message('old', 'added before the build: koala'));

    const progress: number[] = [];
    await history.repo.buildSearchIndex({ batchSize: 10, onProgress: (p) => progress.push(p.doneThrough) });
    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect(searchIndexState(history.db)).toEqual({ doneThrough: 25, target: 25 });
    expect(found('北京天气')).toEqual(['old']);
    expect(found('hồ gươm')).toEqual(['old']);
    expect(found('天气')).toEqual(['old']);
    expect(found('Đà Lạt')).toEqual(['old']);
    expect(found('misty')).toEqual(['old']);
    expect(found('emu')).toEqual(['old']);
    expect(found('koala')).toEqual(['old']);
    expect(history.db.prepare("SELECT count(*) AS n FROM history_fts WHERE history_fts MATCH '\"message\"'").get()).toEqual({ n: 24 });
  });
});

describe('history search of a common term', () => {
  it('orders chats by their newest match once too many messages match to rank them all', () => {
    history.repo.createChat('older', 'Older', 'm', 1);
    history.repo.createChat('newer', 'Newer', 'm', 2);
    history.repo.createChat('rare', 'Rare', 'm', 3);
    // The older chat matches best (the term twice in short messages) but its matches are older.
    history.repo.insertMessage(message('rare', 'a walrus, once'));
    for (let i = 0; i < 300; i++) history.repo.insertMessage(message('older', 'walrus walrus'));
    for (let i = 0; i < 300; i++) history.repo.insertMessage(message('newer', `a long message that mentions a walrus only once among many other words ${i}`));
    expect(found('walrus')).toEqual(['newer', 'older', 'rare']);
    expect(history.repo.listChats({ query: 'walrus', limit: 1, offset: 1 }).map((c) => c.id)).toEqual(['older']);
  });

  it('checks a query with diacritics against the newest matches too, past many that only fold to it', () => {
    history.repo.createChat('accented', 'x1', 'm', 1);
    history.repo.createChat('plain', 'x2', 'm', 2);
    history.repo.insertMessage(message('accented', 'nhà ở Hà Nội'));
    for (let i = 0; i < 600; i++) history.repo.insertMessage(message('plain', `the hat has a handle ${i}`));
    expect(found('ha')).toEqual(['plain', 'accented']);
    expect(found('hà')).toEqual(['accented']);
    expect(found('hà nội')).toEqual(['accented']);
  });
});
