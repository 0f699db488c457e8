import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatStreamEvent } from '../../../../../shared/chat.ts';
import { applyStreamEvents } from './applyStreamEvent.ts';

const msg = (id: string, createdAt: number, text = ''): ChatMessage => ({ id, chatId: 'c', role: 'assistant', blocks: text ? [{ type: 'text', text }] : [], status: 'streaming', createdAt, updatedAt: createdAt });

describe('applyStreamEvents', () => {
  it('appends deltas, starts missing blocks, replaces blocks and messages, and never changes the input', () => {
    const before = { messages: [msg('a', 1, 'old')], run: { chatId: 'c', generating: true } };
    const frozen = JSON.stringify(before);
    const events: ChatStreamEvent[] = [
      { type: 'message', chatId: 'c', message: msg('b', 2) },
      { type: 'text_delta', chatId: 'c', messageId: 'b', index: 0, text: 'Hel' },
      { type: 'text_delta', chatId: 'c', messageId: 'b', index: 0, text: 'lo' },
      { type: 'thinking_delta', chatId: 'c', messageId: 'b', index: 1, text: 'hmm' },
      { type: 'text_delta', chatId: 'c', messageId: 'b', index: 5, text: 'lost' },
      { type: 'text_delta', chatId: 'c', messageId: 'zzz', index: 0, text: 'lost' },
      { type: 'block', chatId: 'c', messageId: 'a', index: 0, block: { type: 'text', text: 'new' } },
    ];
    const after = applyStreamEvents(before, events);
    expect(JSON.stringify(before)).toBe(frozen);
    expect(after.messages.map((m) => m.blocks)).toEqual([[{ type: 'text', text: 'new' }], [{ type: 'text', text: 'Hello' }, { type: 'thinking', thinking: 'hmm' }]]);
  });

  it('keeps messages ordered by creation time and returns the same object when nothing applies', () => {
    const before = { messages: [msg('a', 1), msg('c', 3)], run: { chatId: 'c', generating: false } };
    expect(applyStreamEvents(before, [{ type: 'text_delta', chatId: 'c', messageId: 'nope', index: 0, text: 'x' }])).toBe(before);
    const after = applyStreamEvents(before, [{ type: 'message', chatId: 'c', message: msg('b', 2) }]);
    expect(after.messages.map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });

  it('collects streamed tool input as partial JSON', () => {
    const start = { ...msg('a', 1), blocks: [{ type: 'tool_call' as const, id: 't', exposedName: 'x', serverId: 's', toolName: 'x', input: {}, status: 'streaming_input' as const, destructive: false }] };
    const after = applyStreamEvents({ messages: [start], run: { chatId: 'c', generating: true } }, [
      { type: 'tool_input_delta', chatId: 'c', messageId: 'a', index: 0, partialJson: '{"a"' },
      { type: 'tool_input_delta', chatId: 'c', messageId: 'a', index: 0, partialJson: ': 1}' },
    ]);
    expect(after.messages[0]?.blocks[0]).toMatchObject({ partialInput: '{"a": 1}' });
  });
});
