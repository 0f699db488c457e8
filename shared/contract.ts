/**
 * The one contract between renderer and host: every call (renderer -> host) with its zod params schema,
 * its result type, and every event (host -> renderer) with its payload type. Channel names live here only.
 */
import { z } from 'zod';
import type { AppError, Result } from './errors.ts';
import type { HostMessage } from './hostMessages.ts';
import { serverConfigSchema, serverNameSchema, approvalPolicySchema } from './serverConfig.ts';
import {
  importDecisionSchema,
  type ImportOutcome,
  type ImportPreview,
  type LogLine,
  type PromptInfo,
  type PromptMessages,
  type ResourceContents,
  type ResourceInfo,
  type ResourceTemplateInfo,
  type ServerView,
  type ServersDelta,
  type TestConnectionReport,
  type ToolSchemas,
  type ToolResult,
  type ToolSummary,
  type ToolsDelta,
} from './servers.ts';
import type { AppResource } from './apps.ts';
import type { FolderListing, FolderPickerKind } from './folders.ts';
import type { ApprovalDecision, ChatPage, ChatRunState, ChatStreamEvent, ChatSummary, ContextUsage, PendingApproval, ToolPlanSummary } from './chat.ts';
import { elicitationAnswerSchema, type PendingElicitation } from './elicitation.ts';
import { samplingAnswerSchema, type PendingSampling } from './sampling.ts';
import type { FindResult, SearchSnippet } from './find.ts';
import type { ModelUsage } from './pricing/modelPrices.ts';
import { settingsSchema, toolScopeSchema, type ModelInfo, type SettingsView } from './settings.ts';
import type { CatalogListing } from './catalog/catalog.ts';
import { bundleSourceSchema, userConfigValuesSchema, type BundlePreview } from './bundles.ts';
import { completionParamsSchema, type CompletionValues } from './completions.ts';
import { attachmentLimits, base64Size, type AttachmentInfo } from './attachments.ts';

const empty = z.object({}).strict();
const serverId = z.object({ id: z.string().min(1) });
const chatId = z.object({ chatId: z.string().min(1) });

