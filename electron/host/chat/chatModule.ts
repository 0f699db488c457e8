/**
 * The chat module: composes history (SQLite), settings, the Anthropic provider, approvals and the chat loop into the
 * calls of ChatCalls, and pushes 'chats.changed', 'chat.stream', 'approvals.changed', 'settings.changed' and 'searchIndex.changed'.
 */
import { join } from 'node:path';
import { hostError, ok, type AppError, type Result } from '../../../shared/errors.ts';
import { hostMessage } from '../../../shared/hostMessages.ts';
import type { HostEventHub } from '../events.ts';
import type { HostEnvironment } from '../environment.ts';
import type { ChatCalls, ChatModule, ElicitationBroker, ToolCaller } from '../ports.ts';
import { HistoryFile } from '../store/historyFile.ts';
import { StorageNoticeBook } from '../store/storageNotices.ts';
import { ChatRepository } from '../store/chatRepository.ts';
import { SettingsStore } from '../store/settingsStore.ts';
import { AnthropicProvider } from './provider.ts';
import { createProviderSampler } from '../sampling/providerSampler.ts';
import { ApprovalQueue } from './approvals.ts';
import { ChatRunner, cancelOpenCalls } from './chatRunner.ts';
import { ContextManager } from './context/contextManager.ts';
import { SummaryStore } from '../store/historyWindow.ts';
import { createConversationCalls } from './conversationCalls.ts';
import { createBranchCalls } from './branchCalls.ts';
import { ToolResultFiles } from './toolResultFiles.ts';
import { createSettingsCalls } from './settingsCalls.ts';
import { createScopeCalls } from './toolSearch/scopeCalls.ts';
import { trackServerInstructions } from './instructions/serverInstructions.ts';
import { findInChat } from '../store/search/chatFind.ts';
import { PendingIndexTimer } from '../store/search/pendingIndexTimer.ts';
import { SearchIndexProgress } from '../store/search/indexProgress.ts';
import { pushOncePerLoopTurn } from './chatListPush.ts';
import { chatSnippets } from '../store/search/chatSnippets.ts';
import { chatUsage, storedContextUsage } from '../store/chatUsage.ts';
import { ToolUsage } from '../store/toolUsage.ts';
import { AttachmentStore } from './attachments/attachmentStore.ts';
import { createAttachmentCalls } from './attachments/attachmentCalls.ts';
import { AppContextStore } from './appContext/appContextStore.ts';

/** How many chats 'chats.changed' carries (the sidebar's first page; older ones come from chats.list). */
export const chatsChangedLimit = 100;

// Answers left unfinished by a previous run (quit or crash) are closed with an error the user can retry; what arrived
// stays. An answer whose stream had finished (its tools were running) is kept as stopped, so the model still sees the
// results of the calls that did run; one cut mid-stream is a failed answer, left out of the conversation.
function closeInterrupted(repo: ChatRepository): void {
  const interrupted: AppError = hostError('cancelled', hostMessage('chat.interrupted'));
  for (const message of repo.interruptedMessages()) {
    cancelOpenCalls(message);
    message.status = message.stopReason ? 'stopped' : 'error';
    message.error = interrupted;
    repo.saveMessage(message);
  }
}

// Storage failures (disk full, a file damaged while open) become typed errors instead of throws across the bridge.
function guard<T extends Record<string, (params: never) => Promise<Result<unknown>>>>(calls: T): T {
  const out: Record<string, (params: never) => Promise<Result<unknown>>> = {};
  for (const [name, call] of Object.entries(calls)) {
    out[name] = async (params) => {
      try {
        return await call(params);
      } catch (cause) {
        return { ok: false, error: hostError('storage_error', hostMessage('chat.storage', { reason: cause instanceof Error ? cause.message : String(cause) })) };
      }
    };
  }
  return out as T;
}

