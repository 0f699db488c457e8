/** Chat, message and tool call rows of history.db read back as the shared types (chatRepository.ts writes them). */
import type { AppError } from '../../../shared/errors.ts';
import type { ChatMessage, ChatSummary, ContentBlock, ToolCallBlock, ToolScope, TurnNotice, MessageStatus } from '../../../shared/chat.ts';
import { json, num, optionalNum, optionalText, text, type Row } from './rows.ts';

/** A content block as stored in a message's row: a tool call is kept in tool_calls and named here by id. */
export type StoredBlock = Exclude<ContentBlock, ToolCallBlock> | { type: 'tool_call'; id: string };

/** A chat's summary from its row. */
export function toSummary(row: Row): ChatSummary {
  return {
    id: text(row, 'id'),
    title: text(row, 'title'),
    titleLocked: num(row, 'title_locked') === 1,
    model: text(row, 'model'),
    createdAt: num(row, 'created_at'),
    updatedAt: num(row, 'updated_at'),
    messageCount: num(row, 'message_count'),
    ...toolScopeOf(row),
  };
}

/** A chat's tool scope from its row: a damaged or absent scope is the default scope (absent), never an error that hides the chat. */
export function toolScopeOf(row: Row): { toolScope?: ToolScope } {
  const scope = json<Partial<ToolScope> | null>(row, 'tool_scope', null);
  if (!scope || !Array.isArray(scope.excludedServers) || !Array.isArray(scope.excludedTools)) return {};
  return { toolScope: { excludedServers: scope.excludedServers, excludedTools: scope.excludedTools } };
}

/** A tool call block from its row. */
export function toToolCall(row: Row): ToolCallBlock {
  const extra = json<Partial<ToolCallBlock>>(row, 'extra', {});
  const block: ToolCallBlock = {
    ...extra,
    type: 'tool_call',
    id: text(row, 'id'),
    exposedName: text(row, 'exposed_name'),
    serverId: text(row, 'server_id'),
    toolName: text(row, 'tool_name'),
    input: json<unknown>(row, 'arguments', undefined),
    status: text(row, 'status') as ToolCallBlock['status'],
    destructive: extra.destructive ?? false,
  };
  const result = json<ToolCallBlock['result']>(row, 'result', undefined);
  if (result) block.result = result;
  const error = json<AppError | undefined>(row, 'error', undefined);
  if (error) block.error = error;
  const startedAt = optionalNum(row, 'started_at');
  if (startedAt !== undefined) block.startedAt = startedAt;
  const durationMs = optionalNum(row, 'duration_ms');
  if (durationMs !== undefined) block.durationMs = durationMs;
  return block;
}

/** False when a message row's stored blocks hold no tool call placeholder, so its calls need not be read. */
export function mayHoldToolCalls(row: Row): boolean {
  // A placeholder is stored as {"type":"tool_call","id":…}. A text's own quotes are escaped in the stored JSON, so a
  // text quoting one does not match; any other match only costs the read.
  return typeof row.blocks === 'string' && row.blocks.includes('"tool_call"');
}

/** A message from its row, its tool calls taken from `toolCalls` (by message id and call id). */
export function toMessage(row: Row, toolCalls: Map<string, ToolCallBlock>): ChatMessage {
  const id = text(row, 'id');
  const stored = json<StoredBlock[]>(row, 'blocks', []);
  const blocks = stored.map((b): ContentBlock =>
    b.type === 'tool_call' ? (toolCalls.get(`${id}\u0000${b.id}`) ?? { type: 'tool_call', id: b.id, exposedName: '', serverId: '', toolName: '', input: {}, status: 'error', destructive: false }) : b,
  );
  const message: ChatMessage = {
    id,
    chatId: text(row, 'chat_id'),
    role: text(row, 'role') === 'assistant' ? 'assistant' : 'user',
    blocks,
    status: text(row, 'status') as MessageStatus,
    createdAt: num(row, 'created_at'),
    updatedAt: num(row, 'updated_at'),
  };
  const model = optionalText(row, 'model');
  if (model) message.model = model;
  if (row.input_tokens !== null && row.input_tokens !== undefined) {
    message.usage = {
      inputTokens: num(row, 'input_tokens'),
      outputTokens: num(row, 'output_tokens'),
      cacheReadTokens: num(row, 'cache_read_tokens'),
      cacheWriteTokens: num(row, 'cache_write_tokens'),
    };
  }
  const stopReason = optionalText(row, 'stop_reason');
  if (stopReason) message.stopReason = stopReason;
  const notice = optionalText(row, 'notice');
  if (notice) message.notice = notice as TurnNotice;
  const error = json<AppError | undefined>(row, 'error', undefined);
  if (error) message.error = error;
  const parentId = optionalText(row, 'parent_id');
  if (parentId) message.parentId = parentId;
  return message;
}