/** Params schema of every host call. The keys are the channel names. */
export const callSchemas = {
  // Servers
  'servers.list': empty,
  'servers.add': z.object({ name: serverNameSchema, config: serverConfigSchema }),
  'servers.update': z.object({ id: z.string().min(1), name: serverNameSchema.optional(), config: serverConfigSchema }),
  'servers.remove': serverId,
  'servers.setEnabled': z.object({ id: z.string().min(1), enabled: z.boolean() }),
  'servers.setTrustReadOnly': z.object({ id: z.string().min(1), trust: z.boolean() }),
  /** MCP Apps on or off for one server (off: the extension is not declared to it; it restarts). */
  'servers.setApps': z.object({ id: z.string().min(1), enabled: z.boolean() }),
  'servers.restart': serverId,
  'servers.test': z.object({ name: serverNameSchema, config: serverConfigSchema }),
  'servers.logs': z.object({ id: z.string().min(1), limit: z.number().int().min(1).max(1000).optional() }),
  'servers.importPreview': z.object({ text: z.string().max(5_000_000) }),
  'servers.importApply': z.object({ text: z.string().max(5_000_000), decisions: z.array(importDecisionSchema) }),
  /** Starts an OAuth sign-in for a remote server: the URL to open (after showing its domain), or null when already signed in. */
  'servers.signIn': serverId,
  /** Revokes and forgets a remote server's OAuth tokens. */
  'servers.signOut': serverId,
  // Tools, resources, prompts
  'tools.list': empty,
  /** One tool's input and output schemas (the tool list and 'tools.changed' carry none). */
  'tools.schema': z.object({ serverId: z.string().min(1), toolName: z.string().min(1) }),
  'tools.setEnabled': z.object({ serverId: z.string().min(1), toolName: z.string().min(1), enabled: z.boolean() }),
  'tools.setApproval': z.object({ serverId: z.string().min(1), toolName: z.string().min(1), policy: approvalPolicySchema }),
  'resources.list': z.object({ serverId: z.string().min(1), cursor: z.string().optional() }),
  'resources.templates': z.object({ serverId: z.string().min(1) }),
  'resources.read': z.object({ serverId: z.string().min(1), uri: z.string().min(1) }),
  'prompts.list': z.object({ serverId: z.string().min(1).optional() }),
  'prompts.get': z.object({ serverId: z.string().min(1), name: z.string().min(1), arguments: z.record(z.string(), z.string()).optional() }),
  /** Autocomplete for a prompt argument or resource template variable (servers that declare `completions`). */
  'completions.complete': completionParamsSchema,
  // Chats
  'chats.list': z.object({ query: z.string().optional(), offset: z.number().int().min(0).optional(), limit: z.number().int().min(1).max(500).optional() }),
  'chats.create': z.object({ model: z.string().optional() }),
  'chats.get': z.object({ chatId: z.string().min(1), before: z.string().optional(), limit: z.number().int().min(1).max(500).optional() }),
  'chats.rename': z.object({ chatId: z.string().min(1), title: z.string().trim().min(1).max(200) }),
  'chats.delete': chatId,
  /** The branch shown; `allBranches` (JSON only) writes every version of every message with its parent. */
  'chats.export': z.object({ chatId: z.string().min(1), format: z.enum(['markdown', 'json']), allBranches: z.boolean().optional() }),
  /** The full result of a tool call that was cut to the tool result limit, for download. */
  'chats.toolResult': z.object({ chatId: z.string().min(1), toolCallId: z.string().min(1).max(500) }),
  /** Which servers and tools a chat may use (null: the default from settings). */
  'chats.setToolScope': z.object({ chatId: z.string().min(1), scope: toolScopeSchema.nullable() }),
  /** Messages of a chat's shown branch whose text or tool calls contain `query` (in-chat find; pages not loaded too). */
  'chats.find': z.object({ chatId: z.string().min(1), query: z.string().min(1).max(500) }),
  /** A chat's token usage per model, for its estimated cost. */
  'chats.usage': chatId,
  /** For the sidebar's search results: an excerpt around each chat's newest match (text or tool call), on the branch shown when it has one. */
  'chats.snippets': z.object({ query: z.string().min(1).max(500), chatIds: z.array(z.string().min(1)).max(200) }),
  /** What a chat's next request sends as tools (count, estimated tokens), under its scope or the one given. */
  'chats.toolPlan': z.object({ chatId: z.string().min(1).optional(), scope: toolScopeSchema.optional() }),
  'chat.send': z.object({
    chatId: z.string().min(1),
    text: z.string().max(1_000_000),
    attachments: z.array(z.object({ serverId: z.string().min(1), uri: z.string().min(1) })).optional(),
    /** Ids of files staged with 'attachments.add' (their count and size are checked by the host, with a clear message). */
    files: z.array(z.string().min(1).max(100)).max(200).optional(),
    model: z.string().optional(),
  }),
  // Files from the user's computer (docs/chat.md, Attachments)
  /** Checks a file (type sniffed from its bytes, limits; images scaled down) and stages it for the next message. */
  'attachments.add': z.object({ name: z.string().min(1).max(1000), data: z.string().max(base64Size(attachmentLimits.uploadBytes)) }),
  /** Forgets a staged file the user removed from the composer. */
  'attachments.discard': z.object({ id: z.string().min(1).max(100) }),
  /** A sent image's thumbnail (a data URL), for the message in the chat. */
  'attachments.thumbnail': z.object({ chatId: z.string().min(1), id: z.string().min(1).max(100) }),
  'chat.stop': chatId,
  /** Sends an edited copy of a user message as a new version beside it (a new branch), and answers it. */
  'chat.edit': z.object({ chatId: z.string().min(1), messageId: z.string().min(1), text: z.string().max(1_000_000) }),
  /** Asks again for an assistant reply (also a failed or stopped one): the new reply is a version beside it. */
  'chat.regenerate': z.object({ chatId: z.string().min(1), messageId: z.string().min(1) }),
  /** Shows the branch through one version of a message (its newest continuation); answers its newest page. */
  'chats.switchBranch': z.object({ chatId: z.string().min(1), messageId: z.string().min(1) }),
  /** Deletes a message and what follows it on its branch (a failed message: just it and its failed reply); answers the newest page of the branch then shown. */
  'chats.deleteMessage': z.object({ chatId: z.string().min(1), messageId: z.string().min(1) }),
  'chat.retry': chatId,
  'chat.continue': chatId,
  'chat.state': chatId,
  /** How full the model's context window was for the chat's last request (null before one since the host started). */
  'chat.context': chatId,
  // Pending user decisions
  'approvals.list': empty,
  'approvals.answer': z.object({ id: z.string().min(1), decision: z.enum(['allow_once', 'always_allow', 'deny']) }),
  'elicitations.list': empty,
  'elicitations.answer': z.object({ id: z.string().min(1), answer: elicitationAnswerSchema }),
  'sampling.list': empty,
  'sampling.answer': z.object({ id: z.string().min(1), answer: samplingAnswerSchema }),
  // Settings
  'settings.get': empty,
  'settings.update': settingsSchema.partial(),
  'settings.setApiKey': z.object({ apiKey: z.string().trim().min(1).nullable() }),
  'models.list': empty,
  // Host environment
  'app.info': empty,
  'app.openExternal': z.object({ url: z.string().url() }),
  // Choosing a folder (a server's roots); app.info's folderPicker says which of the two this window has
  /** The sub-folders (and with `files`, the files) of a folder (default: home), for web mode's browser; a file is refused (detail not_a_directory). */
  'folders.list': z.object({ path: z.string().max(4096).optional(), showHidden: z.boolean().optional(), files: z.boolean().optional() }),
  /** The OS folder dialog (desktop only): the chosen folder, or null when cancelled. */
  'folders.pick': z.object({ start: z.string().max(4096).optional() }),
  /** The OS file dialog (desktop only): the chosen files (several only with `multiple`), empty when cancelled. */
  'files.pick': z.object({ start: z.string().max(4096).optional(), multiple: z.boolean().optional() }),
  /** Checks a path typed or chosen in web mode's browser is a regular file (a folder is refused, detail not_a_file); answers it and its folder. */
  'files.check': z.object({ path: z.string().max(4096) }),
  // Files kept aside (a history moved aside, an unreadable settings.json): notices that last until dismissed
  'storage.dismissNotice': z.object({ id: z.string().min(1) }),
  /** Puts a moved-aside history back; the current history.db is kept aside first. */
  'storage.restoreHistory': z.object({ id: z.string().min(1) }),
  /** Where the background build of the history search index is (a window opened mid-build; 'searchIndex.changed' follows it). */
  'searchIndex.status': z.object({}),
  // Server catalog ("Browse")
  /** Catalog entries matching `query`: from the registry in settings when it answers, else the bundled catalog. */
  'catalog.list': z.object({ query: z.string().max(200).optional() }),
  // .mcpb bundles
  /** Validates a bundle and answers what it holds (manifest, signature, user_config options), installing nothing. */
  'bundles.inspect': z.object({ source: bundleSourceSchema }),
  /** Unpacks a bundle into the data folder and adds (or updates) its server entry. */
  'bundles.install': z.object({ source: bundleSourceSchema, userConfig: userConfigValuesSchema.optional() }),
  /** Removes a bundle's server entry, unpacked folder and stored values. */
  'bundles.uninstall': serverId,
  // MCP Apps (docs/apps.md)
  /** An app's ui:// HTML and declared CSP/permissions, fetched through the host (cached per server). */
  'apps.resource': z.object({ serverId: z.string().min(1), uri: z.string().min(1).max(2000) }),
  /** A tools/call from an app: only a tool of the app's own server, under the same approval policy as the model's calls. */
  'apps.callTool': z.object({
    chatId: z.string().min(1),
    toolCallId: z.string().min(1).max(500),
    serverId: z.string().min(1),
    name: z.string().min(1).max(500),
    arguments: z.record(z.string(), z.unknown()).optional(),
  }),
  /** A resources/read from an app, on the app's own server. */
  'apps.readResource': z.object({ serverId: z.string().min(1), uri: z.string().min(1).max(2000) }),
  /** ui/update-model-context from an app: replaces its card's context, added visibly to the user's next message (empty text clears it). */
  'apps.setModelContext': z.object({ chatId: z.string().min(1), toolCallId: z.string().min(1).max(500), serverId: z.string().min(1), text: z.string().max(8192) }),
} as const;

