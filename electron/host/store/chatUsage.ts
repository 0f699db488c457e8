/** A chat's token usage per model, summed over its stored replies (every branch: each reply was paid for). */
import type { DatabaseSync } from 'node:sqlite';
import type { ContextUsage } from '../../../shared/chat.ts';
import type { ModelUsage } from '../../../shared/pricing/modelPrices.ts';
import { num, text, type Row } from './rows.ts';

/** Tokens per model of the chat's assistant messages that reported usage. */
export function chatUsage(db: DatabaseSync, chatId: string): ModelUsage[] {
  const rows = db
    .prepare(
      `SELECT coalesce(model, '') AS model, count(*) AS replies, sum(coalesce(input_tokens, 0)) AS input, sum(coalesce(output_tokens, 0)) AS output,
         sum(coalesce(cache_read_tokens, 0)) AS cache_read, sum(coalesce(cache_write_tokens, 0)) AS cache_write
       FROM messages WHERE chat_id = ? AND role = 'assistant' AND input_tokens IS NOT NULL GROUP BY coalesce(model, '') ORDER BY model`,
    )
    .all(chatId) as Row[];
  return rows.map((r) => ({
    model: text(r, 'model'),
    replies: num(r, 'replies'),
    usage: { inputTokens: num(r, 'input'), outputTokens: num(r, 'output'), cacheReadTokens: num(r, 'cache_read'), cacheWriteTokens: num(r, 'cache_write') },
  }));
}

/**
 * The context meter's numbers from history, for a chat that has sent no request since the host started: the prompt
 * tokens the API reported for the chat's newest reply (input + cache read + cache write) against the model's window.
 */
export function storedContextUsage(db: DatabaseSync, chatId: string, windowOf: (model: string) => { windowTokens: number; reserved: number }): ContextUsage | undefined {
  const row = db
    .prepare(
      `SELECT model, input_tokens, cache_read_tokens, cache_write_tokens FROM messages
       WHERE chat_id = ? AND role = 'assistant' AND input_tokens IS NOT NULL ORDER BY seq DESC LIMIT 1`,
    )
    .get(chatId) as Row | undefined;
  if (!row) return undefined;
  const { windowTokens, reserved } = windowOf(text(row, 'model'));
  return {
    inputTokens: num(row, 'input_tokens') + num(row, 'cache_read_tokens') + num(row, 'cache_write_tokens'),
    windowTokens,
    reservedTokens: reserved,
    counted: 'api',
    clearedToolResults: 0,
    summarizedMessages: 0,
    droppedMessages: 0,
    apiContextManagement: false,
  };
}
