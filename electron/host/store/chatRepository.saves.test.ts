/**
 * What a streamed answer's saves write (issue 12, bench `chat` unpaced): only the rows that changed since the last
 * committed save, the search index once when the answer ends, and the chat's tool scope read once. The answer read
 * back, searched or found is the same as when every save rewrote everything.
 */
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ToolCallBlock } from '../../../shared/chat.ts';
import { findInChat } from './search/chatFind.ts';
import { historyDbForTests } from './search/testHistoryDb.ts';
import { ChatRepository } from './chatRepository.ts';
import { openHistoryDatabase } from './database.ts';
import { silentLogger } from '../environment.ts';
import { join } from 'node:path';

const history = historyDbForTests('sb-saves-');

function call(id: string, status: ToolCallBlock['status'], extra: Partial<ToolCallBlock> = {}): ToolCallBlock {
  return { type: 'tool_call', id, exposedName: 'everything__echo', serverId: 'everything', toolName: 'echo', input: { message: id }, status, destructive: false, ...extra };
}

function streamingAnswer(): ChatMessage {
  history.repo.createChat('c1', 'Chat', 'm', 1);
  history.repo.insertMessage({ id: 'u1', chatId: 'c1', role: 'user', blocks: [{ type: 'text', text: 'echo twice' }], status: 'complete', createdAt: 2, updatedAt: 2 });
  const answer: ChatMessage = { id: 'a1', chatId: 'c1', role: 'assistant', blocks: [], status: 'streaming', createdAt: 3, updatedAt: 3 };
  history.repo.insertMessage(answer);
  return answer;
}

// Rows SQLite changed since the connection opened (triggers' changes included).
const changes = (): number => Number((history.db.prepare('SELECT total_changes() AS n').get() as { n: number }).n);
const saved = (repo: ChatRepository = history.repo) => repo.getMessage('c1', 'a1');
const searchIds = (query: string) => history.repo.listChats({ query }).map((c) => c.id);

