import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DatabaseSync, StatementSync } from 'node:sqlite';
import type { ChatMessage, ToolCallBlock } from '../../../shared/chat.ts';
import { ChatRepository } from './chatRepository.ts';
import { memoryHistory } from './memoryHistory.test-support.ts';

let db: DatabaseSync;
let repo: ChatRepository;
beforeEach(() => {
  ({ db, repo } = memoryHistory());
});
afterEach(() => db.close());

let clock = 1000;
function message(chatId: string, role: 'user' | 'assistant', text: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  clock += 1;
  return { id: `msg-${clock}`, chatId, role, blocks: [{ type: 'text', text }], status: 'complete', createdAt: clock, updatedAt: clock, ...extra };
}

describe('chat repository', () => {
  it('lists most recently updated first, paged, with message counts', () => {
    repo.createChat('a', 'Alpha', 'm', 1);
    repo.createChat('b', 'Beta', 'm', 2);
    repo.createChat('c', 'Gamma', 'm', 3);
    repo.insertMessage(message('a', 'user', 'hello'));
    expect(repo.listChats().map((c) => c.id)).toEqual(['a', 'c', 'b']);
    expect(repo.listChats({ offset: 1, limit: 1 }).map((c) => c.id)).toEqual(['c']);
    expect(repo.getChat('a')?.messageCount).toBe(1);
  });

  it('searches titles and message text, case-insensitively, treating % and _ literally', () => {
    repo.createChat('a', 'Trip planning', 'm', 1);
    repo.createChat('b', 'Other', 'm', 2);
    repo.insertMessage(message('b', 'user', 'What is 100% of the BUDGET_total?'));
    expect(repo.listChats({ query: 'trip' }).map((c) => c.id)).toEqual(['a']);
    expect(repo.listChats({ query: 'budget_TOTAL' }).map((c) => c.id)).toEqual(['b']);
    expect(repo.listChats({ query: '100%' }).map((c) => c.id)).toEqual(['b']);
    expect(repo.listChats({ query: '1_0' })).toEqual([]);
  });

  it('pages messages from the latest, oldest first within a page, with a cursor for older ones', () => {
    repo.createChat('a', 'A', 'm', 1);
    for (let i = 0; i < 7; i++) repo.insertMessage(message('a', i % 2 === 0 ? 'user' : 'assistant', `n${i}`));
    const first = repo.pageMessages('a', 3);
    expect(first.messages.map((m) => (m.blocks[0]?.type === 'text' ? m.blocks[0].text : ''))).toEqual(['n4', 'n5', 'n6']);
    const second = repo.pageMessages('a', 3, first.olderCursor);
    expect(second.messages.map((m) => (m.blocks[0]?.type === 'text' ? m.blocks[0].text : ''))).toEqual(['n1', 'n2', 'n3']);
    const last = repo.pageMessages('a', 3, second.olderCursor);
    expect(last.messages).toHaveLength(1);
    expect(last.olderCursor).toBeUndefined();
  });

  it('stores tool calls in their own table and puts them back in place, with usage and errors', () => {
    repo.createChat('a', 'A', 'm', 1);
    const call: ToolCallBlock = {
      type: 'tool_call', id: 'toolu_1', exposedName: 'srv__add', serverId: 'srv', toolName: 'add', title: 'Add', input: { a: 1 },
      status: 'done', destructive: false, result: { content: [{ type: 'text', text: '2' }], isError: false }, startedAt: 5, durationMs: 7,
    };
    const m = message('a', 'assistant', 'thinking aloud', { usage: { inputTokens: 1, outputTokens: 2, cacheReadTokens: 3, cacheWriteTokens: 4 }, stopReason: 'tool_use' });
    m.blocks.push(call, { type: 'text', text: 'after' });
    repo.insertMessage(m);
    const [back] = repo.allMessages('a');
    expect(back).toEqual(m);
    const row = db.prepare('SELECT server_id, tool_name, arguments, status, duration_ms FROM tool_calls').get();
    expect(row).toEqual({ server_id: 'srv', tool_name: 'add', arguments: '{"a":1}', status: 'done', duration_ms: 7 });
    // The same tool_use id in another message (ids are per message) does not clash.
    const other = message('a', 'assistant', 'x');
    other.blocks.push({ ...call, input: { a: 2 } });
    repo.insertMessage(other);
    expect(repo.allMessages('a').map((x) => (x.blocks[1] as ToolCallBlock).input)).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it('reads tool calls only for a page that holds one; a text quoting a tool call placeholder reads back as written', () => {
    repo.createChat('a', 'A', 'm', 1);
    const quoting = message('a', 'user', 'Why does {"type":"tool_call"} show up in my log?');
    repo.insertMessage(quoting);
    // Every statement shares one prototype: its `all` runs are counted by their SQL (the spy still calls through).
    const all = vi.spyOn(StatementSync.prototype, 'all');
    const callReads = () => all.mock.contexts.filter((statement) => (statement as StatementSync).sourceSQL.includes('JOIN tool_calls')).length;
    try {
      const plain = message('b', 'user', 'hello');
      repo.createChat('b', 'B', 'm', 2);
      repo.insertMessage(plain);
      expect(repo.pageMessages('b', 10).messages).toEqual([plain]);
      expect(callReads()).toBe(0);
      // Quotes inside a stored text are escaped, so the quoted placeholder is not taken for one.
      expect(repo.pageMessages('a', 10).messages).toEqual([quoting]);
      expect(callReads()).toBe(0);
      const answer = message('a', 'assistant', 'Let me look.');
      answer.blocks.push({ type: 'tool_call', id: 'toolu_9', exposedName: 'srv__grep', serverId: 'srv', toolName: 'grep', input: { q: 'tool_call' }, status: 'done', destructive: false });
      repo.insertMessage(answer);
      expect(repo.pageMessages('a', 10).messages).toEqual([quoting, answer]);
      expect(callReads()).toBe(1);
    } finally {
      all.mockRestore();
    }
  });

  it('renames and locks the title against auto-titling; deletes a chat with its messages and tool calls', () => {
    repo.createChat('a', 'New chat', 'm', 1);
    repo.setAutoTitle('a', 'From message');
    expect(repo.getChat('a')).toMatchObject({ title: 'From message', titleLocked: false });
    repo.renameChat('a', 'Mine', 2);
    repo.setAutoTitle('a', 'Ignored');
    expect(repo.getChat('a')).toMatchObject({ title: 'Mine', titleLocked: true });
    const m = message('a', 'assistant', 'x');
    m.blocks.push({ type: 'tool_call', id: 't', exposedName: 'e', serverId: 's', toolName: 't', input: {}, status: 'done', destructive: false });
    repo.insertMessage(m);
    expect(repo.deleteChat('a')).toBe(true);
    expect(repo.deleteChat('a')).toBe(false);
    expect(db.prepare('SELECT count(*) AS n FROM tool_calls').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT count(*) AS n FROM messages').get()).toEqual({ n: 0 });
  });

  it('finds messages a previous run left streaming', () => {
    repo.createChat('a', 'A', 'm', 1);
    repo.insertMessage(message('a', 'assistant', 'half', { status: 'streaming' }));
    repo.insertMessage(message('a', 'assistant', 'whole'));
    expect(repo.interruptedMessages().map((m) => m.status)).toEqual(['streaming']);
  });
});
