import { describe, expect, it } from 'vitest';
import type { ChatMessage, ContentBlock } from '../../../../shared/chat.ts';
import { countMatches, messageFindText } from '../../../../shared/find.ts';
import { chatUsage, storedContextUsage } from '../chatUsage.ts';
import { findInChat } from './chatFind.ts';
import { chatSnippets } from './chatSnippets.ts';
import { historyDbForTests } from './testHistoryDb.ts';

// A real history.db file for each test, opened the way the host opens it.
const history = historyDbForTests('sb-find-');

let clock = 1000;
function message(chatId: string, role: 'user' | 'assistant', blocks: ContentBlock[], extra: Partial<ChatMessage> = {}): ChatMessage {
  clock += 1;
  return { id: `msg-${clock}`, chatId, role, blocks, status: 'complete', createdAt: clock, updatedAt: clock, ...extra };
}
const toolCall = (id: string, input: unknown, resultText: string): ContentBlock => ({
  type: 'tool_call', id, exposedName: 'fs__read_file', serverId: 'fs', toolName: 'read_file', input, status: 'done', destructive: false,
  result: { content: [{ type: 'text', text: resultText }], isError: false },
});

describe('find in a chat (host)', () => {
  it('finds text in messages, tool arguments and tool result text, oldest first, with counts', () => {
    history.repo.createChat('a', 'A', 'm', 1);
    const first = message('a', 'user', [{ type: 'text', text: 'Read notes.txt please' }]);
    const reply = message('a', 'assistant', [{ type: 'text', text: 'Reading.' }, toolCall('t1', { path: '/tmp/notes.txt' }, 'The ZEBRA ate; a zebra slept')]);
    const last = message('a', 'user', [{ type: 'text', text: 'nothing here' }]);
    for (const m of [first, reply, last]) history.repo.insertMessage(m);
    expect(findInChat(history.db, 'a', 'zebra')).toEqual({ hits: [{ messageId: reply.id, count: 2 }], total: 2, truncated: false });
    expect(findInChat(history.db, 'a', 'notes.txt').hits.map((h) => h.messageId)).toEqual([first.id, reply.id]);
    // The result's JSON wrapping ("content", "type") is not searched, only its text.
    expect(findInChat(history.db, 'a', '"type"').total).toBe(0);
    expect(findInChat(history.db, 'a', 'absent').hits).toEqual([]);
  });

  it('counts the same as the renderer does for a loaded message', () => {
    history.repo.createChat('a', 'A', 'm', 1);
    const reply = message('a', 'assistant', [{ type: 'text', text: 'alpha Alpha' }, toolCall('t1', { q: 'alpha' }, 'ALPHA and alphabet')]);
    history.repo.insertMessage(reply);
    expect(findInChat(history.db, 'a', 'alpha').total).toBe(countMatches(messageFindText(reply), 'alpha'));
    expect(findInChat(history.db, 'a', 'alpha').total).toBe(5);
  });

  it('keeps chat order when hits come from text and from tool calls, and folds case beyond ASCII', () => {
    history.repo.createChat('a', 'A', 'm', 1);
    const m1 = message('a', 'assistant', [toolCall('t1', {}, 'kettle one')]);
    const m2 = message('a', 'user', [{ type: 'text', text: 'Kettle two, ĐƯỜNG phố' }]);
    const m3 = message('a', 'assistant', [{ type: 'text', text: 'x' }, toolCall('t3', { q: 'đường' }, 'kettle three')]);
    for (const m of [m1, m2, m3]) history.repo.insertMessage(m);
    expect(findInChat(history.db, 'a', 'KETTLE').hits.map((h) => h.messageId)).toEqual([m1.id, m2.id, m3.id]);
    expect(findInChat(history.db, 'a', 'đường').hits.map((h) => h.messageId)).toEqual([m2.id, m3.id]);
  });

  it('finds Vietnamese typed without tones in messages and tool calls, in chat order, as the renderer counts', () => {
    history.repo.createChat('a', 'A', 'm', 1);
    const m1 = message('a', 'user', [{ type: 'text', text: 'Thời tiết Hà Nội hôm nay?' }]);
    const m2 = message('a', 'assistant', [{ type: 'text', text: 'plain ascii only' }, toolCall('t2', { city: 'Hà Nội' }, 'Hà Nội: 21°C, ha noi')]);
    const m3 = message('a', 'user', [{ type: 'text', text: 'nothing' }]);
    for (const m of [m1, m2, m3]) history.repo.insertMessage(m);
    expect(findInChat(history.db, 'a', 'ha noi')).toEqual({ hits: [{ messageId: m1.id, count: 1 }, { messageId: m2.id, count: 3 }], total: 4, truncated: false });
    expect(findInChat(history.db, 'a', 'ha noi').total).toBe(countMatches(messageFindText(m1), 'ha noi') + countMatches(messageFindText(m2), 'ha noi'));
    // Typed with its tones, the query matches only those letters.
    expect(findInChat(history.db, 'a', 'Hà Nội').total).toBe(3);
    expect(findInChat(history.db, 'a', 'tiet').hits.map((h) => h.messageId)).toEqual([m1.id]);
  });

  it('searches only its own chat', () => {
    history.repo.createChat('a', 'A', 'm', 1);
    history.repo.createChat('b', 'B', 'm', 2);
    history.repo.insertMessage(message('b', 'user', [{ type: 'text', text: 'okapi' }]));
    expect(findInChat(history.db, 'a', 'okapi').hits).toEqual([]);
  });
});

