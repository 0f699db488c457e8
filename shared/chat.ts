/** Chat domain types: chats, messages, content blocks, tool calls, stream events. */
import type { AttachmentInfo } from './attachments.ts';
import type { AppError } from './errors.ts';
import type { McpContent, ToolResult } from './servers.ts';

/** Token usage of one assistant message, as reported by the API. */
export interface Usage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

/** Lifecycle of one tool call inside an assistant message. */
export type ToolCallStatus = 'streaming_input' | 'awaiting_approval' | 'running' | 'done' | 'error' | 'denied' | 'cancelled';

/** Progress reported by a server for a running tool call. */
export interface ToolProgress {
  progress: number;
  total?: number;
  message?: string;
}

/** Where a cut tool result's full copy is: its size in characters, and whether it is plain text or the result as JSON. */
export interface FullToolResult {
  chars: number;
  format: 'text' | 'json';
}

/** A tool call as the user sees it: which server and tool, with what input, and what came back. */
export interface ToolCallBlock {
  type: 'tool_call';
  /** The model's tool_use id. */
  id: string;
  exposedName: string;
  serverId: string;
  toolName: string;
  title?: string;
  input: unknown;
  /** Raw partial JSON while the input streams. */
  partialInput?: string;
  status: ToolCallStatus;
  destructive: boolean;
  /** The result as the UI and the model have it: cut to the tool result limit when it was larger (see `fullResult`). */
  result?: ToolResult;
  /** Set when `result` was cut: the whole result is saved on disk and the user can download it. */
  fullResult?: FullToolResult;
  error?: AppError;
  progress?: ToolProgress;
  startedAt?: number;
  durationMs?: number;
}

/**
 * A search for tools the model had not been given (progressive tool discovery) and the tools it loaded: run by the
 * API ('server', its tool search tool) or by Switchboard ('host', for gateways without one).
 */
export interface ToolSearchBlock {
  type: 'tool_search';
  /** The id of the search's server_tool_use (server) or tool_use (host) block. */
  id: string;
  by: 'server' | 'host';
  /** The tool name the model called. */
  name: string;
  /** The model's input as sent back to the API; undefined while it streams. */
  input: unknown;
  /** Raw partial JSON while the input streams. */
  partialInput?: string;
  /** The words searched for, as the user sees them. */
  query: string;
  status: 'searching' | 'done' | 'error';
  /** Exposed names of the tools found; they are loaded from the next request on. */
  loaded: string[];
  /** Why the search failed (the API's error code, or the host's). */
  errorCode?: string;
}

/** A file the user attached from their computer: the bytes stay in the data folder, history keeps this reference. */
export interface FileAttachmentBlock extends AttachmentInfo {
  type: 'file';
}

/**
 * The API's compaction of the older messages (compact_20260112): it stands in for everything before it in later
 * requests. `content` is the summary, or null when the compaction failed (kept and sent back, a no-op for the API).
 */
export interface CompactionBlock {
  type: 'compaction';
  content: string | null;
  /** The block's other fields as the API sent them (encrypted_content, signature, ...), sent back verbatim. */
  apiFields: Record<string, unknown>;
}

/** One content block of a message. */
export type ContentBlock =
  | { type: 'text'; text: string }
  | { type: 'thinking'; thinking: string; signature?: string }
  | { type: 'redacted_thinking'; data: string }
  | ToolCallBlock
  | ToolSearchBlock
  | { type: 'attachment'; serverId: string; uri: string; name?: string; content: McpContent[] }
  | FileAttachmentBlock
  | CompactionBlock;

/** Status of a message in history. */
export type MessageStatus = 'streaming' | 'complete' | 'stopped' | 'error';

/** Why an assistant turn ended, when the user should hear about it. */
export type TurnNotice = 'max_tokens' | 'refusal' | 'max_turns' | 'pause_turn';

/** One message in a chat. */
export interface ChatMessage {
  id: string;
  chatId: string;
  role: 'user' | 'assistant';
  blocks: ContentBlock[];
  status: MessageStatus;
  createdAt: number;
  updatedAt: number;
  model?: string;
  usage?: Usage;
  stopReason?: string;
  notice?: TurnNotice;
  error?: AppError;
  /** The message this one answers or follows (absent for a chat's first message): chats are trees of branches. */
  parentId?: string;
  /** Ids of the versions of this message (edits, regenerations), oldest first, itself included; absent when it has none. */
  siblings?: string[];
}

