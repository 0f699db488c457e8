/** Token cost of stored chat messages as the request will carry them, with each tool result's share (what clearing saves). */
import type { ChatMessage, ToolCallBlock } from '../../../../shared/chat.ts';
import { attachmentToModel } from '../mcpContent.ts';
import { isCompleteCall, toolResultBlock } from '../requestBuilder.ts';
import { fileTokens } from '../attachments/toApiBlocks.ts';
import { messageTokens, textTokens } from './estimate.ts';

/** One message's estimated tokens: in total, and per tool result it carries. */
export interface MessageCost {
  tokens: number;
  /** Tool call id -> tokens of its tool_result block. */
  results: Map<string, number>;
}

// Costs are cached per message object and its last update: the loop asks again each turn for the same messages.
const cache = new WeakMap<ChatMessage, { updatedAt: number; blocks: number; limit: number; cost: MessageCost }>();

function resultTokens(call: ToolCallBlock, limit: number): number {
  return messageTokens({ role: 'user', content: [toolResultBlock(call, limit)] });
}

/** The estimated tokens of one message (its tool results included; a failed answer, never sent, costs nothing). */
export function messageCost(message: ChatMessage, limit: number): MessageCost {
  const hit = cache.get(message);
  if (hit && hit.updatedAt === message.updatedAt && hit.blocks === message.blocks.length && hit.limit === limit) return hit.cost;
  const cost: MessageCost = { tokens: 4, results: new Map() };
  if (message.status === 'error') cost.tokens = 0;
  else {
    for (const block of message.blocks) {
      if (block.type === 'text') cost.tokens += textTokens(block.text);
      else if (block.type === 'thinking') cost.tokens += block.signature ? textTokens(block.thinking) : 0;
      else if (block.type === 'redacted_thinking') cost.tokens += textTokens(block.data);
      else if (block.type === 'attachment') cost.tokens += messageTokens({ role: 'user', content: attachmentToModel(block, limit) });
      else if (block.type === 'file') cost.tokens += fileTokens(block);
      else if (block.type === 'compaction') cost.tokens += textTokens(block.content ?? '') + textTokens(JSON.stringify(block.apiFields));
      else if (block.type === 'tool_search') cost.tokens += 20 + textTokens(JSON.stringify(block.input ?? {})) + textTokens(block.loaded.join(' '));
      else if (block.type === 'tool_call' && isCompleteCall(block)) {
        const result = resultTokens(block, limit);
        cost.tokens += textTokens(block.exposedName) + textTokens(JSON.stringify(block.input ?? {})) + result;
        cost.results.set(block.id, result);
      }
    }
  }
  cache.set(message, { updatedAt: message.updatedAt, blocks: message.blocks.length, limit, cost });
  return cost;
}
