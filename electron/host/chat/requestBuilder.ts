/**
 * Builds the Messages API request from a chat's history: assistant tool calls become tool_use blocks followed by one
 * user turn of tool_result blocks; prompt-cache breakpoints go on the tools, the system prompt and the latest turns,
 * so each request reads the previous one's prefix from the cache. The conversion is deterministic for that reason.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { ChatMessage, ContentBlock, ToolCallBlock } from '../../../shared/chat.ts';
import type { ExposedTool } from '../../../shared/servers.ts';
import type { Settings } from '../../../shared/settings.ts';
import { attachmentToModel, toolResultToModel, type ModelBlock } from './mcpContent.ts';
import { planTools, type ToolKey } from './toolSearch/deferralPolicy.ts';
import { definedNames, hostSearchResult, planToApiTools, searchToAssistant } from './toolSearch/requestTools.ts';
import { fileToModel, filesLeftOut, leftOutNote, type AttachmentReader, type FileModelBlock } from './attachments/toApiBlocks.ts';
import { isUnansweredReply } from '../../../shared/branches.ts';
import { compactionToApi } from './context/compaction/compactionRequest.ts';

type UserBlock = ModelBlock | FileModelBlock | Anthropic.ToolResultBlockParam;
type AssistantBlock =
  | Anthropic.TextBlockParam
  | Anthropic.ThinkingBlockParam
  | Anthropic.RedactedThinkingBlockParam
  | Anthropic.ToolUseBlockParam
  | Anthropic.ServerToolUseBlockParam
  | Anthropic.ToolSearchToolResultBlockParam
  // A compaction block (beta: the non-beta types do not list it) goes back as the API sent it (context/compaction/).
  | Anthropic.ContentBlockParam;

/** The text the model sees in place of a user turn when two assistant turns follow each other (a "continue"). */
export const continuePrompt = 'Please continue from where you stopped.';

const ephemeral: Anthropic.CacheControlEphemeral = { type: 'ephemeral' };

/** What the model is told for a tool call that produced no result. */
function missingResultText(call: ToolCallBlock): string {
  switch (call.status) {
    case 'denied':
      return 'The user declined to run this tool call.';
    case 'error':
      return call.error ? `The tool call failed: ${call.error.message}` : 'The tool call failed.';
    default:
      return 'The tool call did not finish: the user stopped it.';
  }
}

/** The tool_result block for one tool call. */
export function toolResultBlock(call: ToolCallBlock, limit: number): Anthropic.ToolResultBlockParam {
  if (call.result && call.status !== 'denied') {
    const { content, isError } = toolResultToModel(call.result, limit);
    return { type: 'tool_result', tool_use_id: call.id, content, ...(isError ? { is_error: true } : {}) };
  }
  return { type: 'tool_result', tool_use_id: call.id, content: [{ type: 'text', text: missingResultText(call) }], is_error: true };
}

/** True when the tool call reached the model whole (its input finished streaming). */
export function isCompleteCall(call: ToolCallBlock): boolean {
  return call.status !== 'streaming_input' && !!call.input && typeof call.input === 'object' && !Array.isArray(call.input);
}

/** How the request reads attached files: the reader, and the older files left out to stay within the API's limits. */
interface FileAccess {
  read: AttachmentReader;
  leftOut: ReadonlySet<string>;
}

function userBlocks(message: ChatMessage, limit: number, files: FileAccess | undefined): UserBlock[] {
  const out: UserBlock[] = [];
  for (const block of message.blocks) {
    if (block.type === 'text' && block.text.length > 0) out.push({ type: 'text', text: block.text });
    else if (block.type === 'attachment') out.push(...attachmentToModel(block, limit));
    else if (block.type === 'file') out.push(...(files?.leftOut.has(block.id) ? [leftOutNote(block)] : fileToModel(block, files?.read(message.chatId, block.id))));
  }
  return out;
}