/** A chat as listed in the sidebar. */
export interface ChatSummary {
  id: string;
  title: string;
  /** True once the user renamed it (the title no longer follows the first message). */
  titleLocked: boolean;
  model: string;
  createdAt: number;
  updatedAt: number;
  messageCount: number;
  /** Which servers and tools this chat may use; absent: the default scope from settings. */
  toolScope?: ToolScope;
}

/** Servers and tools left out of a chat (exclusions, so a server added later is in scope by default). */
export interface ToolScope {
  excludedServers: string[];
  excludedTools: { serverId: string; toolName: string }[];
}

/** What a chat's next request sends as tools, for the composer's scope picker. */
export interface ToolPlanSummary {
  /** All tools sent, or some deferred behind the API's search ('server') or Switchboard's ('host'). */
  mode: 'all' | 'server' | 'host';
  /** Tools sent whole (the search tool included) and their estimated tokens. */
  loaded: { tools: number; tokens: number };
  /** Tools left for the search to find. */
  deferred: number;
  /** Every server with tools: how many, their estimated tokens if all were sent, and whether the scope includes it. */
  servers: { serverId: string; tools: { toolName: string; tokens: number; inScope: boolean }[]; inScope: boolean }[];
  /** The scope in effect. */
  scope: ToolScope;
}

/** A page of a chat's messages, oldest first. */
export interface ChatPage {
  chat: ChatSummary;
  messages: ChatMessage[];
  /** Pass as `before` to load older messages; absent when there are none. */
  olderCursor?: string;
}

/** How full the model's context window was for a chat's last request, and what was done to keep it inside. */
export interface ContextUsage {
  /** Input tokens of the request (counted by the API when `counted` is 'api', else estimated). */
  inputTokens: number;
  /** The model's context window. */
  windowTokens: number;
  /** Tokens kept free for the answer (max tokens, plus the thinking budget). */
  reservedTokens: number;
  counted: 'api' | 'estimate';
  /** Older tool results replaced by a short placeholder in this request. */
  clearedToolResults: number;
  /** Older messages the chat's stored summary condenses (sent in their place). */
  summarizedMessages: number;
  /** Older messages left out with no summary (the summary request failed, or they were beyond what it could read). */
  droppedMessages: number;
  /** True when the API's context management was asked to clear old tool results as well. */
  apiContextManagement: boolean;
  /** True when the API was also asked to compact older messages (compact_20260112; models that support it). */
  apiCompaction?: boolean;
}

/** The generation state of a chat. */
export interface ChatRunState {
  chatId: string;
  generating: boolean;
  error?: AppError;
  notice?: TurnNotice;
}

/** Streaming updates for an open chat. Replacing events carry whole objects; deltas only append. */
export type ChatStreamEvent =
  | { type: 'message'; chatId: string; message: ChatMessage }
  | { type: 'text_delta'; chatId: string; messageId: string; index: number; text: string }
  | { type: 'thinking_delta'; chatId: string; messageId: string; index: number; text: string }
  | { type: 'tool_input_delta'; chatId: string; messageId: string; index: number; partialJson: string }
  | { type: 'block'; chatId: string; messageId: string; index: number; block: ContentBlock }
  | { type: 'run_state'; chatId: string; state: ChatRunState };

/** A tool call waiting for the user's decision. */
export interface PendingApproval {
  id: string;
  chatId: string;
  toolCallId: string;
  serverId: string;
  toolName: string;
  exposedName: string;
  title?: string;
  /** The tool's full description as the model reads it, so the user can see every instruction it carries. */
  description?: string;
  /** Fingerprint of the definition shown; "always allow" approves exactly this one. */
  fingerprint?: string;
  /** The tool is set to always allow but its definition changed since the user approved it. */
  changedSinceApproval?: boolean;
  input: unknown;
  destructive: boolean;
  readOnly: boolean;
  createdAt: number;
}

/** The user's answer to an approval request. */
export type ApprovalDecision = 'allow_once' | 'always_allow' | 'deny';
