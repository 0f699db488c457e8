import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatSummary } from '../../../../../shared/chat.ts';
import { applyStreamEvent } from './applyStreamEvent.ts';
import { withBranchPage } from './branchPage.ts';

const chat: ChatSummary = { id: 'c', title: 'C', titleLocked: false, model: 'm', createdAt: 1, updatedAt: 1, messageCount: 0 };
let clock = 0;
function msg(id: string, parentId?: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  clock += 1;
  return { id, chatId: 'c', role: 'user', blocks: [{ type: 'text', text: id }], status: 'complete', createdAt: clock, updatedAt: clock, ...(parentId ? { parentId } : {}), ...extra };
}
const ids = (list: ChatMessage[]) => list.map((m) => m.id);
const run = { chatId: 'c', generating: false };

describe('a new version arriving in an open chat', () => {
  it('replaces what followed its parent (an edit or a regenerated reply)', () => {
    const open = { messages: [msg('q1'), msg('a1', 'q1'), msg('q2', 'a1'), msg('a2', 'q2')], run, olderCursor: 'q1' };
    const next = applyStreamEvent(open, { type: 'message', chatId: 'c', message: msg('q2b', 'a1', { siblings: ['q2', 'q2b'] }) });
    expect(ids(next.messages)).toEqual(['q1', 'a1', 'q2b']);
    expect(next.olderCursor).toBe('q1');
    const answered = applyStreamEvent(next, { type: 'message', chatId: 'c', message: msg('a2b', 'q2b', { role: 'assistant', status: 'streaming' }) });
    expect(ids(answered.messages)).toEqual(['q1', 'a1', 'q2b', 'a2b']);
  });

  it('forking above the loaded messages keeps none of them, and older ones load from the new message', () => {
    const open = { messages: [msg('m50', 'm49'), msg('m51', 'm50')], run, olderCursor: 'm50' };
    const next = applyStreamEvent(open, { type: 'message', chatId: 'c', message: msg('m10b', 'm9') });
    expect(ids(next.messages)).toEqual(['m10b']);
    expect(next.olderCursor).toBe('m10b');
  });

  it('updates of a message already shown stay in place', () => {
    const open = { messages: [msg('q1'), msg('a1', 'q1', { role: 'assistant', status: 'streaming' })], run };
    const next = applyStreamEvent(open, { type: 'message', chatId: 'c', message: msg('a1', 'q1', { role: 'assistant' }) });
    expect(ids(next.messages)).toEqual(['q1', 'a1']);
  });
});

describe('the page of a branch switched to', () => {
  it('keeps the loaded messages above it, so the view stays where the user clicked', () => {
    const loaded = { messages: [msg('q1'), msg('a1', 'q1'), msg('q2', 'a1'), msg('a2', 'q2')], olderCursor: 'older' };
    const shown = withBranchPage(loaded, { chat, messages: [msg('a1', 'q1'), msg('q2b', 'a1'), msg('a2b', 'q2b')], olderCursor: 'a1' });
    expect(ids(shown.messages)).toEqual(['q1', 'a1', 'q2b', 'a2b']);
    expect(shown.olderCursor).toBe('older');
  });

  it('replaces them when the page does not reach a loaded message', () => {
    const loaded = { messages: [msg('x1'), msg('x2', 'x1')], olderCursor: 'x1' };
    const shown = withBranchPage(loaded, { chat, messages: [msg('y7', 'y6'), msg('y8', 'y7')], olderCursor: 'y7' });
    expect(ids(shown.messages)).toEqual(['y7', 'y8']);
    expect(shown.olderCursor).toBe('y7');
    expect(withBranchPage(loaded, { chat, messages: [] })).toEqual({ messages: [] });
  });

  it('replaces them when a delete lifted the page to another parent (a failed message removed above it)', () => {
    const loaded = { messages: [msg('failed'), msg('error', 'failed'), msg('essay', 'error'), msg('reply', 'essay')] };
    const shown = withBranchPage(loaded, { chat, messages: [msg('essay'), msg('reply', 'essay')] });
    expect(ids(shown.messages)).toEqual(['essay', 'reply']);
  });
});
