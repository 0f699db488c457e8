/**
 * Compaction blocks in requests: a block is sent back exactly as the API returned it, and the newest successful one
 * starts the conversation (the API rejects one that is not the first block), so the messages it replaced are not sent.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { BetaCompactionBlockParam } from '@anthropic-ai/sdk/resources/beta/messages/messages';
import type { ChatMessage, CompactionBlock } from '../../../../../shared/chat.ts';
import { isSuccessfulCompaction } from './compactionStream.ts';

/** The block as the request carries it: its summary (null when it failed) and the API's own fields, verbatim. */
export function compactionToApi(block: CompactionBlock): Anthropic.ContentBlockParam {
  const param: BetaCompactionBlockParam = { ...block.apiFields, type: 'compaction', content: block.content };
  // The non-beta request types do not list this beta block; the SDK sends content blocks as they are.
  return param as unknown as Anthropic.ContentBlockParam;
}

/** True when a message holds a compaction that produced a summary. */
export function hasSuccessfulCompaction(message: ChatMessage): boolean {
  return message.role === 'assistant' && message.status !== 'error' && message.blocks.some((b) => b.type === 'compaction' && isSuccessfulCompaction(b));
}

/** Index of the newest message holding a successful compaction; -1 when there is none. */
export function newestCompaction(messages: readonly ChatMessage[]): number {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message && hasSuccessfulCompaction(message)) return i;
  }
  return -1;
}