/** A file of the data folder that could not be used and was kept aside; shown until the user dismisses it. */
export interface StorageNotice {
  id: string;
  kind: 'history_moved_aside' | 'settings_unreadable';
  /** The file that had the problem (name in the data folder). */
  file: string;
  /** Where its content was kept (name in the data folder). */
  keptAs: string;
  /** What SQLite or the JSON parser said. */
  reason: string;
  /** `reason` as a code plus parameters when the host worded it (the window translates it); absent for a library's words. */
  reasonText?: HostMessage;
  /** When it happened (ISO 8601). */
  at: string;
}

/**
 * The background build of the history search index (messages older than the index, after an upgrade): `ready` when
 * there is nothing to index (a new history, an index already built) or the build is done; `indexing` with the whole
 * percent of messages indexed; `failed` with why (search then scans message text, as before the index).
 */
export type SearchIndexStatus = { state: 'ready' } | { state: 'indexing'; percent: number } | { state: 'failed'; error: AppError };

/** Information about the running host. */
export interface AppInfo {
  version: string;
  mode: 'desktop' | 'web';
  dataDir: string;
  platform: string;
  /** Notices the user should see once (e.g. secrets stored in a file, not the keychain). */
  notices: string[];
  /** Files kept aside, shown until dismissed (absent from hosts that predate them). */
  storageNotices?: StorageNotice[];
  /** Where MCP Apps' sandbox proxy page is served (another origin than the window's); absent: no Apps in this window. */
  appSandboxUrl?: string;
  /** How "Choose folder…" / "Choose file…" work here: the OS dialog (folders.pick, files.pick) or the host's browser (folders.list). */
  folderPicker?: FolderPickerKind;
}

