/** The chat calls: chats (list, create, get, rename, delete, export), generation (send, stop, retry, continue, state), approvals. */
import { randomUUID } from 'node:crypto';
import { hostErr, ok, type Result } from '../../../shared/errors.ts';
import { hostMessage } from '../../../shared/hostMessages.ts';
import type { ChatMessage, ContentBlock, FileAttachmentBlock } from '../../../shared/chat.ts';
import type { McpContent, ResourceContents } from '../../../shared/servers.ts';
import type { Settings } from '../../../shared/settings.ts';
import type { HostEventHub } from '../events.ts';
import type { ChatCalls, ToolCaller } from '../ports.ts';
import type { ChatRepository } from '../store/chatRepository.ts';
import type { ApprovalQueue } from './approvals.ts';
import type { ChatRunner } from './chatRunner.ts';
import { exportJson, exportMarkdown } from './chatExport.ts';
import { titleFrom, untitled } from './titles.ts';

/** The conversation part of the chat module's calls. */
export type ConversationCalls = Omit<ChatCalls, 'settings.get' | 'settings.update' | 'settings.setApiKey' | 'models.list' | 'chats.toolResult' | 'chat.context' | 'chats.find' | 'chats.usage' | 'chats.snippets' | 'chats.setToolScope' | 'chats.toolPlan' | 'attachments.add' | 'attachments.discard' | 'attachments.thumbnail'
  | 'chat.edit' | 'chat.regenerate' | 'chats.switchBranch' | 'chats.deleteMessage' | 'apps.setModelContext' | 'searchIndex.status'>;

/** What the conversation calls need. */
export interface ConversationDeps {
  repo: ChatRepository;
  runner: ChatRunner;
  approvals: ApprovalQueue;
  tools: ToolCaller;
  settings: () => Settings;
  events: HostEventHub;
  /** Emits 'chats.changed' with the first page of chats. */
  chatsChanged: () => void;
  /** Staged files from the user's computer (attachments/attachmentStore.ts): checked, then moved into the chat's folder. */
  files?: { describe(ids: string[]): Promise<Result<FileAttachmentBlock[]>>; claim(chatId: string, blocks: FileAttachmentBlock[]): Result<null> };
  /** MCP Apps' pending model context (appContext/appContextStore.ts): taken into the user's next message, visibly. */
  appContext?: { take(chatId: string): ContentBlock[] };
}

const busy = () => hostErr('invalid_params', hostMessage('chat.busy'));
const noChat = (chatId: string) => hostErr('not_found', hostMessage('chat.notFound', { chatId }));

/** Resource contents as MCP content: supported images as images, other blobs and text as embedded resources. */
export function resourceToContent(contents: ResourceContents[]): McpContent[] {
  return contents.map((c): McpContent => {
    if (c.blob !== undefined && c.mimeType?.startsWith('image/')) return { type: 'image', data: c.blob, mimeType: c.mimeType };
    const resource: { uri: string; mimeType?: string; text?: string; blob?: string } = { uri: c.uri };
    if (c.mimeType !== undefined) resource.mimeType = c.mimeType;
    if (c.text !== undefined) resource.text = c.text;
    if (c.blob !== undefined) resource.blob = c.blob;
    return { type: 'resource', resource };
  });
}

async function readAttachments(tools: ToolCaller, attachments: { serverId: string; uri: string }[]): Promise<Result<ContentBlock[]>> {
  const blocks: ContentBlock[] = [];
  for (const { serverId, uri } of attachments) {
    const read = await tools.readResource(serverId, uri);
    if (!read.ok) {
      // The server's refusal nests as its own code when the host worded it, so it reads in the user's language too.
      const why = read.error.text;
      const text = why
        ? hostMessage('chat.attachmentRefused', { ...why.params, uri, server: serverId, reasonCode: why.code })
        : hostMessage('chat.attachmentUnreadable', { uri, server: serverId, reason: read.error.message });
      return hostErr(read.error.code, text, { field: 'attachments' });
    }
    const name = decodeURIComponent(uri.split(/[/\\]/).filter(Boolean).at(-1) ?? uri);
    blocks.push({ type: 'attachment', serverId, uri, name, content: resourceToContent(read.value) });
  }
  return { ok: true, value: blocks };
}

