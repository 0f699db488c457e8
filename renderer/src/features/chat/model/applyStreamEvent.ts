/** Pure reducer applying host 'chat.stream' events to a chat's message list (replacements whole, deltas appended). */
import type { ChatMessage, ChatRunState, ChatStreamEvent, ContentBlock } from '../../../../../shared/chat.ts';

/** The part of an open chat a stream event can change. */
export interface StreamTarget {
  messages: ChatMessage[];
  run: ChatRunState;
}

/** Applies one stream event; returns the same object when nothing changed (so React skips the render). */
export function applyStreamEvent<T extends StreamTarget>(target: T, event: ChatStreamEvent): T {
  switch (event.type) {
    case 'message':
      return { ...target, messages: upsertMessage(target.messages, event.message) };
    case 'run_state':
      return { ...target, run: event.state };
    case 'block':
      return withBlock(target, event.messageId, event.index, () => event.block, true);
    case 'text_delta':
      return withBlock(target, event.messageId, event.index, (block) => appendText(block, 'text', event.text), false);
    case 'thinking_delta':
      return withBlock(target, event.messageId, event.index, (block) => appendText(block, 'thinking', event.text), false);
    case 'tool_input_delta':
      return withBlock(target, event.messageId, event.index, (block) => appendPartialJson(block, event.partialJson), false);
  }
}

/** Replaces the message with the same id, or appends it keeping the list ordered by creation time. */
function upsertMessage(messages: ChatMessage[], message: ChatMessage): ChatMessage[] {
  // Search from the end: updates almost always concern the latest messages.
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]?.id === message.id) {
      const next = messages.slice();
      next[i] = message;
      return next;
    }
  }
  const last = messages[messages.length - 1];
  if (!last || last.createdAt <= message.createdAt) return [...messages, message];
  const next = [...messages, message];
  next.sort((a, b) => a.createdAt - b.createdAt);
  return next;
}

/**
 * Changes one block of one message. A delta for a block that does not exist yet starts it (the host may skip the
 * empty `block` event); a delta for an unknown message is dropped, the next whole `message` event repairs it.
 */
function withBlock<T extends StreamTarget>(
  target: T,
  messageId: string,
  index: number,
  change: (block: ContentBlock | undefined) => ContentBlock | undefined,
  replace: boolean,
): T {
  const at = findMessage(target.messages, messageId);
  if (at < 0) return target;
  const message = target.messages[at] as ChatMessage;
  if (index < 0 || (!replace && index > message.blocks.length)) return target;
  const nextBlock = change(message.blocks[index]);
  if (!nextBlock) return target;
  const blocks = message.blocks.slice();
  // Fill a gap (a block event arriving before its predecessors) with empty text so indexes stay aligned.
  while (blocks.length < index) blocks.push({ type: 'text', text: '' });
  blocks[index] = nextBlock;
  const messages = target.messages.slice();
  messages[at] = { ...message, blocks };
  return { ...target, messages };
}

function findMessage(messages: ChatMessage[], id: string): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]?.id === id) return i;
  return -1;
}

function appendText(block: ContentBlock | undefined, kind: 'text' | 'thinking', text: string): ContentBlock | undefined {
  if (kind === 'text') {
    if (!block) return { type: 'text', text };
    return block.type === 'text' ? { ...block, text: block.text + text } : undefined;
  }
  if (!block) return { type: 'thinking', thinking: text };
  return block.type === 'thinking' ? { ...block, thinking: block.thinking + text } : undefined;
}

function appendPartialJson(block: ContentBlock | undefined, partialJson: string): ContentBlock | undefined {
  if (!block || block.type !== 'tool_call') return undefined;
  return { ...block, partialInput: (block.partialInput ?? '') + partialJson };
}

/** Applies a batch of events in order (one store update per animation frame while streaming). */
export function applyStreamEvents<T extends StreamTarget>(target: T, events: readonly ChatStreamEvent[]): T {
  let next = target;
  for (const event of events) next = applyStreamEvent(next, event);
  return next;
}