/** Result type of every host call. */
export interface CallResults {
  'servers.list': ServerView[];
  'servers.add': ServerView;
  'servers.update': ServerView;
  'servers.remove': null;
  'servers.setEnabled': ServerView;
  'servers.setTrustReadOnly': ServerView;
  'servers.setApps': ServerView;
  'servers.restart': null;
  'servers.test': TestConnectionReport;
  'servers.logs': LogLine[];
  'servers.importPreview': ImportPreview;
  'servers.importApply': ImportOutcome;
  'servers.signIn': { authorizationUrl: string } | null;
  'servers.signOut': null;
  'tools.list': ToolSummary[];
  'tools.schema': ToolSchemas;
  'tools.setEnabled': ToolSummary[];
  'tools.setApproval': ToolSummary[];
  'resources.list': { resources: ResourceInfo[]; nextCursor?: string };
  'resources.templates': ResourceTemplateInfo[];
  'resources.read': ResourceContents[];
  'prompts.list': PromptInfo[];
  'prompts.get': PromptMessages;
  'completions.complete': CompletionValues;
  'chats.list': ChatSummary[];
  'chats.create': ChatSummary;
  'chats.get': ChatPage;
  'chats.rename': ChatSummary;
  'chats.delete': null;
  'chats.export': { filename: string; mimeType: string; content: string };
  'chats.toolResult': { filename: string; mimeType: string; content: string };
  'chats.setToolScope': ChatSummary;
  'chats.toolPlan': ToolPlanSummary;
  'chats.find': FindResult;
  'chats.usage': ModelUsage[];
  'chats.snippets': Record<string, SearchSnippet>;
  'chat.send': { messageId: string };
  'attachments.add': AttachmentInfo & { thumbnail?: string };
  'attachments.discard': null;
  'attachments.thumbnail': { dataUrl: string };
  'chat.stop': null;
  'chat.edit': { messageId: string };
  'chat.regenerate': { messageId: string };
  'chats.switchBranch': ChatPage;
  'chats.deleteMessage': ChatPage;
  'chat.retry': { messageId: string };
  'chat.continue': { messageId: string };
  'chat.state': ChatRunState;
  'chat.context': ContextUsage | null;
  'approvals.list': PendingApproval[];
  'approvals.answer': null;
  'elicitations.list': PendingElicitation[];
  'elicitations.answer': null;
  'sampling.list': PendingSampling[];
  'sampling.answer': null;
  'settings.get': SettingsView;
  'settings.update': SettingsView;
  'settings.setApiKey': SettingsView;
  'models.list': { models: ModelInfo[]; fromApi: boolean };
  'app.info': AppInfo;
  'app.openExternal': null;
  'folders.list': FolderListing;
  'folders.pick': { path: string | null };
  'files.pick': { paths: string[] };
  'files.check': { path: string; folder: string };
  'storage.dismissNotice': StorageNotice[];
  'storage.restoreHistory': StorageNotice[];
  'searchIndex.status': SearchIndexStatus;
  'catalog.list': CatalogListing;
  'bundles.inspect': BundlePreview;
  'bundles.install': ServerView;
  'bundles.uninstall': null;
  'apps.resource': AppResource;
  'apps.callTool': ToolResult;
  'apps.readResource': ResourceContents[];
  'apps.setModelContext': null;
}

