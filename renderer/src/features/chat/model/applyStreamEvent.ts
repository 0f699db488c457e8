/**
 * Pure reducer applying host 'chat.stream' events to a chat's message list (replacements whole, deltas appended).
 * A batch (one animation frame of events) copies the message list and each touched message once, not once per event:
 * a long chat streaming fast would otherwise copy thousands of entries per delta.
 */
import type { ChatMessage, ChatRunState, ChatStreamEvent, ContentBlock } from '../../../../../shared/chat.ts';

/** The part of an open chat a stream event can change. */
export interface StreamTarget {
  messages: ChatMessage[];
  run: ChatRunState;
  /** Cursor of the messages before the oldest loaded one (a new branch forking above the loaded ones resets it). */
  olderCursor?: string;
}

/** Applies a batch of events in order; returns the same object when nothing changed (so React skips the render). */
export function applyStreamEvents<T extends StreamTarget>(target: T, events: readonly ChatStreamEvent[]): T {
  let messages = target.messages;
  let run = target.run;
  let olderCursor = target.olderCursor;
  let listCopied = false;
  let changed = false;
  // Message objects created in this batch, safe to change in place until the batch is returned.
  const owned = new Set<ChatMessage>();

  const copyList = (): void => {
    if (!listCopied) {
      messages = messages.slice();
      listCopied = true;
    }
  };
  const own = (at: number): ChatMessage => {
    const current = messages[at] as ChatMessage;
    if (owned.has(current)) return current;
    copyList();
    const copy = { ...current, blocks: current.blocks.slice() };
    messages[at] = copy;
    owned.add(copy);
    return copy;
  };

  for (const event of events) {
    switch (event.type) {
      case 'message': {
        copyList();
        const fork = upsertInPlace(messages, event.message);
        // The new branch forks above the loaded messages: older ones load from the new message's parent.
        if (fork === 'above') olderCursor = event.message.id;
        changed = true;
        break;
      }
      case 'run_state':
        run = event.state;
        changed = true;
        break;
      case 'block': {
        const at = findMessage(messages, event.messageId);
        if (at < 0 || event.index < 0) break;
        const message = own(at);
        // Fill a gap (a block event arriving before its predecessors) with empty text so indexes stay aligned.
        while (message.blocks.length < event.index) message.blocks.push({ type: 'text', text: '' });
        message.blocks[event.index] = event.block;
        changed = true;
        break;
      }
      case 'text_delta':
      case 'thinking_delta':
      case 'tool_input_delta': {
        const at = findMessage(messages, event.messageId);
        const found = messages[at];
        // A delta for an unknown message, or past the end, is dropped: the next whole `message` event repairs it.
        if (!found || event.index < 0 || event.index > found.blocks.length) break;
        const next = appendDelta(found.blocks[event.index], event);
        if (!next) break;
        own(at).blocks[event.index] = next;
        changed = true;
        break;
      }
    }
  }
  if (!changed) return target;
  return olderCursor === target.olderCursor ? { ...target, messages, run } : { ...target, messages, run, olderCursor };
}

/** Applies one stream event. */
export function applyStreamEvent<T extends StreamTarget>(target: T, event: ChatStreamEvent): T {
  return applyStreamEvents(target, [event]);
}

/**
 * Replaces the message with the same id, or adds it. A new message with a parent continues the branch from that parent:
 * what followed the parent belongs to another branch now and leaves the list ('above': the parent is older than the
 * loaded messages, so none of them stays). Others keep the list ordered by creation time.
 */
function upsertInPlace(messages: ChatMessage[], message: ChatMessage): 'above' | undefined {
  const at = findMessage(messages, message.id);
  if (at >= 0) {
    messages[at] = message;
    return undefined;
  }
  if (message.parentId !== undefined && messages.length > 0) {
    const parent = findMessage(messages, message.parentId);
    messages.length = parent + 1;
    messages.push(message);
    return parent < 0 ? 'above' : undefined;
  }
  const last = messages[messages.length - 1];
  messages.push(message);
  if (last && last.createdAt > message.createdAt) messages.sort((a, b) => a.createdAt - b.createdAt);
  return undefined;
}

// Search from the end: updates almost always concern the latest messages.
function findMessage(messages: ChatMessage[], id: string): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]?.id === id) return i;
  return -1;
}

/** The block with the delta appended; a delta for a block that does not exist yet starts it. */
function appendDelta(block: ContentBlock | undefined, event: Extract<ChatStreamEvent, { type: 'text_delta' | 'thinking_delta' | 'tool_input_delta' }>): ContentBlock | undefined {
  switch (event.type) {
    case 'text_delta':
      if (!block) return { type: 'text', text: event.text };
      return block.type === 'text' ? { ...block, text: block.text + event.text } : undefined;
    case 'thinking_delta':
      if (!block) return { type: 'thinking', thinking: event.text };
      return block.type === 'thinking' ? { ...block, thinking: block.thinking + event.text } : undefined;
    case 'tool_input_delta':
      if (!block || block.type !== 'tool_call') return undefined;
      return { ...block, partialInput: (block.partialInput ?? '') + event.partialJson };
  }
}
