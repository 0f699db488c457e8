/**
 * What 'chat.stream' carries of a message or block: a copy taken at emit time, because the loop keeps changing the
 * live objects and a subscriber must not see a later delta inside an earlier event. The loop only ever assigns a
 * message's or block's own fields (text appended, status set, result/input/usage replaced, blocks pushed) and never
 * changes the objects below them in place, so copying two levels is enough; structuredClone copied every tool result.
 */
import type { ChatMessage, ChatStreamEvent, ContentBlock } from '../../../shared/chat.ts';

function copyBlock(block: ContentBlock): ContentBlock {
  return { ...block };
}

function copyMessage(message: ChatMessage): ChatMessage {
  return { ...message, blocks: message.blocks.map(copyBlock) };
}

/** `event` with its message or block copied as it stands now; other events are passed as they are (no objects inside). */
export function streamSnapshot(event: ChatStreamEvent): ChatStreamEvent {
  if (event.type === 'message') return { ...event, message: copyMessage(event.message) };
  if (event.type === 'block') return { ...event, block: copyBlock(event.block) };
  return event;
}