/** Every call's channel name. */
export type CallName = keyof typeof callSchemas;
/** Params type of a call (as the renderer sends it). */
export type CallParams<K extends CallName> = z.input<(typeof callSchemas)[K]>;
/** Params type of a call after validation (as the host receives it). */
export type ValidParams<K extends CallName> = z.output<(typeof callSchemas)[K]>;
/** Result type of a call. */
export type CallResult<K extends CallName> = CallResults[K];

/** Payload of every event the host pushes. `*.changed` events replace the renderer's mirror whole. */
export interface HostEvents {
  /** Per-server changes (decision 009): the views that changed and the ids in order; 'servers.list' gives the whole list. */
  'servers.changed': ServersDelta;
  /** Per-server changes (summaries without schemas), at most one push per tick; 'tools.list' gives the whole list. */
  'tools.changed': ToolsDelta;
  'server.log': LogLine;
  /** The first 100 chats, newest first, after a change to the list; not after 'chats.create' (its answer is the chat). */
  'chats.changed': ChatSummary[];
  'chat.stream': ChatStreamEvent;
  'approvals.changed': PendingApproval[];
  /** Changes to the pending elicitations (not a whole list: `elicitations.list` gives that). */
  'elicitations.delta': { added: PendingElicitation[]; removed: string[] };
  /** The sampling requests waiting for the user (2025-era servers asking the app's model). */
  'sampling.changed': PendingSampling[];
  'settings.changed': SettingsView;
  /** The search index build's progress: at most a few pushes a second, on whole-percent changes, and its end. */
  'searchIndex.changed': SearchIndexStatus;
  /**
   * A command from the desktop app's menu (New Chat, Settings) or from a click on its OS notification of a waiting
   * decision (open_chat: the chat, or Servers without one; the approval card is focused); never sent in web mode.
   */
  'app.command': { command: 'new_chat' | 'open_settings' } | { command: 'open_chat'; chatId?: string; approvalId?: string };
  /** The desktop app was asked to open a .mcpb file (file association, dock drop); never sent in web mode. */
  'bundles.opened': { path: string };
}

/** Every event's channel name. */
export type EventName = keyof HostEvents;

/** The host as the renderer sees it: one typed method per call. */
export type HostApi = { [K in CallName]: (params: ValidParams<K>) => Promise<Result<CallResult<K>>> };

/** A generic invoke/subscribe bridge: the only thing the preload or WebSocket exposes. */
export interface Bridge {
  invoke<K extends CallName>(name: K, params: CallParams<K>): Promise<Result<CallResult<K>>>;
  on<E extends EventName>(event: E, listener: (payload: HostEvents[E]) => void): () => void;
}

/** Every call name, for dispatchers that check membership. */
export const callNames = Object.keys(callSchemas) as CallName[];

/** True when `name` is a known call. */
export function isCallName(name: string): name is CallName {
  return Object.prototype.hasOwnProperty.call(callSchemas, name);
}

/** Re-export so consumers of the contract need one import. */
export type { ApprovalDecision };
