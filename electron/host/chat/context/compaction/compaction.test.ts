import { describe, expect, it } from 'vitest';
import type { ChatMessage, ContentBlock } from '../../../../../shared/chat.ts';
import { supportsCompaction } from '../modelWindows.ts';
import type { RunWindow } from '../historyTail.ts';
import { applyCompactionDelta, startCompaction } from './compactionStream.ts';
import { compactionToApi, newestCompaction } from './compactionRequest.ts';
import { adoptCompaction, leadingCompaction, withoutCompactionBlocks } from './compactionWindow.ts';

const message = (id: string, role: 'user' | 'assistant', blocks: ContentBlock[]): ChatMessage => ({ id, chatId: 'c', role, blocks, status: 'complete', createdAt: 0, updatedAt: 0 });
const text = (t: string): ContentBlock => ({ type: 'text', text: t });
const compaction = (content: string | null): ContentBlock => ({ type: 'compaction', content, apiFields: { encrypted_content: 'e' } });

describe('compaction blocks', () => {
  it('reads a streamed compaction block and keeps every field the API sent, for sending back verbatim', () => {
    expect(startCompaction({ type: 'text' })).toBeUndefined();
    const start: { type: string; content: null; encrypted_content: null; signature: string } = { type: 'compaction', content: null, encrypted_content: null, signature: 'sig' };
    const block = startCompaction(start);
    if (!block) throw new Error('no block');
    applyCompactionDelta(block, { type: 'text_delta' });
    const first: { type: string; content: string; encrypted_content: string } = { type: 'compaction_delta', content: 'Summary, ', encrypted_content: 'abc' };
    const second: { type: string; content: string; encrypted_content: null } = { type: 'compaction_delta', content: 'part two.', encrypted_content: null };
    applyCompactionDelta(block, first);
    applyCompactionDelta(block, second);
    expect(block).toEqual({ type: 'compaction', content: 'Summary, part two.', apiFields: { encrypted_content: 'abc', signature: 'sig' } });
    expect(compactionToApi(block)).toEqual({ type: 'compaction', content: 'Summary, part two.', encrypted_content: 'abc', signature: 'sig' });
  });

  it('starts the window at the newest successful compaction, replacing an older summary; failed ones do not', () => {
    const messages = [message('1', 'user', [text('a')]), message('2', 'assistant', [compaction('old'), text('b')]), message('3', 'user', [text('c')]), message('4', 'assistant', [compaction(null), text('d')]), message('5', 'assistant', [compaction('new'), text('e')]), message('6', 'user', [text('f')])];
    expect(newestCompaction(messages)).toBe(4);
    const run: RunWindow = { chatId: 'c', messages, summary: { chatId: 'c', text: 's', throughMessageId: '0', coveredMessages: 3, unreadMessages: 0, model: 'm', createdAt: 0 }, gap: 2, dropped: 1 };
    expect(adoptCompaction(run)).toBe(true);
    expect(run.messages.map((m) => m.id)).toEqual(['5', '6']);
    expect(run).toMatchObject({ summary: undefined, gap: 0, dropped: 0 });
    expect(adoptCompaction(run)).toBe(false);
    expect(leadingCompaction(run.messages)).toBe('new');
    expect(withoutCompactionBlocks(run.messages).map((m) => m.blocks)).toEqual([[text('e')], [text('f')]]);
    // Stored messages are not changed.
    expect(run.messages[0]?.blocks[0]?.type).toBe('compaction');
  });

  it('is asked only of models that support it', () => {
    expect(supportsCompaction('claude-opus-4-6')).toBe(true);
    expect(supportsCompaction('claude-sonnet-4-6[1m]')).toBe(true);
    expect(supportsCompaction('claude-haiku-4-5')).toBe(false);
    expect(supportsCompaction('claude-sonnet-4-5')).toBe(false);
    expect(supportsCompaction('llama-3')).toBe(false);
  });
});
