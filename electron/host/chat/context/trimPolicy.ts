/**
 * The trimming policy, pure so it can be tested alone: given each message's cost, what is fixed (tools, system prompt,
 * summary) and the budget, clear the oldest tool results first; when that is not enough, pick where older turns are cut
 * off to be summarized. Messages are only ever cut whole, and a tool result travels with the assistant message that
 * called it, so a tool_use is never separated from its tool_result.
 */
import type { ChatMessage } from '../../../../shared/chat.ts';
import type { MessageCost } from './messageCost.ts';

/** What the model reads in place of a cleared tool result. */
export const clearedResultText = '[This tool result was cleared to keep the conversation within the context window. Call the tool again if you need it.]';

/** Tokens of the placeholder, as sent (text plus the block's framing). */
export const clearedResultTokens = 40;

/** How the window is filled: which tool results to clear, the resulting total, and whether it fits. */
export interface WindowPlan {
  cleared: Set<string>;
  total: number;
  fits: boolean;
}

/** Index of the newest turn's start: the last user message (that turn is never trimmed). */
export function newestTurnStart(messages: ChatMessage[]): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]?.role === 'user') return i;
  return 0;
}

/** Fits `messages` into `budget` by clearing the oldest tool results outside the newest turn, oldest first. */
export function planWindow(messages: ChatMessage[], costs: MessageCost[], fixed: number, budget: number): WindowPlan {
  let total = costs.reduce((sum, c) => sum + c.tokens, fixed);
  const cleared = new Set<string>();
  const protectedFrom = newestTurnStart(messages);
  for (let i = 0; i < protectedFrom && total > budget; i++) {
    for (const [callId, tokens] of costs[i]?.results ?? []) {
      if (total <= budget) break;
      if (tokens <= clearedResultTokens) continue;
      cleared.add(callId);
      total -= tokens - clearedResultTokens;
    }
  }
  return { cleared, total, fits: total <= budget };
}

/**
 * Where to cut older turns off for a summary: the oldest user-message boundary from which the rest costs at most
 * `target` (about half the budget, so the next sends have room before another summary is needed). Never inside the
 * newest turn. 0 means there is nothing older to cut.
 */
export function chooseCut(messages: ChatMessage[], costs: MessageCost[], fixed: number, target: number): number {
  const protectedFrom = newestTurnStart(messages);
  let rest = costs.reduce((sum, c) => sum + c.tokens, fixed);
  let cut = 0;
  for (let i = 0; i < protectedFrom; i++) {
    rest -= costs[i]?.tokens ?? 0;
    const next = messages[i + 1];
    if (next?.role === 'user' || i + 1 === protectedFrom) {
      cut = i + 1;
      if (rest <= target) break;
    }
  }
  return cut;
}

/** Copies of the messages with the chosen tool results replaced by the placeholder (stored messages stay whole). */
export function withClearedResults(messages: ChatMessage[], cleared: Set<string>): ChatMessage[] {
  if (cleared.size === 0) return messages;
  return messages.map((message) => {
    if (!message.blocks.some((b) => b.type === 'tool_call' && cleared.has(b.id))) return message;
    return {
      ...message,
      blocks: message.blocks.map((b) =>
        b.type === 'tool_call' && cleared.has(b.id) ? { ...b, result: { content: [{ type: 'text' as const, text: clearedResultText }], isError: false } } : b,
      ),
    };
  });
}
