/** Server runtime state as the renderer sees it: status union, views, tools, logs, import previews. */
import type { ToolUi } from './apps.ts';
import { z } from 'zod';
import { appErrorSchema } from './errors.ts';
import type { HostMessage } from './hostMessages.ts';
import type { ApprovalPolicy, ServerConfig } from './serverConfig.ts';

/** Protocol era negotiated with a server: 2026-07-28 stateless (`modern`) or 2025 `initialize` (`legacy`). */
export type ProtocolEra = 'modern' | 'legacy';

/** What a ready server offers, as counted after discovery. */
export interface CapabilitySummary {
  tools: boolean;
  resources: boolean;
  prompts: boolean;
  logging: boolean;
  completions: boolean;
  listChanged: { tools: boolean; resources: boolean; prompts: boolean };
  subscribe: boolean;
}

/** Long-lived status of one server; every transition is pushed as an event. */
export type ServerStatus =
  | { state: 'disabled' }
  | { state: 'invalid'; message: string; field?: string; /** `message` as a code plus parameters, translated by the renderer. */ text?: HostMessage }
  | { state: 'connecting'; since: number }
  /** Waiting for a start slot: at most `maxConcurrentStarts` servers spawn at once; its connect timeout has not begun. */
  | { state: 'queued'; since: number }
  | {
      state: 'ready';
      since: number;
      era: ProtocolEra;
      protocolVersion: string;
      serverName: string;
      serverVersion: string;
      instructions?: string;
      /** The server's icon as checked by the host (electron/host/mcp/icons): always a raster data: URL. */
      icon?: string;
      capabilities: CapabilitySummary;
      counts: { tools: number; resources: number; prompts: number };
      /** Non-fatal problems seen while ready (e.g. a non-JSON stdout line). */
      warnings: string[];
      /** The same warnings as codes plus parameters, translated by the renderer. */
      warningTexts?: HostMessage[];
      /** 2026-07-28: the change stream (subscriptions/listen) dropped and is being reopened; lists may be stale meanwhile. */
      changeStreamDown?: { since: number; nextTryAt: number; reason: string };
    }
  | {
      state: 'error';
      message: string;
      code: string;
      stderrTail: string[];
      at: number;
      /** What to try, e.g. the PATH searched, in English (logs; shown when `hints` is absent). */
      detail?: string;
      /** `message` as a code plus parameters, translated by the renderer. */
      text?: HostMessage;
      /** What to try, translated by the renderer. */
      hints?: HostMessage[];
      /** For a command not found: the PATH entries searched. */
      searched?: string[];
    }
  | { state: 'restarting'; attempt: number; nextTryAt: number; lastError: string; /** `lastError` as a code plus parameters. */ lastErrorText?: HostMessage }
  | {
      state: 'auth_required';
      message: string;
      /** `message` as a code plus parameters, when the host worded it. */
      text?: HostMessage;
      /** Why the last sign-in did not complete, translated by the renderer (part of `message` in English). */
      failureText?: HostMessage;
    };

/** A server as listed to the renderer: its name, config (secrets masked) and status. */
export interface ServerView {
  /** The server's id: its name in the servers file. */
  id: string;
  config: ServerConfig;
  status: ServerStatus;
  transport: 'stdio' | 'http';
}

/** Tool annotations exactly as the server sent them. */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** One tool in the merged registry. */
export interface ExposedTool {
  /** The unique name given to the model, matching ^[a-zA-Z0-9_-]{1,64}$. */
  exposedName: string;
  serverId: string;
  toolName: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: ToolAnnotations;
  /** The tool's icon when the server sends an acceptable data: icon (electron/host/mcp/icons). */
  icon?: string;
  /** MCP Apps: the tool's UI resource and who may call it (shared/apps.ts). */
  ui?: ToolUi;
  enabled: boolean;
  approval: ApprovalPolicy;
  /** Fingerprint of title, description and input schema (what "always allow" approves). */
  fingerprint?: string;
  /**
   * True when the tool is set to always allow but its definition changed since the user approved it: calls ask
   * again until the user re-approves (a server may slip new instructions into a description after approval).
   */
  changedSinceApproval?: boolean;
}

/** A tool as the renderer mirrors it: everything but the schemas, which it asks for on demand ('tools.schema'). */
export type ToolSummary = Omit<ExposedTool, 'inputSchema' | 'outputSchema'>;

/** What changed in one server's tools: summaries added or changed, tool names gone. */
export interface ServerToolsDelta {
  serverId: string;
  upsert: ToolSummary[];
  remove: string[];
}

