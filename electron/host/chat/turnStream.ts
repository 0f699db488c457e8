/**
 * Streams one assistant turn: reads the SDK's raw events into the message's content blocks, pushes every delta to the
 * renderer, and persists the message at each block's end, so a crash loses at most the block in flight.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { hostError, type AppError } from '../../../shared/errors.ts';
import { hostMessage } from '../../../shared/hostMessages.ts';
import type { ChatMessage, ChatStreamEvent, ContentBlock, ToolCallBlock } from '../../../shared/chat.ts';
import type { ExposedTool } from '../../../shared/servers.ts';
import { streamCut, toApiError, type ErrorContext } from './apiErrors.ts';
import { applySearchResult, finishSearchInput, startSearch } from './toolSearch/searchStream.ts';
import { applyCompactionDelta, startCompaction } from './context/compaction/compactionStream.ts';

/** How a streamed turn ended. */
export type TurnOutcome = { kind: 'complete'; stopReason: string } | { kind: 'stopped' } | { kind: 'error'; error: AppError };

/** Where the turn reports to. */
export interface TurnSink {
  emit(event: ChatStreamEvent): void;
  /** Writes the message as it stands. */
  persist(message: ChatMessage): void;
  lookupTool(exposedName: string): ExposedTool | undefined;
}

/** True when a tool may change things: not read-only, and not declared non-destructive. */
export function isDestructive(tool: ExposedTool | undefined): boolean {
  const hints = tool?.annotations;
  if (hints?.readOnlyHint) return false;
  return hints?.destructiveHint ?? true;
}

function startBlock(block: Anthropic.RawContentBlockStartEvent['content_block'], sink: TurnSink): ContentBlock | undefined {
  // Tool searches and the API's compaction have blocks of their own.
  const special = startSearch(block) ?? startCompaction(block);
  if (special) return special;
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'thinking':
      return { type: 'thinking', thinking: block.thinking, signature: block.signature };
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: block.data };
    case 'tool_use': {
      const tool = sink.lookupTool(block.name);
      const call: ToolCallBlock = {
        type: 'tool_call',
        id: block.id,
        exposedName: block.name,
        serverId: tool?.serverId ?? '',
        toolName: tool?.toolName ?? block.name,
        input: undefined,
        partialInput: '',
        status: 'streaming_input',
        destructive: isDestructive(tool),
      };
      if (tool?.title ?? tool?.annotations?.title) call.title = tool.title ?? tool.annotations?.title;
      return call;
    }
    default:
      // The only server tool Switchboard offers is the tool search (above); its result is applied to its search block.
      return undefined;
  }
}

/** A tool_use block's input is complete at its stop: parses it (an empty input means {}); unparsable input is an error card. */
export function finishToolInput(call: ToolCallBlock): void {
  const raw = call.partialInput ?? '';
  try {
    const parsed: unknown = raw.trim() === '' ? {} : JSON.parse(raw);
    call.input = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
    call.status = 'awaiting_approval';
    delete call.partialInput;
  } catch {
    call.input = {};
    call.status = 'error';
    call.error = hostError('invalid_params', hostMessage('chat.badToolInput'), { detail: raw.slice(0, 2000) });
  }
}