function assistantBlocks(blocks: ContentBlock[], defined: ReadonlySet<string> | undefined): AssistantBlock[] {
  const out: AssistantBlock[] = [];
  for (const block of blocks) {
    if (block.type === 'text' && block.text.length > 0) out.push({ type: 'text', text: block.text });
    // A thinking block without its signature (cut mid-stream) cannot be sent back.
    else if (block.type === 'thinking' && block.signature) out.push({ type: 'thinking', thinking: block.thinking, signature: block.signature });
    else if (block.type === 'redacted_thinking') out.push({ type: 'redacted_thinking', data: block.data });
    else if (block.type === 'tool_call' && isCompleteCall(block)) out.push({ type: 'tool_use', id: block.id, name: block.exposedName, input: block.input });
    else if (block.type === 'tool_search') out.push(...searchToAssistant(block, defined));
    else if (block.type === 'compaction') out.push(compactionToApi(block));
  }
  return out;
}

// Results owed for an assistant turn's tool calls and host searches, in block order; `references`: see hostSearchResult.
function resultsFor(blocks: ContentBlock[], limit: number, references: ReadonlySet<string> | undefined): Anthropic.ToolResultBlockParam[] {
  return blocks.flatMap((b) => {
    if (b.type === 'tool_call') return isCompleteCall(b) ? [toolResultBlock(b, limit)] : [];
    if (b.type === 'tool_search' && b.by === 'host' && b.status !== 'searching' && b.input !== undefined) return [hostSearchResult(b, references)];
    return [];
  });
}

/**
 * Converts history to API messages (user first, roles alternating); `defined` names the tools the request defines (for
 * the tool search blocks); `hostReferences`: the host's search results go out as `tool_reference` blocks.
 */
export function toApiMessages(history: ChatMessage[], limit: number, defined?: ReadonlySet<string>, readFile?: AttachmentReader, hostReferences = false): Anthropic.MessageParam[] {
  const references = hostReferences ? defined : undefined;
  const files = readFile ? { read: readFile, leftOut: filesLeftOut(history) } : undefined;
  const out: { role: 'user' | 'assistant'; content: (UserBlock | AssistantBlock)[] }[] = [];
  let pendingResults: Anthropic.ToolResultBlockParam[] = [];
  let lastAssistantPaused = false;
  const push = (role: 'user' | 'assistant', content: (UserBlock | AssistantBlock)[], merge: boolean) => {
    const last = out.at(-1);
    if (last && last.role === role && merge) last.content.push(...content);
    else out.push({ role, content });
  };

  // The newest user message is always asked (a retry asks it again, whatever happened to its first reply).
  const lastUser = history.findLastIndex((m) => m.role === 'user');
  for (const [at, message] of history.entries()) {
    // A failed answer is shown to the user but is not part of the conversation (Retry asks again without it).
    if (message.status === 'error') continue;
    // Nor is an older message it failed to answer: shown as failed, it must not be merged into the next one unseen.
    if (message.role === 'user' && at < lastUser && isUnansweredReply(history[at + 1])) continue;
    if (message.role === 'user') {
      const content = [...pendingResults, ...userBlocks(message, limit, files)];
      pendingResults = [];
      if (content.length > 0) push('user', content, true);
      continue;
    }
    const content = assistantBlocks(message.blocks, defined);
    if (content.length === 0) continue;
    if (pendingResults.length > 0) {
      push('user', pendingResults, true);
    } else if (out.at(-1)?.role === 'assistant' && !lastAssistantPaused) {
      push('user', [{ type: 'text', text: continuePrompt }], false);
    }
    // A paused turn is resumed by sending it back as is; its continuation belongs to the same assistant turn.
    push('assistant', content, lastAssistantPaused);
    lastAssistantPaused = message.stopReason === 'pause_turn';
    pendingResults = resultsFor(message.blocks, limit, references);
  }
  if (pendingResults.length > 0) push('user', pendingResults, true);
  else if (out.at(-1)?.role === 'assistant' && !lastAssistantPaused) push('user', [{ type: 'text', text: continuePrompt }], false);
  markLatestTurns(out);
  return out;
}

// Breakpoints on the last block of the last two user turns: the newest prefix is written, the previous one is read.
function markLatestTurns(messages: { role: string; content: (UserBlock | AssistantBlock)[] }[]): void {
  let marked = 0;
  for (let i = messages.length - 1; i >= 0 && marked < 2; i--) {
    const message = messages[i];
    if (message?.role !== 'user') continue;
    const last = message.content.at(-1);
    if (last && (last.type === 'text' || last.type === 'image' || last.type === 'document' || last.type === 'tool_result')) {
      message.content[message.content.length - 1] = { ...last, cache_control: ephemeral };
      marked += 1;
    }
  }
}