/**
 * Payload of 'servers.changed': the views that changed since the last push, and every server id in list order (an id
 * missing from it was removed). The full list comes from 'servers.list' (first load, reconnect).
 */
export interface ServersDelta {
  changed: ServerView[];
  order: string[];
}

/** The list after a 'servers.changed' delta: unchanged views are kept as the same objects (nothing to re-render). */
export function applyServersDelta(current: readonly ServerView[], delta: ServersDelta): ServerView[] {
  const byId = new Map(current.map((view) => [view.id, view]));
  for (const view of delta.changed) byId.set(view.id, view);
  return delta.order.flatMap((id) => byId.get(id) ?? []);
}

/** Payload of 'tools.changed': only the servers whose tools changed since the last push. */
export interface ToolsDelta {
  servers: ServerToolsDelta[];
}

/** A tool's schemas, fetched when the renderer needs them. */
export interface ToolSchemas {
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
}

/** The summary of an exposed tool (drops the schemas, the bulk of a tool's bytes). */
export function toolSummary(tool: ExposedTool): ToolSummary {
  const { inputSchema, outputSchema, ...summary } = tool;
  void inputSchema;
  void outputSchema;
  return summary;
}

/** One line of a server's log (stderr or host-side notes). */
export interface LogLine {
  serverId: string;
  seq: number;
  at: number;
  stream: 'stderr' | 'host' | 'server';
  level?: string;
  text: string;
}

/** A resource listed by a server. */
export interface ResourceInfo {
  serverId: string;
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
}

/** A resource template listed by a server. */
export interface ResourceTemplateInfo {
  serverId: string;
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

/** A prompt listed by a server. */
export interface PromptInfo {
  serverId: string;
  name: string;
  title?: string;
  description?: string;
  arguments: { name: string; description?: string; required?: boolean }[];
}

/** MCP content as returned by tools, prompts and resource reads, kept as sent. */
export type McpContent =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string }
  | { type: 'resource_link'; uri: string; name: string; title?: string; description?: string; mimeType?: string }
  | { type: 'resource'; resource: { uri: string; mimeType?: string; text?: string; blob?: string } };

/** A tool call's outcome as the server sent it. */
export interface ToolResult {
  content: McpContent[];
  structuredContent?: unknown;
  isError: boolean;
}

/** What `resources/read` returned. */
export interface ResourceContents {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
  /** The content's `_meta` as the server sent it (MCP Apps read their CSP and permissions from it). */
  meta?: Record<string, unknown>;
}

/** A prompt rendered with arguments. */
export interface PromptMessages {
  description?: string;
  messages: { role: 'user' | 'assistant'; content: McpContent }[];
}

/** What a one-off "Test connection" found. */
export interface TestConnectionReport {
  status: ServerStatus;
  tools: { name: string; title?: string; description?: string }[];
  resources: number;
  prompts: number;
  stderrTail: string[];
}

/** One entry of an import preview. */
export interface ImportEntry {
  name: string;
  /** The entry converted to Switchboard's stored shape, when it could be. */
  config?: ServerConfig;
  /** Validation problem, naming the field at fault. */
  error?: { message: string; field?: string; /** `message` as a code plus parameters, translated by the renderer. */ text?: HostMessage };
  /** True when a server with this name already exists. */
  clash: boolean;
  /** Things the user should know that do not block the import (ignored fields, VS Code variables to replace). */
  warnings?: string[];
  /** The same warnings as codes plus parameters, translated by the renderer. */
  warningTexts?: HostMessage[];
}

/** What a pasted or picked JSON document would import. */
export interface ImportPreview {
  /** The app the document comes from, by the marks it leaves (shared/importFormat.ts). */
  format: 'claude_desktop' | 'claude_code' | 'cursor' | 'windsurf' | 'gemini_cli' | 'vscode' | 'unknown';
  entries: ImportEntry[];
  /** Notes about the document as a whole (e.g. VS Code `inputs` were ignored). */
  notes?: string[];
  /** The same notes as codes plus parameters, translated by the renderer. */
  noteTexts?: HostMessage[];
}

/** How to resolve one import entry. */
export const importDecisionSchema = z.object({
  name: z.string().min(1),
  action: z.enum(['add', 'rename', 'replace', 'skip']),
  newName: z.string().trim().min(1).optional(),
});
/** How to resolve one import entry. */
export type ImportDecision = z.infer<typeof importDecisionSchema>;

/** Outcome of applying an import. */
export interface ImportOutcome {
  added: string[];
  replaced: string[];
  skipped: string[];
  failed: { name: string; error: z.infer<typeof appErrorSchema> }[];
}
