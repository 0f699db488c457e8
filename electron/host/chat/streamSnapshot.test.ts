import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatStreamEvent, ToolCallBlock } from '../../../shared/chat.ts';
import { streamSnapshot } from './streamSnapshot.ts';

function liveMessage(): { message: ChatMessage; call: ToolCallBlock } {
  const call: ToolCallBlock = { type: 'tool_call', id: 'toolu_1', exposedName: 'everything__echo', serverId: 'everything', toolName: 'echo', input: {}, partialInput: '{"mess', status: 'streaming_input', destructive: false };
  const message: ChatMessage = { id: 'm1', chatId: 'c1', role: 'assistant', blocks: [{ type: 'text', text: 'Let me' }, call], status: 'streaming', createdAt: 1, updatedAt: 1 };
  return { message, call };
}

describe('chat.stream snapshots', () => {
  it('a message event keeps what the message was when it was emitted, whatever the loop does next', () => {
    const { message, call } = liveMessage();
    const event: ChatStreamEvent = { type: 'message', chatId: 'c1', message };
    const snapshot = streamSnapshot(event);
    const expected = structuredClone(event);
    // Everything the loop does to a message after emitting it (turnStream, toolRunner, chatRunner).
    const text = message.blocks[0];
    if (text?.type === 'text') text.text += ' echo that.';
    call.partialInput = undefined;
    call.input = { message: 'hi' };
    call.status = 'running';
    call.progress = { progress: 1 };
    call.result = { content: [{ type: 'text', text: 'hi' }], isError: false };
    message.blocks.push({ type: 'text', text: 'Done.' });
    message.usage = { inputTokens: 1, outputTokens: 2, cacheReadTokens: 0, cacheWriteTokens: 0 };
    message.status = 'complete';
    message.updatedAt = 2;
    expect(snapshot).toEqual(expected);
  });

  it('a block event keeps the block as emitted; other events pass through unchanged', () => {
    const { call } = liveMessage();
    const event: ChatStreamEvent = { type: 'block', chatId: 'c1', messageId: 'm1', index: 1, block: call };
    const snapshot = streamSnapshot(event);
    const expected = structuredClone(event);
    call.status = 'done';
    call.result = { content: [{ type: 'text', text: 'later' }], isError: false };
    call.durationMs = 5;
    expect(snapshot).toEqual(expected);
    const delta: ChatStreamEvent = { type: 'text_delta', chatId: 'c1', messageId: 'm1', index: 0, text: 'x' };
    expect(streamSnapshot(delta)).toBe(delta);
  });
});
