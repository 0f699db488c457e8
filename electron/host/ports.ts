/** The seams between host modules: what the chat engine needs from the MCP layer, and the module shapes createHost wires. */
import type { ApprovalQueue } from './chat/approvals.ts';
import type { Result } from '../../shared/errors.ts';
import type { SamplingRunner } from './sampling/samplingBroker.ts';
import type { AppResourceSource } from './apps/appResources.ts';
import type { HostApi, StorageNotice } from '../../shared/contract.ts';
import type { ApprovalPolicy } from '../../shared/serverConfig.ts';
import type { ExposedTool, ResourceContents, ToolResult } from '../../shared/servers.ts';
import type { ToolProgress } from '../../shared/chat.ts';
import type { Settings } from '../../shared/settings.ts';
import type { ElicitationAnswer, PendingElicitation } from '../../shared/elicitation.ts';

/** Options of one routed tool call. */
export interface ToolCallOptions {
  signal?: AbortSignal;
  onProgress?: (progress: ToolProgress) => void;
  /** Per-call timeout; reset whenever progress arrives. Defaults to the server's toolTimeoutMs. */
  timeoutMs?: number;
  /** The chat on whose behalf the call runs, so elicitations can name it and be cancelled with it. */
  chatId?: string;
  /** Who asked: an MCP App may call its server's app-only tools, the model may not. Default 'model'. */
  caller?: 'model' | 'app';
}

/** What the approval policy says about one tool before asking anyone. */
export type ApprovalVerdict = 'allow' | 'ask' | 'deny';

/** The merged tool registry as the chat engine uses it. */
export interface ToolCaller {
  /** Enabled tools of ready, enabled servers, in a stable order. */
  listTools(): ExposedTool[];
  /** Looks up one exposed tool (enabled or not). */
  getTool(exposedName: string): ExposedTool | undefined;
  /** Looks up a tool by its server and own name, app-only tools included (MCP Apps); optional for test doubles. */
  toolOf?(serverId: string, toolName: string): ExposedTool | undefined;
  /** Policy verdict: deny, always allow / trusted read-only hint, or ask. */
  approvalVerdict(exposedName: string): ApprovalVerdict;
  /** Persists a per-tool approval policy (e.g. after "Always allow", remembering the definition approved: by default the current one). */
  setApproval(serverId: string, toolName: string, policy: ApprovalPolicy, approvedFingerprint?: string): Promise<Result<ExposedTool[]>>;
  /** Routes a call; abort is reported as `cancelled`, not as a timeout. */
  callTool(exposedName: string, args: Record<string, unknown>, options?: ToolCallOptions): Promise<Result<ToolResult>>;
  /** Reads a resource (for attachments). */
  readResource(serverId: string, uri: string): Promise<Result<ResourceContents[]>>;
  /** Subscribes to registry changes; returns unsubscribe. */
  onChange(listener: (tools: ExposedTool[]) => void): () => void;
}

/** A request for user input from a server, before it gets an id. Distributive, so each mode keeps its own fields (requestedSchema / url). */
export type ElicitationRequestInput = PendingElicitation extends infer P ? (P extends unknown ? Omit<P, 'id' | 'createdAt' | 'expiresAt'> : never) : never;

/** Routes server elicitation requests to the user. */
export interface ElicitationBroker {
  /** Asks the user; resolves with their answer, or `cancel` on timeout/abort. */
  request(input: ElicitationRequestInput, options?: { signal?: AbortSignal; timeoutMs?: number }): Promise<ElicitationAnswer>;
  /** Pending requests, oldest first. */
  list(): PendingElicitation[];
  /** Answers one; false when no longer pending. */
  answer(id: string, answer: ElicitationAnswer): boolean;
  /** Cancels every pending request of a chat (or all). */
  cancelAll(chatId?: string): void;
}

/** Calls owned by the MCP module. */
export type McpCalls = Pick<
  HostApi,
  | 'servers.list' | 'servers.add' | 'servers.update' | 'servers.remove' | 'servers.setEnabled' | 'servers.setTrustReadOnly' | 'servers.setApps'
  | 'servers.restart' | 'servers.test' | 'servers.logs' | 'servers.importPreview' | 'servers.importApply'
  | 'tools.list' | 'tools.schema' | 'tools.setEnabled' | 'tools.setApproval'
  | 'resources.list' | 'resources.templates' | 'resources.read' | 'prompts.list' | 'prompts.get' | 'completions.complete'
  | 'elicitations.list' | 'elicitations.answer' | 'servers.signIn' | 'servers.signOut'
>;

/** Calls owned by the chat module. */
export type ChatCalls = Pick<
  HostApi,
  | 'chats.list' | 'chats.create' | 'chats.get' | 'chats.rename' | 'chats.delete' | 'chats.export' | 'chats.toolResult' | 'chats.setToolScope' | 'chats.toolPlan'
  | 'chats.find' | 'chats.usage' | 'chats.snippets'
  | 'chat.send' | 'chat.stop' | 'chat.retry' | 'chat.continue' | 'chat.state' | 'chat.context'
  | 'chat.edit' | 'chat.regenerate' | 'chats.switchBranch' | 'chats.deleteMessage'
  | 'attachments.add' | 'attachments.discard' | 'attachments.thumbnail'
  | 'approvals.list' | 'approvals.answer'
  | 'settings.get' | 'settings.update' | 'settings.setApiKey' | 'models.list'
  | 'apps.setModelContext'
  | 'searchIndex.status'
>;

/** Calls answered by createHost itself. */
export type AppCalls = Pick<HostApi, 'app.info' | 'app.openExternal' | 'storage.dismissNotice' | 'storage.restoreHistory'>;

/** The MCP module: connections, registry, config, elicitation. */
export interface McpModule {
  api: McpCalls;
  tools: ToolCaller;
  elicitations: ElicitationBroker;
  /** Reads with the server's cache hint and watches for updates: what MCP Apps' HTML cache needs. */
  appResources: AppResourceSource;
  /** Starts every enabled server in parallel; resolves once each has settled (ready or error). */
  start(): Promise<void>;
  /** Closes every client and ends every child process. */
  shutdown(): Promise<void>;
}

/** The chat module: provider, loop, history, approvals, settings. */
export interface ChatModule {
  api: ChatCalls;
  /** Runs a server's sampling request through the app's provider (key, base URL, model; no tools). */
  sampler: SamplingRunner;
  /** The current settings (read synchronously, e.g. by the OAuth providers). */
  settings(): Settings;
  /** Pending tool approvals (MCP Apps' tool calls wait in the same queue as the model's). */
  approvals: ApprovalQueue;
  /** Puts a moved-aside history back (stopping running chats first); the current one is kept aside. */
  restoreHistory(noticeId: string): Promise<Result<StorageNotice[]>>;
  /** Stops every running chat and closes the database. */
  shutdown(): Promise<void>;
}