/** Builds the chat module (provider, loop, history, approvals, settings). */
export function createChatModule(deps: { env: HostEnvironment; events: HostEventHub; tools: ToolCaller; elicitations: ElicitationBroker }): Promise<ChatModule> {
  const { env, events, tools, elicitations } = deps;
  // A corrupt history is moved aside and a notice kept until dismissed; any other failure to open stops the start.
  const book = new StorageNoticeBook(env.dataDir, env.logger);
  const history = new HistoryFile({ dataDir: env.dataDir, book, logger: env.logger });
  const repo = new ChatRepository(history.db);
  closeInterrupted(repo);
  // Messages from before the search index are indexed after start, in batches; search scans as before until then.
  // The window shows the build's progress (a notice, a line under the sidebar search) and its failure.
  const indexProgress = new SearchIndexProgress((status) => events.emit('searchIndex.changed', status));
  const indexHistory = async () => {
    const report = indexProgress.begin();
    try {
      await repo.buildSearchIndex({ logger: env.logger, onProgress: report.onProgress });
      // A build cut short by closing the history (quit, restore) is not done: the next start or the restored history goes on.
      if (history.db.isOpen) report.done();
    } catch (cause) {
      const reason = cause instanceof Error ? cause.message : String(cause);
      env.logger.warn('search index not built; search scans', { reason });
      report.failed(hostError('storage_error', hostMessage('search.indexFailed', { reason })));
    }
  };
  void indexHistory();
  const settings = new SettingsStore(join(env.dataDir, 'settings.json'), env.logger, book);
  const provider = new AnthropicProvider(env.secrets);
  const approvals = new ApprovalQueue((pending) => events.emit('approvals.changed', pending));
  // Pushes asked for in one loop turn are one push, after what the turn sends (chatListPush.ts).
  const listPush = pushOncePerLoopTurn(() => events.emit('chats.changed', repo.listChats({ limit: chatsChangedLimit })), env.logger);
  const chatsChanged = () => listPush.soon();
  // Runs' search documents are written a moment after their ends, batched (a search writes them first if it comes sooner).
  const searchIndex = new PendingIndexTimer(() => repo.indexPending(), (cause) => env.logger.error('chat search index not written', { reason: String(cause) }));
  const toolResults = new ToolResultFiles(env.dataDir);
  const files = new AttachmentStore(env.dataDir);
  // Files staged by a previous run and never sent are of no use now.
  void files.clearStaged().catch((cause: unknown) => env.logger.warn('staged attachments not cleared', { reason: String(cause) }));
  const context = new ContextManager({ repo, summaries: new SummaryStore(() => history.db), provider, logger: env.logger, readFile: (chatId, id) => files.readSync(chatId, id) });
  // The most used tools across chats, kept loaded over the tool budget; read again after a run that ran tools, or on a restored history.
  const toolUsage = new ToolUsage(() => history.db);
  const runner = new ChatRunner({
    toolUsage,
    toolResults,
    repo,
    settings: () => settings.get(),
    provider,
    tools,
    approvals,
    elicitations,
    // The runner sends copies taken when each event is shown (streamSnapshot.ts): the loop keeps mutating the
    // message and its blocks, and an in-process subscriber must not see later deltas twice.
    emit: (event) => events.emit('chat.stream', event),
    chatsChanged,
    indexSearchSoon: () => searchIndex.soon(),
    logger: env.logger,
    context,
    serverInstructions: trackServerInstructions(events),
  });

  const appContext = new AppContextStore({ chatExists: (chatId) => repo.getChat(chatId) !== undefined, hasToolCall: (chatId, toolCallId, serverId) => repo.hasToolCall(chatId, toolCallId, serverId) });
  const conversation = createConversationCalls({ repo, runner, approvals, tools, settings: () => settings.get(), events, chatsChanged, files, appContext });
  const api: ChatCalls = guard({
    ...conversation,
    // A deleted chat takes the full tool results and the files attached to it along.
    'chats.delete': async (params) => {
      const deleted = await conversation['chats.delete'](params);
      if (deleted.ok) appContext.forget(params.chatId);
      if (deleted.ok) await Promise.all([toolResults.removeChat(params.chatId).catch(() => {}), files.removeChat(params.chatId).catch(() => {})]);
      return deleted;
    },
    ...createAttachmentCalls(files),
    ...createBranchCalls({ repo, runner, events, chatsChanged }),
    ...createSettingsCalls({ store: settings, provider, secrets: env.secrets, events }),
    ...createScopeCalls({
      repo,
      tools,
      settings: () => settings.get(),
      chatsChanged,
      mostUsed: () => toolUsage.topOrNone((cause) => env.logger.warn('tool usage counts not read', { reason: String(cause) })),
      hostReferences: (baseUrl) => context.takesToolReferences(baseUrl),
    }),
    'chats.toolResult': ({ chatId, toolCallId }) => toolResults.read(chatId, toolCallId),
    // After a restart the meter reads the newest reply's reported tokens until the chat sends again.
    'chat.context': ({ chatId }) => Promise.resolve(ok(context.usage(chatId) ?? storedContextUsage(history.db, chatId, (model) => context.budget(settings.get(), model)) ?? null)),
    'chats.find': ({ chatId, query }) => Promise.resolve(ok(findInChat(history.db, chatId, query))),
    'chats.usage': ({ chatId }) => Promise.resolve(ok(chatUsage(history.db, chatId))),
    'chats.snippets': ({ chatIds, query }) => Promise.resolve(ok(chatSnippets(history.db, chatIds, query))),
    'apps.setModelContext': ({ chatId, toolCallId, serverId, text }) => Promise.resolve(appContext.set(chatId, toolCallId, serverId, text)),
    'searchIndex.status': () => Promise.resolve(ok(indexProgress.status())),
  });

  let closed: Promise<void> | undefined;
  return Promise.resolve({
    api,
    sampler: createProviderSampler(provider, () => settings.get()),
    settings: () => settings.get(),
    approvals,
    restoreHistory: async (noticeId) => {
      const result = await history.restore(
        noticeId,
        async () => {
          await runner.stopAll();
          approvals.cancelAll();
          // The history about to be set aside gets its runs' documents now (the timer would write the restored one).
          searchIndex.now();
        },
        (db) => {
          repo.useDatabase(db);
          closeInterrupted(repo);
          void indexHistory();
        },
      );
      chatsChanged();
      return result;
    },
    shutdown: () => {
      closed ??= (async () => {
        await runner.stopAll();
        approvals.cancelAll();
        // What the runs left waiting is written now, so the next start has nothing to heal; nothing is written or
        // pushed after the history closes (a run that outlived the stop grace period ends later).
        searchIndex.now();
        searchIndex.close();
        listPush.close();
        history.db.close();
      })();
      return closed;
    },
  });
}