/** Builds the conversation calls. */
export function createConversationCalls(deps: ConversationDeps): ConversationCalls {
  const { repo, runner, approvals, tools } = deps;

  // The run reads only the newest part of the history itself, page by page (context/historyTail.ts).
  const startRun = (chatId: string, model: string, after?: string): string => runner.start(chatId, [], model, after);

  return {
    'chats.list': ({ query, offset, limit }) => Promise.resolve(ok(repo.listChats({ ...(query !== undefined ? { query } : {}), offset: offset ?? 0, limit: limit ?? 50 }))),
    'chats.create': ({ model }) => {
      // No 'chats.changed' here: the window that asks lists the chat from this answer, and its send (the only path that
      // creates one) pushes the list with the chat's title and place a moment later (one list read of 100 chats saved).
      const chat = repo.createChat(randomUUID(), untitled, model ?? deps.settings().model, Date.now());
      return Promise.resolve(ok(chat));
    },
    'chats.get': ({ chatId, before, limit }) => {
      const chat = repo.getChat(chatId);
      if (!chat) return Promise.resolve(noChat(chatId));
      // The cursor names the oldest message of the previous page; the page holds the messages before it on the branch shown.
      if (before !== undefined && !repo.getMessage(chatId, before)) return Promise.resolve(hostErr('invalid_params', hostMessage('chat.badCursor'), { field: 'before' }));
      return Promise.resolve(ok({ chat, ...repo.pageMessages(chatId, limit ?? 50, before) }));
    },
    'chats.rename': ({ chatId, title }) => {
      const chat = repo.renameChat(chatId, title.trim(), Date.now());
      if (!chat) return Promise.resolve(noChat(chatId));
      deps.chatsChanged();
      return Promise.resolve(ok(chat));
    },
    'chats.delete': async ({ chatId }) => {
      await runner.stop(chatId);
      if (!repo.deleteChat(chatId)) return noChat(chatId);
      deps.chatsChanged();
      return ok(null);
    },
    'chats.export': ({ chatId, format, allBranches }) => {
      const chat = repo.getChat(chatId);
      if (!chat) return Promise.resolve(noChat(chatId));
      // The branch shown; a JSON export may carry every branch (each message names its parent).
      if (format === 'json' && allBranches) return Promise.resolve(ok(exportJson(chat, repo.allBranchMessages(chatId), 'all')));
      const messages = repo.allMessages(chatId);
      return Promise.resolve(ok(format === 'markdown' ? exportMarkdown(chat, messages) : exportJson(chat, messages)));
    },
    'chat.send': async ({ chatId, text, attachments, files, model }) => {
      const chat = repo.getChat(chatId);
      if (!chat) return noChat(chatId);
      if (runner.isGenerating(chatId)) return busy();
      if (text.trim().length === 0 && (attachments?.length ?? 0) === 0 && (files?.length ?? 0) === 0) return hostErr('invalid_params', hostMessage('chat.emptyMessage'), { field: 'text' });
      const attached = await readAttachments(tools, attachments ?? []);
      if (!attached.ok) return attached;
      const fileBlocks = files?.length && deps.files ? await deps.files.describe(files) : { ok: true as const, value: [] };
      if (!fileBlocks.ok) return fileBlocks;
      // Checked again: reading attachments awaited, and another send may have started meanwhile.
      if (runner.isGenerating(chatId)) return busy();
      const claimed = deps.files?.claim(chatId, fileBlocks.value) ?? ok(null);
      if (!claimed.ok) return claimed;
      const now = Date.now();
      const appContext = deps.appContext?.take(chatId) ?? [];
      const blocks: ContentBlock[] = [...(text.length > 0 ? [{ type: 'text' as const, text }] : []), ...fileBlocks.value, ...attached.value, ...appContext];
      const message: ChatMessage = { id: randomUUID(), chatId, role: 'user', blocks, status: 'complete', createdAt: now, updatedAt: now };
      // The message, the chat's first title and its model are one commit. Its search document is written with its run's
      // (search/pendingIndexTimer.ts): this commit is on the way to the first API request.
      repo.inTransaction(() => {
        repo.insertMessage(message, undefined, { searchWithRun: true });
        if (chat.messageCount === 0) repo.setAutoTitle(chatId, titleFrom(text, fileBlocks.value[0]?.name ?? (attached.value[0]?.type === 'attachment' ? (attached.value[0].name ?? untitled) : untitled)));
        if (model !== undefined && model !== chat.model) repo.setChatModel(chatId, model);
      });
      deps.events.emit('chat.stream', { type: 'message', chatId, message });
      deps.chatsChanged();
      startRun(chatId, model ?? chat.model, message.id);
      return ok({ messageId: message.id });
    },
    'chat.stop': async ({ chatId }) => {
      await runner.stop(chatId);
      return ok(null);
    },
    'chat.retry': ({ chatId }) => {
      const chat = repo.getChat(chatId);
      if (!chat) return Promise.resolve(noChat(chatId));
      if (runner.isGenerating(chatId)) return Promise.resolve(busy());
      const last = repo.pageMessages(chatId, 1).messages[0];
      if (!last || (last.role === 'assistant' && !last.error)) {
        return Promise.resolve(hostErr('invalid_params', hostMessage('chat.nothingToRetry')));
      }
      return Promise.resolve(ok({ messageId: startRun(chatId, chat.model) }));
    },
    'chat.continue': ({ chatId }) => {
      const chat = repo.getChat(chatId);
      if (!chat) return Promise.resolve(noChat(chatId));
      if (runner.isGenerating(chatId)) return Promise.resolve(busy());
      if (chat.messageCount === 0) return Promise.resolve(hostErr('invalid_params', hostMessage('chat.nothingToContinue')));
      return Promise.resolve(ok({ messageId: startRun(chatId, chat.model) }));
    },
    'chat.state': ({ chatId }) => {
      if (!repo.getChat(chatId)) return Promise.resolve(noChat(chatId));
      return Promise.resolve(ok(runner.state(chatId)));
    },
    'approvals.list': () => Promise.resolve(ok(approvals.list())),
    'approvals.answer': async ({ id, decision }) => {
      const pending = approvals.get(id);
      if (!pending) return hostErr('not_found', hostMessage('chat.approvalGone'));
      if (decision === 'always_allow') {
        // Approves the definition the card showed, not one the server may have swapped in since.
        const saved = await tools.setApproval(pending.serverId, pending.toolName, 'always_allow', pending.fingerprint);
        // The same tool waiting in the same chat follows the user's "always".
        for (const other of approvals.list()) {
          if (other.id !== id && other.chatId === pending.chatId && other.serverId === pending.serverId && other.toolName === pending.toolName) approvals.answer(other.id, 'allow_once');
        }
        approvals.answer(id, decision);
        if (!saved.ok) return hostErr(saved.error.code, hostMessage('chat.alwaysNotSaved', { reason: saved.error.message }));
        return ok(null);
      }
      approvals.answer(id, decision);
      return ok(null);
    },
  };
}
