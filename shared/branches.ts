/** Pure rules about a chat's turns shared by the host (what is sent) and the renderer (what is shown), so both agree. */
import type { ChatMessage, ContentBlock } from './chat.ts';

// What the model reads back from an assistant message (mirrors requestBuilder's assistantBlocks).
function reachesModel(block: ContentBlock): boolean {
  switch (block.type) {
    case 'text':
      return block.text.length > 0;
    case 'thinking':
      return block.signature !== undefined;
    case 'redacted_thinking':
    case 'tool_search':
    case 'compaction':
      return true;
    case 'tool_call':
      return block.status !== 'streaming_input' && block.input !== null && typeof block.input === 'object' && !Array.isArray(block.input);
    default:
      // Files and attachments belong to user messages.
      return false;
  }
}

/**
 * True when `reply` (the message after a user message) means the user message was never answered: the reply failed,
 * or was stopped before anything the model could read. Such a user message is shown as failed and is not sent again
 * (it used to be merged silently into the next message).
 */
export function isUnansweredReply(reply: ChatMessage | undefined): boolean {
  if (reply?.role !== 'assistant') return false;
  if (reply.status === 'error') return true;
  return reply.status === 'stopped' && !reply.blocks.some(reachesModel);
}

/** The position of a message among its versions (1-based) and their count; undefined when it has no other versions. */
export function versionOf(message: ChatMessage): { index: number; count: number; previous?: string; next?: string } | undefined {
  const list = message.siblings;
  if (!list || list.length < 2) return undefined;
  const at = list.indexOf(message.id);
  if (at < 0) return undefined;
  const previous = list[at - 1];
  const next = list[at + 1];
  return { index: at + 1, count: list.length, ...(previous ? { previous } : {}), ...(next ? { next } : {}) };
}
