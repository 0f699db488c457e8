/**
 * Reads the newest part of a chat's history, page by page from the newest message backwards, until it holds enough to
 * fill the window (or reaches the chat's summary, the API's newest compaction, or its start). The event loop gets a turn between pages, so a send in
 * a 50,000-message chat never parses the whole history in one go.
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { AppError } from '../../../../shared/errors.ts';
import type { ChatMessage } from '../../../../shared/chat.ts';
import type { ChatRepository } from '../../store/chatRepository.ts';
import type { StoredSummary, SummaryStore } from '../../store/historyWindow.ts';
import { messageCost } from './messageCost.ts';
import { hasSuccessfulCompaction } from './compaction/compactionRequest.ts';

/** Messages per page read from SQLite. */
export const tailPageSize = 200;

/** The part of a chat a run works with: its newest messages (the run appends its own), the summary and what is in between. */
export interface RunWindow {
  chatId: string;
  /** Oldest first; the runner's history array itself, so messages it adds are part of the window. */
  messages: ChatMessage[];
  summary: StoredSummary | undefined;
  /** Messages newer than the summary (or the chat's start) that were not read because the tail was full. */
  gap: number;
  /** Messages left out with no summary during this run (the summary request failed). */
  dropped: number;
  /** Why the history could not be read (the run ends in this error). */
  error?: AppError;
}

/** Loads the tail of `chatId` into `into` (empty): at most about `tokenLimit` estimated tokens, stopping at the summary. */
export async function loadTail(options: { repo: ChatRepository; summaries: SummaryStore; chatId: string; tokenLimit: number; resultLimit: number; into: ChatMessage[] }): Promise<RunWindow> {
  const { repo, chatId, into } = options;
  let summary = options.summaries.get(chatId);
  const pages: ChatMessage[][] = [];
  let loaded = 0;
  let tokens = 0;
  let before: string | undefined;
  let reachedBoundary = false;
  let reachedStart = false;
  // A compaction stands in for everything before it: nothing older is read.
  let reachedCompaction = false;
  while (tokens < options.tokenLimit) {
    // Without the other versions of each message: a request sends only the branch shown.
    const page = repo.pageMessages(chatId, tailPageSize, before, false);
    const kept: ChatMessage[] = [];
    for (let i = page.messages.length - 1; i >= 0; i--) {
      const message = page.messages[i];
      if (!message) continue;
      if (summary && message.id === summary.throughMessageId) {
        reachedBoundary = true;
        break;
      }
      kept.push(message);
      tokens += messageCost(message, options.resultLimit).tokens;
      if (hasSuccessfulCompaction(message)) {
        reachedCompaction = true;
        break;
      }
      if (tokens >= options.tokenLimit) break;
    }
    pages.push(kept.reverse());
    loaded += kept.length;
    if (reachedBoundary || reachedCompaction || tokens >= options.tokenLimit) break;
    if (!page.olderCursor) {
      reachedStart = true;
      break;
    }
    before = page.olderCursor;
    await yieldToLoop();
  }
  // A summary whose last message is gone (history restored from elsewhere) no longer describes this chat.
  // A summary older than the newest compaction is replaced by it.
  if (summary && (reachedStart || reachedCompaction)) summary = undefined;
  for (const page of pages.reverse()) into.push(...page);
  // The branch shown, not the whole tree: other branches are never sent. Its length is read only when a gap can be.
  const gap = reachedBoundary || reachedStart || reachedCompaction ? 0 : Math.max(0, repo.pathLength(chatId) - loaded - (summary?.coveredMessages ?? 0));
  return { chatId, messages: into, summary, gap, dropped: 0 };
}