describe('chat usage (host)', () => {
  it('sums reported usage per model over the replies', () => {
    history.repo.createChat('a', 'A', 'm', 1);
    const usage = (i: number, o: number, r: number, w: number) => ({ inputTokens: i, outputTokens: o, cacheReadTokens: r, cacheWriteTokens: w });
    history.repo.insertMessage(message('a', 'user', [{ type: 'text', text: 'hi' }]));
    history.repo.insertMessage(message('a', 'assistant', [{ type: 'text', text: 'x' }], { model: 'claude-sonnet-4-6', usage: usage(100, 20, 5, 7) }));
    history.repo.insertMessage(message('a', 'assistant', [{ type: 'text', text: 'y' }], { model: 'claude-sonnet-4-6', usage: usage(200, 30, 0, 1) }));
    history.repo.insertMessage(message('a', 'assistant', [{ type: 'text', text: 'z' }], { model: 'claude-haiku-4-5', usage: usage(1, 2, 3, 4) }));
    expect(chatUsage(history.db, 'a')).toEqual([
      { model: 'claude-haiku-4-5', replies: 1, usage: usage(1, 2, 3, 4) },
      { model: 'claude-sonnet-4-6', replies: 2, usage: usage(300, 50, 5, 8) },
    ]);
  });
});

describe('context meter from history (host restarted)', () => {
  it('reads the newest reply’s prompt tokens (input + cache) against the model’s window', () => {
    history.repo.createChat('a', 'A', 'm', 1);
    const windowOf = () => ({ windowTokens: 200_000, reserved: 8192 });
    expect(storedContextUsage(history.db, 'a', windowOf)).toBeUndefined();
    history.repo.insertMessage(message('a', 'assistant', [{ type: 'text', text: 'x' }], { model: 'claude-sonnet-4-6', usage: { inputTokens: 10, outputTokens: 5, cacheReadTokens: 40_000, cacheWriteTokens: 2_000 } }));
    history.repo.insertMessage(message('a', 'assistant', [{ type: 'text', text: 'y' }], { model: 'claude-sonnet-4-6', usage: { inputTokens: 300, outputTokens: 5, cacheReadTokens: 42_000, cacheWriteTokens: 100 } }));
    expect(storedContextUsage(history.db, 'a', windowOf)).toMatchObject({ inputTokens: 42_400, windowTokens: 200_000, reservedTokens: 8192, counted: 'api' });
  });
});

describe('sidebar search snippets (host)', () => {
  it('cuts an excerpt around the newest match, in the text or in a tool result, per chat', () => {
    history.repo.createChat('a', 'A', 'm', 1);
    history.repo.createChat('b', 'B', 'm', 2);
    history.repo.insertMessage(message('a', 'user', [{ type: 'text', text: 'old mention of the Axolotl' }]));
    const newer = message('a', 'assistant', [{ type: 'text', text: 'Looking.' }, toolCall('t9', { q: 'x' }, `${'filler '.repeat(20)}the axolotl regrows limbs${' and more'.repeat(20)}`)]);
    history.repo.insertMessage(newer);
    history.repo.insertMessage(message('b', 'user', [{ type: 'text', text: 'An AXOLOTL here' }]));
    const snippets = chatSnippets(history.db, ['a', 'b', 'missing'], 'axolotl');
    expect(Object.keys(snippets).sort()).toEqual(['a', 'b']);
    const a = snippets.a!;
    expect(a).toMatchObject({ messageId: newer.id, inTool: true });
    expect(a.text.startsWith('…')).toBe(true);
    expect(a.text.endsWith('…')).toBe(true);
    expect(a.text.slice(a.matchStart, a.matchStart + a.matchLength)).toBe('axolotl');
    expect(snippets.b).toMatchObject({ text: 'An AXOLOTL here', matchStart: 3, matchLength: 7, inTool: false });
  });

  it('marks accented text for a query typed without diacritics, in the text or a tool result, and not for one typed with others', () => {
    history.repo.createChat('a', 'A', 'm', 1);
    history.repo.createChat('b', 'B', 'm', 2);
    // Newer messages with other Vietnamese text must not hide the one that matches.
    history.repo.insertMessage(message('a', 'user', [{ type: 'text', text: 'Thời tiết   Hà Nội hôm nay thế nào?' }]));
    for (let i = 0; i < 6; i++) history.repo.insertMessage(message('a', 'assistant', [{ type: 'text', text: `Trời nắng, ${i}` }]));
    history.repo.insertMessage(message('b', 'assistant', [{ type: 'text', text: 'Looking.' }, toolCall('t1', { q: 'x' }, 'Con ĐƯỜNG Trần Phú')]));
    const a = chatSnippets(history.db, ['a'], 'ha noi').a!;
    expect(a).toMatchObject({ text: 'Thời tiết Hà Nội hôm nay thế nào?', inTool: false });
    expect(a.text.slice(a.matchStart, a.matchStart + a.matchLength)).toBe('Hà Nội');
    const b = chatSnippets(history.db, ['b'], 'duong tran').b!;
    expect(b).toMatchObject({ inTool: true });
    expect(b.text.slice(b.matchStart, b.matchStart + b.matchLength)).toBe('ĐƯỜNG Trần');
    expect(chatSnippets(history.db, ['a', 'b'], 'hạ nội')).toEqual({});
  });
});
