/** The seam between the connection manager (all servers) and the registry/config/module around it. */
import type { Result } from '../../../shared/errors.ts';
import type { ServerConfig } from '../../../shared/serverConfig.ts';
import type { HostMessage } from '../../../shared/hostMessages.ts';
import type { CompletionParams, CompletionValues } from '../../../shared/completions.ts';
import type {
  LogLine,
  PromptInfo,
  PromptMessages,
  ResourceContents,
  ResourceInfo,
  ResourceTemplateInfo,
  ServerStatus,
  TestConnectionReport,
  ToolAnnotations,
  ToolResult,
} from '../../../shared/servers.ts';
import type { ToolCallOptions } from '../ports.ts';
import type { ToolUi } from '../../../shared/apps.ts';

/** A tool exactly as one server listed it. */
export interface ServerTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: ToolAnnotations;
  /** An acceptable data: icon from the tool's `icons` (icons/iconPolicy.ts). */
  icon?: string;
  /** MCP Apps: the tool's `_meta.ui` (resource URI, visibility). */
  ui?: ToolUi;
}

/** What one ready server offers; replaced whole on every refresh (connect, list_changed). */
export interface ServerCatalog {
  tools: ServerTool[];
  prompts: PromptInfo[];
  resourceCount: number;
}

/** One configured server as the manager needs it: valid config, or the validation error. */
export type ManagedServer =
  | { id: string; config: ServerConfig }
  | { id: string; invalid: { message: string; field?: string; text?: HostMessage } };

/** Callbacks the manager reports through. */
export interface ServerManagerListener {
  onStatus(serverId: string, status: ServerStatus): void;
  /** A server's catalog changed (connected, refreshed, or emptied when it stopped). */
  onCatalog(serverId: string, catalog: ServerCatalog): void;
  onLog(line: LogLine): void;
}

/** All MCP connections: one client per configured server, started in parallel, restarted on crash. */
export interface McpServerManager {
  /** Reconciles the running set with the configured one: starts new/changed/enabled, stops removed/disabled. */
  setServers(servers: ManagedServer[]): void;
  /** Resolves once every enabled server has settled (ready or error) after the last setServers. */
  whenSettled(): Promise<void>;
  status(serverId: string): ServerStatus | undefined;
  catalog(serverId: string): ServerCatalog | undefined;
  /** Stops and starts one server now (resets backoff). */
  restart(serverId: string): Promise<Result<null>>;
  logs(serverId: string, limit?: number): LogLine[];
  /** Adds a host note to a server's log (e.g. its elicitations were queued or refused). */
  note(serverId: string, text: string): void;
  /** Calls a tool; `timeoutMs` (the registry's routed timeout) wins over options.timeoutMs, so the caller's options need no copy. */
  callTool(serverId: string, toolName: string, args: Record<string, unknown>, options?: ToolCallOptions, timeoutMs?: number): Promise<Result<ToolResult>>;
  listResources(serverId: string, cursor?: string): Promise<Result<{ resources: ResourceInfo[]; nextCursor?: string }>>;
  listResourceTemplates(serverId: string): Promise<Result<ResourceTemplateInfo[]>>;
  readResource(serverId: string, uri: string): Promise<Result<ResourceContents[]>>;
  /** Reads a resource with the result's `ttlMs` (MCP Apps' HTML cache); optional so test doubles may leave it out. */
  readResourceWithTtl?(serverId: string, uri: string): Promise<Result<{ contents: ResourceContents[]; ttlMs?: number }>>;
  /** Asks the live connection to say when `uri` changes; resolves with a stop function, or undefined when it cannot. */
  watchResource?(serverId: string, uri: string, onUpdated: () => void): Promise<(() => void) | undefined>;
  getPrompt(serverId: string, name: string, args?: Record<string, string>): Promise<Result<PromptMessages>>;
  /** Argument autocomplete (`completion/complete`); optional so test doubles may leave it out. */
  complete?(serverId: string, params: Omit<CompletionParams, 'serverId'>): Promise<Result<CompletionValues>>;
  /** Connects once to a config that is not saved, reports what it found, and disconnects. */
  testConnection(name: string, config: ServerConfig): Promise<TestConnectionReport>;
  /** Closes every client; no child process survives. */
  shutdown(): Promise<void>;
}