// Each tool's API definition, kept per tool object (the registry replaces a changed tool's object): every request of a
// run sends the same tools, and the same objects let the estimate reuse each one's size (context/estimate.ts).
const apiTools = new WeakMap<ExposedTool, Anthropic.Tool>();
const lastApiTools = new WeakMap<ExposedTool, Anthropic.Tool>();

// The value kept for `tool` in `kept`, built once.
function keptFor(kept: WeakMap<ExposedTool, Anthropic.Tool>, tool: ExposedTool, build: () => Anthropic.Tool): Anthropic.Tool {
  let api = kept.get(tool);
  if (!api) kept.set(tool, (api = build()));
  return api;
}

const apiToolOf = (tool: ExposedTool): Anthropic.Tool =>
  keptFor(apiTools, tool, () => ({ name: tool.exposedName, description: tool.description ?? tool.title ?? tool.toolName, input_schema: { ...tool.inputSchema, type: 'object' } }));
// The last tool carries the cache breakpoint.
const lastApiToolOf = (tool: ExposedTool): Anthropic.Tool => keptFor(lastApiTools, tool, () => ({ ...apiToolOf(tool), cache_control: ephemeral }));

/** The tools block; the breakpoint on the last tool caches them all. The objects are shared between requests: read only. */
export function toApiTools(tools: ExposedTool[]): Anthropic.Tool[] {
  return tools.map((tool, index) => (index === tools.length - 1 ? lastApiToolOf(tool) : apiToolOf(tool)));
}

/**
 * Tools the history calls but that are no longer offered (server stopped, disabled or removed). The API requires every
 * tool_use in the history to name a defined tool, so each gets a stub that tells the model not to call it.
 */
function retiredTools(messages: Anthropic.MessageParam[], known: ReadonlySet<string>): ExposedTool[] {
  const missing = new Set<string>();
  for (const message of messages) {
    if (typeof message.content === 'string') continue;
    for (const block of message.content) if (block.type === 'tool_use' && !known.has(block.name)) missing.add(block.name);
  }
  return [...missing].sort().map((name) => ({
    exposedName: name,
    serverId: '',
    toolName: name,
    description: 'This tool is no longer available (its server was stopped, disabled or removed). Do not call it.',
    inputSchema: { type: 'object', properties: {} },
    enabled: false,
    approval: 'deny',
  }));
}

/** The full streaming request for one assistant turn. */
export function buildRequest(options: { history: ChatMessage[]; tools: ExposedTool[]; settings: Settings; model: string; readFile?: AttachmentReader; mostUsed?: readonly ToolKey[]; hostReferences?: boolean }): Anthropic.MessageCreateParamsStreaming {
  const { settings } = options;
  // Over the tool budget some tools are deferred behind a tool search (toolSearch/deferralPolicy.ts).
  const plan = planTools({ tools: options.tools, history: options.history, settings, model: options.model, ...(options.mostUsed ? { mostUsed: options.mostUsed } : {}), ...(options.hostReferences ? { hostReferences: true } : {}) });
  const defined = definedNames(plan);
  const request: Anthropic.MessageCreateParamsStreaming = {
    model: options.model,
    max_tokens: settings.maxTokens,
    messages: toApiMessages(options.history, settings.toolResultLimit, defined, options.readFile, plan.references),
    stream: true,
  };
  const retired = retiredTools(request.messages, defined);
  const tools = plan.mode === 'all' ? toApiTools([...plan.loaded, ...retired]) : [...planToApiTools(plan), ...toApiTools(retired).map(({ cache_control: _, ...tool }) => tool)];
  if (tools.length > 0) request.tools = tools;
  if (settings.systemPrompt.trim().length > 0) request.system = [{ type: 'text', text: settings.systemPrompt, cache_control: ephemeral }];
  if (settings.thinkingEnabled) {
    // The API requires budget < max_tokens; give the answer its full max on top of the thinking budget.
    request.thinking = { type: 'enabled', budget_tokens: settings.thinkingBudget };
    if (settings.thinkingBudget >= settings.maxTokens) request.max_tokens = settings.thinkingBudget + settings.maxTokens;
  }
  return request;
}