describe('saving a streamed answer', () => {
  it('inserts an answer as one row placed under its parent, and its chat row once (leaf, count, update time)', () => {
    history.repo.createChat('c1', 'Chat', 'm', 1);
    history.repo.insertMessage({ id: 'u1', chatId: 'c1', role: 'user', blocks: [{ type: 'text', text: 'hello' }], status: 'complete', createdAt: 2, updatedAt: 2 });
    const before = changes();
    const answer: ChatMessage = { id: 'a1', chatId: 'c1', role: 'assistant', blocks: [], status: 'streaming', createdAt: 3, updatedAt: 3 };
    history.repo.insertMessage(answer);
    // The message row and the chat row: no second write of the row to place it, nor of the chat for its leaf.
    expect(changes() - before).toBe(2);
    expect(answer.parentId).toBe('u1');
    expect(history.repo.tree.node('a1')).toMatchObject({ parentId: 'u1', depth: 1 });
    expect(history.repo.tree.leaf('c1')).toBe('a1');
    expect(history.repo.getChat('c1')).toMatchObject({ messageCount: 2, updatedAt: 3 });
    expect(history.repo.pageMessages('c1', 10).messages.map((m) => m.id)).toEqual(['u1', 'a1']);
  });

  it('writes only the tool call whose status changed, and reads back whole', () => {
    const answer = streamingAnswer();
    answer.blocks = [{ type: 'text', text: 'Both.' }, call('t1', 'running'), call('t2', 'running')];
    history.repo.saveMessage({ ...answer, blocks: answer.blocks.slice() });
    const before = changes();
    answer.blocks[2] = call('t2', 'done', { result: { content: [{ type: 'text', text: 'Echo: t2' }], isError: false } });
    history.repo.saveMessage({ ...answer, blocks: answer.blocks.slice() });
    // The message row's update time and the one call: t1 and the chat row are not rewritten.
    expect(changes() - before).toBe(2);
    expect(saved()?.blocks.map((b) => (b.type === 'tool_call' ? b.status : b.type))).toEqual(['text', 'running', 'done']);
    // The answer's last save (complete) rewrites no tool call that is already stored as it is.
    history.db.exec('CREATE TEMP TABLE call_writes (id TEXT); CREATE TEMP TRIGGER count_call_writes AFTER UPDATE ON tool_calls BEGIN INSERT INTO call_writes VALUES (new.id); END;');
    answer.blocks[1] = call('t1', 'done');
    answer.status = 'complete';
    history.repo.saveMessage(answer);
    expect(history.db.prepare('SELECT id FROM call_writes').all()).toEqual([{ id: 't1' }]);
    expect(saved()).toMatchObject({ status: 'complete', blocks: [{ type: 'text' }, { id: 't1', status: 'done' }, { id: 't2', status: 'done' }] });
  });

  it('a save rolled back inside a caller transaction is written again by the next save (nothing remembered from it)', () => {
    const answer = streamingAnswer();
    answer.blocks = [call('t1', 'running')];
    history.repo.saveMessage({ ...answer, blocks: answer.blocks.slice() });
    answer.blocks = [call('t1', 'done', { result: { content: [{ type: 'text', text: 'ok' }], isError: false } })];
    expect(() =>
      history.repo.inTransaction(() => {
        history.repo.saveMessage({ ...answer, blocks: answer.blocks.slice() });
        throw new Error('the caller failed after the save');
      }),
    ).toThrow('the caller failed');
    expect(saved()?.blocks[0]).toMatchObject({ status: 'running' });
    history.repo.saveMessage({ ...answer, blocks: answer.blocks.slice() });
    expect(saved()?.blocks[0]).toMatchObject({ status: 'done', result: { content: [{ type: 'text', text: 'ok' }] } });
  });

  it('after switching databases a save writes every row again', () => {
    const answer = streamingAnswer();
    answer.blocks = [{ type: 'text', text: 'first' }, call('t1', 'running')];
    history.repo.saveMessage({ ...answer, blocks: answer.blocks.slice() });
    // Another database holding the same chat with an older state of the answer (a restored history).
    const other = openHistoryDatabase(join(history.dir, 'other.db'), silentLogger).db;
    const otherRepo = new ChatRepository(other);
    otherRepo.createChat('c1', 'Chat', 'm', 1);
    otherRepo.insertMessage({ id: 'a1', chatId: 'c1', role: 'assistant', blocks: [], status: 'streaming', createdAt: 3, updatedAt: 3 });
    history.repo.useDatabase(other);
    history.repo.saveMessage({ ...answer, blocks: answer.blocks.slice() });
    expect(saved(otherRepo)?.blocks).toMatchObject([{ type: 'text', text: 'first' }, { type: 'tool_call', id: 't1', status: 'running' }]);
    other.close();
  });

  it('in-chat find sees a streaming answer; history search finds it once it ends, tool results included', () => {
    const answer = streamingAnswer();
    answer.blocks = [{ type: 'text', text: 'partial zebra text' }, call('t1', 'running')];
    history.repo.saveMessage({ ...answer, blocks: answer.blocks.slice() });
    expect(findInChat(history.db, 'c1', 'zebra').total).toBe(1);
    expect(searchIds('zebra')).toEqual([]);
    answer.blocks[1] = call('t1', 'done', { result: { content: [{ type: 'text', text: 'okapi result' }], isError: false } });
    answer.status = 'complete';
    history.repo.saveMessage(answer);
    // Its document waits for the run's end (search/pendingIndex.ts), or for a search, which writes what waits first.
    expect(searchIds('zebra')).toEqual(['c1']);
    expect(searchIds('okapi')).toEqual(['c1']);
    // A finished answer changed later is re-indexed as before.
    answer.blocks[0] = { type: 'text', text: 'edited giraffe text' };
    history.repo.saveMessage(answer);
    expect(searchIds('giraffe')).toEqual(['c1']);
    expect(searchIds('zebra')).toEqual([]);
  });

  it('an answer left streaming (a crash) becomes searchable when it is closed at the next start', async () => {
    const answer = streamingAnswer();
    answer.blocks = [{ type: 'text', text: 'interrupted pangolin story' }];
    history.repo.saveMessage({ ...answer, blocks: answer.blocks.slice() });
    history.db.close();
    // The next start: a new connection and repository, as closeInterrupted (chatModule.ts) uses them.
    history.db = openHistoryDatabase(join(history.dir, 'history.db'), silentLogger).db;
    history.repo = new ChatRepository(history.db);
    const [left] = history.repo.interruptedMessages();
    expect(left?.id).toBe('a1');
    expect(searchIds('pangolin')).toEqual([]);
    history.repo.saveMessage({ ...left!, status: 'error' });
    // The start builds the search index right after closing such answers (chatModule.ts), which writes their documents.
    await history.repo.buildSearchIndex();
    expect(searchIds('pangolin')).toEqual(['c1']);
  });

  it("reads a chat's tool scope once and follows every change to it", () => {
    history.repo.createChat('c1', 'Chat', 'm', 1);
    expect(history.repo.toolScope('c1')).toBeUndefined();
    history.repo.setToolScope('c1', { excludedServers: ['files'], excludedTools: [] });
    expect(history.repo.toolScope('c1')).toEqual({ excludedServers: ['files'], excludedTools: [] });
    // Read from memory now: a write behind the repository's back (none exists in the app) is not seen.
    history.db.exec('UPDATE chats SET tool_scope = NULL');
    expect(history.repo.toolScope('c1')).toEqual({ excludedServers: ['files'], excludedTools: [] });
    history.repo.setToolScope('c1', { excludedServers: [], excludedTools: [{ serverId: 'everything', toolName: 'echo' }] });
    expect(history.repo.toolScope('c1')).toEqual({ excludedServers: [], excludedTools: [{ serverId: 'everything', toolName: 'echo' }] });
    history.repo.setToolScope('c1', null);
    expect(history.repo.toolScope('c1')).toBeUndefined();
    history.repo.deleteChat('c1');
    expect(history.repo.toolScope('c2')).toBeUndefined();
    history.repo.createChat('c2', 'Later', 'm', 2);
    history.repo.setToolScope('c2', { excludedServers: ['x'], excludedTools: [] });
    expect(history.repo.toolScope('c2')).toEqual({ excludedServers: ['x'], excludedTools: [] });
  });
});