/** Runs one streamed request, filling `message`. Never throws: the outcome says how it ended. */
export async function streamTurn(options: {
  client: Anthropic;
  request: Anthropic.MessageCreateParamsStreaming;
  signal: AbortSignal;
  message: ChatMessage;
  sink: TurnSink;
  context: Omit<ErrorContext, 'streamStarted'>;
}): Promise<TurnOutcome> {
  const { message, sink, signal } = options;
  const chatId = message.chatId;
  const messageId = message.id;
  const positions = new Map<number, number>();
  let started = false;
  let finished = false;
  let stopReason = 'end_turn';
  const blockAt = (apiIndex: number): { block: ContentBlock; index: number } | undefined => {
    const index = positions.get(apiIndex);
    const block = index === undefined ? undefined : message.blocks[index];
    return block && index !== undefined ? { block, index } : undefined;
  };

  try {
    const stream = await options.client.messages.create(options.request, { signal });
    for await (const event of stream) {
      started = true;
      switch (event.type) {
        case 'message_start': {
          const usage = event.message.usage;
          message.model = event.message.model;
          message.usage = {
            inputTokens: usage.input_tokens,
            outputTokens: usage.output_tokens,
            cacheReadTokens: usage.cache_read_input_tokens ?? 0,
            cacheWriteTokens: usage.cache_creation_input_tokens ?? 0,
          };
          break;
        }
        case 'content_block_start': {
          if (event.content_block.type === 'tool_search_tool_result') {
            const index = applySearchResult(message.blocks, event.content_block);
            const search = message.blocks[index];
            if (search) sink.emit({ type: 'block', chatId, messageId, index, block: search });
            break;
          }
          const block = startBlock(event.content_block, sink);
          if (!block) break;
          message.blocks.push(block);
          positions.set(event.index, message.blocks.length - 1);
          sink.emit({ type: 'block', chatId, messageId, index: message.blocks.length - 1, block });
          break;
        }
        case 'content_block_delta': {
          const at = blockAt(event.index);
          if (!at) break;
          const { block, index } = at;
          const delta = event.delta;
          if (delta.type === 'text_delta' && block.type === 'text') {
            block.text += delta.text;
            sink.emit({ type: 'text_delta', chatId, messageId, index, text: delta.text });
          } else if (delta.type === 'thinking_delta' && block.type === 'thinking') {
            block.thinking += delta.thinking;
            sink.emit({ type: 'thinking_delta', chatId, messageId, index, text: delta.thinking });
          } else if (delta.type === 'signature_delta' && block.type === 'thinking') {
            block.signature = (block.signature ?? '') + delta.signature;
          } else if (delta.type === 'input_json_delta' && block.type === 'tool_call') {
            block.partialInput = (block.partialInput ?? '') + delta.partial_json;
            if (delta.partial_json) sink.emit({ type: 'tool_input_delta', chatId, messageId, index, partialJson: delta.partial_json });
          } else if (delta.type === 'input_json_delta' && block.type === 'tool_search') {
            block.partialInput = (block.partialInput ?? '') + delta.partial_json;
          } else if (block.type === 'compaction') {
            applyCompactionDelta(block, delta);
          }
          break;
        }
        case 'content_block_stop': {
          const at = blockAt(event.index);
          if (!at) break;
          if (at.block.type === 'tool_call') finishToolInput(at.block);
          else if (at.block.type === 'tool_search') finishSearchInput(at.block);
          message.updatedAt = Date.now();
          sink.persist(message);
          sink.emit({ type: 'block', chatId, messageId, index: at.index, block: at.block });
          break;
        }
        case 'message_delta': {
          if (event.delta.stop_reason) stopReason = event.delta.stop_reason;
          const usage = event.usage;
          const current = message.usage ?? { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
          message.usage = {
            inputTokens: usage.input_tokens ?? current.inputTokens,
            outputTokens: usage.output_tokens,
            cacheReadTokens: usage.cache_read_input_tokens ?? current.cacheReadTokens,
            cacheWriteTokens: usage.cache_creation_input_tokens ?? current.cacheWriteTokens,
          };
          message.stopReason = stopReason;
          break;
        }
        case 'message_stop':
          finished = true;
          break;
      }
    }
  } catch (cause) {
    if (signal.aborted) return { kind: 'stopped' };
    return { kind: 'error', error: toApiError(cause, { ...options.context, streamStarted: started }) };
  }
  if (signal.aborted) return { kind: 'stopped' };
  if (!finished) return { kind: 'error', error: streamCut('the stream ended without message_stop') };
  return { kind: 'complete', stopReason };
}
