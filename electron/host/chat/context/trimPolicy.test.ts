import { describe, expect, it } from 'vitest';
import type { ChatMessage, ToolCallBlock } from '../../../../shared/chat.ts';
import { toApiMessages } from '../requestBuilder.ts';
import { messageCost } from './messageCost.ts';
import { chooseCut, clearedResultText, newestTurnStart, planWindow, withClearedResults } from './trimPolicy.ts';

let clock = 0;
function user(text: string): ChatMessage {
  clock += 1;
  return { id: `u${clock}`, chatId: 'c', role: 'user', blocks: [{ type: 'text', text }], status: 'complete', createdAt: clock, updatedAt: clock };
}
function call(id: string, resultChars: number): ToolCallBlock {
  return { type: 'tool_call', id, exposedName: 'fs__read', serverId: 'fs', toolName: 'read', input: { path: `/${id}` }, status: 'done', destructive: false, result: { content: [{ type: 'text', text: 'r'.repeat(resultChars) }], isError: false } };
}
function assistant(text: string, calls: ToolCallBlock[] = []): ChatMessage {
  clock += 1;
  return { id: `a${clock}`, chatId: 'c', role: 'assistant', blocks: [{ type: 'text', text }, ...calls], status: 'complete', createdAt: clock, updatedAt: clock, stopReason: calls.length ? 'tool_use' : 'end_turn' };
}

// A chat of four turns; the first three read a big file each (3,500 characters ≈ 1,000 tokens).
function chat(): ChatMessage[] {
  return [
    user('read a'), assistant('reading', [call('t1', 3500)]), assistant('done a'),
    user('read b'), assistant('reading', [call('t2', 3500)]), assistant('done b'),
    user('read c'), assistant('reading', [call('t3', 3500)]), assistant('done c'),
    user('and now?'), assistant('reading', [call('t4', 3500)]),
  ];
}
const costsOf = (messages: ChatMessage[]) => messages.map((m) => messageCost(m, 100_000));
const total = (messages: ChatMessage[]) => costsOf(messages).reduce((s, c) => s + c.tokens, 0);

describe('trimming policy', () => {
  it('changes nothing when the chat fits', () => {
    const messages = chat();
    const plan = planWindow(messages, costsOf(messages), 100, total(messages) + 100);
    expect(plan).toMatchObject({ fits: true, cleared: new Set() });
  });

  it('clears the oldest tool results first, only as many as needed, never in the newest turn', () => {
    const messages = chat();
    const plan = planWindow(messages, costsOf(messages), 0, total(messages) - 1500);
    expect(plan.fits).toBe(true);
    expect([...plan.cleared]).toEqual(['t1', 't2']);
    const all = planWindow(messages, costsOf(messages), 0, 10);
    expect(all.fits).toBe(false);
    expect([...all.cleared]).toEqual(['t1', 't2', 't3']);
  });

  it('sends cleared results as a placeholder the model understands, with tool_use/tool_result pairs intact', () => {
    const messages = chat();
    const sent = toApiMessages(withClearedResults(messages, new Set(['t1'])), 100_000);
    const results = sent.flatMap((m) => (typeof m.content === 'string' ? [] : m.content)).filter((b) => b.type === 'tool_result');
    const uses = sent.flatMap((m) => (typeof m.content === 'string' ? [] : m.content)).filter((b) => b.type === 'tool_use');
    expect(results.map((r) => r.tool_use_id)).toEqual(uses.map((u) => u.id));
    expect(JSON.stringify(results[0])).toContain(clearedResultText);
    expect(JSON.stringify(results[1])).not.toContain(clearedResultText);
    // The stored messages are untouched.
    expect(JSON.stringify(messages)).not.toContain(clearedResultText);
  });

  it('cuts older turns at a user message, leaving about the target, never inside the newest turn', () => {
    const messages = chat();
    const costs = costsOf(messages);
    const cut = chooseCut(messages, costs, 0, total(messages) / 2);
    expect(messages[cut]?.role).toBe('user');
    expect(cut).toBeGreaterThan(0);
    expect(costs.slice(cut).reduce((s, c) => s + c.tokens, 0)).toBeLessThanOrEqual(total(messages) / 2);
    // A target nothing meets: the cut stops at the newest turn, which stays whole.
    expect(chooseCut(messages, costs, 0, 1)).toBe(newestTurnStart(messages));
    expect(newestTurnStart(messages)).toBe(9);
  });
});
