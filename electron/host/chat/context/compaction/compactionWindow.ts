/**
 * What a chat's window becomes once the API has compacted it: the newest successful compaction starts the window (the
 * messages before it, and any older host summary, are no longer sent). Requests that cannot carry compaction blocks
 * (the host manages the context, or the model does not support compaction) get its summary as text at their start.
 */
import type { ChatMessage, ContentBlock } from '../../../../../shared/chat.ts';
import type { RunWindow } from '../historyTail.ts';
import { newestCompaction } from './compactionRequest.ts';
import { isSuccessfulCompaction } from './compactionStream.ts';

/** How the summary of a compaction reads when it is sent as text. */
export function compactionAsText(content: string): string {
  return `[Summary of the earlier part of this conversation, condensed to fit the context window]\n${content}`;
}

/** Starts the run's window at its newest successful compaction; true when that changed the window. */
export function adoptCompaction(run: RunWindow): boolean {
  const at = newestCompaction(run.messages);
  if (at < 0 || (at === 0 && !run.summary && run.gap === 0 && run.dropped === 0)) return false;
  run.messages.splice(0, at);
  run.summary = undefined;
  run.gap = 0;
  run.dropped = 0;
  return true;
}

/** The summary of the compaction that starts the window, if one does (sent as text when blocks cannot be). */
export function leadingCompaction(messages: readonly ChatMessage[]): string | undefined {
  for (const block of messages[0]?.blocks ?? []) if (block.type === 'compaction' && isSuccessfulCompaction(block) && block.content) return block.content;
  return undefined;
}

/** Copies of the messages without compaction blocks (for requests that cannot carry them); stored messages stay whole. */
export function withoutCompactionBlocks(messages: ChatMessage[]): ChatMessage[] {
  if (!messages.some((m) => m.blocks.some((b) => b.type === 'compaction'))) return messages;
  return messages.map((message) => {
    if (!message.blocks.some((b) => b.type === 'compaction')) return message;
    const blocks: ContentBlock[] = message.blocks.filter((b) => b.type !== 'compaction');
    return { ...message, blocks };
  });
}
