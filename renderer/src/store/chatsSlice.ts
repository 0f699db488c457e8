/**
 * Chats slice: the chat list mirror ('chats.changed'), the open chats' message pages, and the 'chat.stream' events
 * applied to them (batched per animation frame), plus the chat actions sent to the host.
 */
import type { StateCreator } from 'zustand';
import type { Bridge, CallName, CallParams, CallResult } from '../../../shared/contract.ts';
import type { ChatMessage, ChatPage, ChatRunState, ChatStreamEvent, ChatSummary } from '../../../shared/chat.ts';
import { err, ok, type AppError, type Result } from '../../../shared/errors.ts';
import { applyStreamEvents } from '../features/chat/model/applyStreamEvent.ts';
import { createFrameBatcher, type Schedule } from '../features/chat/model/frameBatcher.ts';
import { withBranchPage } from '../features/chat/model/branchPage.ts';
import { parseBudget } from '../features/markdown/parseBudget.ts';
import type { StoreState } from './index.ts';

/** How many messages one `chats.get` page holds. */
export const CHAT_PAGE_SIZE = 50;
/**
 * How many chats one `chats.list` page holds: as many as the host's 'chats.changed' carries (its first page), so the
 * sidebar shows the same chats at start and after a change; older pages are asked for with an offset.
 */
export const CHAT_LIST_PAGE = 100;

/** A chat the user has opened: its summary, the loaded messages (oldest first) and its run state. */
export interface OpenChat {
  chat: ChatSummary;
  messages: ChatMessage[];
  /** Cursor for the next older page; absent when the oldest message is loaded. */
  olderCursor?: string;
  loadingOlder: boolean;
  run: ChatRunState;
}

/** A resource attached to the next message. */
export interface ChatAttachment {
  serverId: string;
  uri: string;
}

/** The chats slice of the store. */
export interface ChatsSlice {
  /** The chats loaded so far, most recent first: the host's first page, plus older pages the user asked for. */
  chatList: ChatSummary[];
  /** True while the host may hold chats older than the loaded ones. */
  hasMoreChats: boolean;
  /** Open chats by id. */
  openChats: Record<string, OpenChat>;
  /** Why the last attempt to open a chat failed, by chat id. */
  chatLoadErrors: Record<string, AppError>;
  /** Attaches the host events this slice mirrors and loads the chat list; returns the detach function. */
  bindChats: (bridge: Bridge, options?: { schedule?: Schedule }) => () => void;
  /** Loads the next page of older chats into the list. */
  loadOlderChats: () => Promise<void>;
  /** Loads (or reloads) the latest page of a chat and its run state. */
  openChat: (chatId: string) => Promise<Result<OpenChat>>;
  /** Loads the page before the oldest loaded message; no-op while loading or when there is none. */
  loadOlderMessages: (chatId: string) => Promise<void>;
  /** Sends a user message. */
  sendMessage: (chatId: string, text: string, options?: { attachments?: ChatAttachment[]; files?: string[]; model?: string }) => Promise<Result<CallResult<'chat.send'>>>;
  /** Stops generation (keeps what was received). */
  stopChat: (chatId: string) => Promise<Result<null>>;
  /** Retries the last failed turn. */
  retryChat: (chatId: string) => Promise<Result<CallResult<'chat.retry'>>>;
  /** Sends an edited copy of a user message as a new version (a new branch) and answers it. */
  editMessage: (chatId: string, messageId: string, text: string) => Promise<Result<CallResult<'chat.edit'>>>;
  /** Asks again for a reply (also a failed or stopped one): a new version beside it. */
  regenerateMessage: (chatId: string, messageId: string) => Promise<Result<CallResult<'chat.regenerate'>>>;
  /** Shows another version of a message and the branch that follows it. */
  switchBranch: (chatId: string, messageId: string) => Promise<Result<null>>;
  /** Deletes a message and what follows it on its branch (a failed message: it alone). */
  deleteMessage: (chatId: string, messageId: string) => Promise<Result<null>>;
  /** Continues a turn cut by max_tokens or max_turns. */
  continueChat: (chatId: string) => Promise<Result<CallResult<'chat.continue'>>>;
  /** Creates a chat (optionally with a model) and puts it at the top of the list. */
  createChat: (model?: string) => Promise<Result<ChatSummary>>;
  /** Renames a chat (locks its title). */
  renameChat: (chatId: string, title: string) => Promise<Result<ChatSummary>>;
  /** Deletes a chat and forgets its open page. */
  deleteChat: (chatId: string) => Promise<Result<null>>;
  /** Exports a chat as Markdown or JSON; the caller saves the file. */
  exportChat: (chatId: string, format: 'markdown' | 'json', allBranches?: boolean) => Promise<Result<CallResult<'chats.export'>>>;
  /** The full result of a tool call that was cut to the tool result limit; the caller saves the file. */
  fullToolResult: (chatId: string, toolCallId: string) => Promise<Result<CallResult<'chats.toolResult'>>>;
}

const notBound = (): Result<never> => err('internal', 'The chat store is not connected to the host yet');

/** Creates the chats slice. The bridge lives in this closure: state holds data, not connections. */
export const createChatsSlice: StateCreator<StoreState, [], [], ChatsSlice> = (set, get) => {
  let bridge: Bridge | undefined;
  let loadingOlderChats = false;
  // Chats whose page is loading: their stream events wait here so the page does not overwrite them.
  const loading = new Map<string, ChatStreamEvent[]>();

  const applyBatch = (events: ChatStreamEvent[]): void => {
    // The flush's render is this task's work: Markdown formatting stops a while after it starts (parseBudget.ts).
    parseBudget.startTask();
    const byChat = new Map<string, ChatStreamEvent[]>();
    for (const event of events) {
      const waiting = loading.get(event.chatId);
      if (waiting) {
        waiting.push(event);
        continue;
      }
      const list = byChat.get(event.chatId);
      if (list) list.push(event);
      else byChat.set(event.chatId, [event]);
    }
    if (byChat.size === 0) return;
    set((state) => {
      let openChats = state.openChats;
      for (const [chatId, chatEvents] of byChat) {
        const open = openChats[chatId];
        if (!open) continue; // Not open: the next openChat fetches it fresh.
        const next = applyStreamEvents(open, chatEvents);
        if (next !== open) openChats = { ...openChats, [chatId]: next };
      }
      return openChats === state.openChats ? {} : { openChats };
    });
  };

  const invoke = <K extends CallName>(name: K, params: CallParams<K>): Promise<Result<CallResult<K>>> =>
    bridge ? bridge.invoke(name, params) : Promise.resolve(notBound());

  // The host answers a switch or a delete with the newest page of the branch now shown.
  const showBranch = async (chatId: string, call: Promise<Result<ChatPage>>): Promise<Result<null>> => {
    const page = await call;
    if (!page.ok) return page;
    set((s) => {
      const open = s.openChats[chatId];
      if (!open) return {};
      const shown = withBranchPage(open, page.value);
      return patchOpen(s, chatId, { chat: page.value.chat, messages: shown.messages, olderCursor: shown.olderCursor });
    });
    return ok(null);
  };

  return {
    chatList: [],
    hasMoreChats: false,
    openChats: {},
    chatLoadErrors: {},

    bindChats(next, options) {
      bridge = next;
      const batcher = createFrameBatcher<ChatStreamEvent>(applyBatch, options?.schedule);
      const offList = next.on('chats.changed', (chats) => {
        set((state) => {
          // A first page shorter than a page is every chat there is; a full one keeps the older chats already loaded.
          const complete = chats.length < CHAT_LIST_PAGE;
          const chatList = complete ? chats : withOlderPages(chats, state.chatList);
          const hasMoreChats = complete ? false : chatList.length > chats.length ? state.hasMoreChats : true;
          return { chatList, hasMoreChats, openChats: refreshSummaries(state.openChats, chats) };
        });
      });
      const offStream = next.on('chat.stream', (event) => batcher.push(event));
      void next.invoke('chats.list', { limit: CHAT_LIST_PAGE }).then((result) => {
        if (result.ok) set({ chatList: result.value, hasMoreChats: result.value.length >= CHAT_LIST_PAGE });
      });
      return () => {
        offList();
        offStream();
        batcher.flush();
        batcher.dispose();
      };
    },

    async loadOlderChats() {
      if (!bridge || loadingOlderChats || !get().hasMoreChats) return;
      loadingOlderChats = true;
      const result = await bridge.invoke('chats.list', { offset: get().chatList.length, limit: CHAT_LIST_PAGE });
      loadingOlderChats = false;
      if (!result.ok) return;
      set((s) => {
        const known = new Set(s.chatList.map((c) => c.id));
        return { chatList: [...s.chatList, ...result.value.filter((c) => !known.has(c.id))], hasMoreChats: result.value.length >= CHAT_LIST_PAGE };
      });
    },

    async openChat(chatId) {
      if (!bridge) return notBound();
      const current = bridge;
      loading.set(chatId, loading.get(chatId) ?? []);
      const [page, state] = await Promise.all([
        current.invoke('chats.get', { chatId, limit: CHAT_PAGE_SIZE }),
        current.invoke('chat.state', { chatId }),
      ]);
      const waiting = loading.get(chatId) ?? [];
      loading.delete(chatId);
      if (!page.ok) {
        set((s) => ({ chatLoadErrors: { ...s.chatLoadErrors, [chatId]: page.error } }));
        return page;
      }
      const run: ChatRunState = state.ok ? state.value : { chatId, generating: false };
      const base: OpenChat = { chat: page.value.chat, messages: page.value.messages, loadingOlder: false, run, olderCursor: page.value.olderCursor };
      // Deltas that raced the page may already be inside it; replacements are safe to re-apply.
      const safe = waiting.filter((e) => e.type === 'message' || e.type === 'block' || e.type === 'run_state');
      const open = applyStreamEvents(base, safe);
      set((s) => {
        const { [chatId]: _dropped, ...chatLoadErrors } = s.chatLoadErrors;
        return { openChats: { ...s.openChats, [chatId]: open }, chatLoadErrors };
      });
      return ok(open);
    },

    async loadOlderMessages(chatId) {
      const open = get().openChats[chatId];
      if (!bridge || !open || open.loadingOlder || !open.olderCursor) return;
      const cursor = open.olderCursor;
      set((s) => patchOpen(s, chatId, { loadingOlder: true }));
      const page = await bridge.invoke('chats.get', { chatId, before: cursor, limit: CHAT_PAGE_SIZE });
      set((s) => {
        const now = s.openChats[chatId];
        if (!now) return {};
        if (!page.ok) return patchOpen(s, chatId, { loadingOlder: false });
        const known = new Set(now.messages.map((m) => m.id));
        const older = page.value.messages.filter((m) => !known.has(m.id));
        return patchOpen(s, chatId, { loadingOlder: false, olderCursor: page.value.olderCursor, messages: [...older, ...now.messages] });
      });
    },

    sendMessage: (chatId, text, options) =>
      invoke('chat.send', {
      chatId,
      text,
      ...(options?.attachments?.length ? { attachments: options.attachments } : {}),
      ...(options?.files?.length ? { files: options.files } : {}),
      ...(options?.model ? { model: options.model } : {}),
    }),
    stopChat: (chatId) => invoke('chat.stop', { chatId }),
    retryChat: (chatId) => invoke('chat.retry', { chatId }),
    continueChat: (chatId) => invoke('chat.continue', { chatId }),

    async editMessage(chatId, messageId, text) {
      const edited = get().openChats[chatId]?.messages.find((m) => m.id === messageId);
      // A new version of the first message shares nothing with the branch shown: the list restarts with it.
      if (edited && edited.parentId === undefined) set((s) => patchOpen(s, chatId, { messages: [], olderCursor: undefined }));
      const result = await invoke('chat.edit', { chatId, messageId, text });
      if (!result.ok && edited?.parentId === undefined) await get().openChat(chatId);
      return result;
    },
    regenerateMessage: (chatId, messageId) => invoke('chat.regenerate', { chatId, messageId }),
    switchBranch: (chatId, messageId) => showBranch(chatId, invoke('chats.switchBranch', { chatId, messageId })),
    deleteMessage: (chatId, messageId) => showBranch(chatId, invoke('chats.deleteMessage', { chatId, messageId })),

    async createChat(model) {
      const result = await invoke('chats.create', model ? { model } : {});
      if (result.ok) {
        const chat = result.value;
        set((s) => ({
          chatList: [chat, ...s.chatList.filter((c) => c.id !== chat.id)],
          openChats: { ...s.openChats, [chat.id]: { chat, messages: [], loadingOlder: false, run: { chatId: chat.id, generating: false } } },
        }));
      }
      return result;
    },

    async renameChat(chatId, title) {
      const result = await invoke('chats.rename', { chatId, title });
      if (result.ok) {
        const chat = result.value;
        set((s) => ({ chatList: s.chatList.map((c) => (c.id === chatId ? chat : c)), openChats: refreshSummaries(s.openChats, [chat]) }));
      }
      return result;
    },

    async deleteChat(chatId) {
      const result = await invoke('chats.delete', { chatId });
      if (result.ok) {
        set((s) => {
          const { [chatId]: _gone, ...openChats } = s.openChats;
          return { chatList: s.chatList.filter((c) => c.id !== chatId), openChats };
        });
      }
      return result;
    },

    exportChat: (chatId, format, allBranches) => invoke('chats.export', { chatId, format, ...(allBranches ? { allBranches } : {}) }),
    fullToolResult: (chatId, toolCallId) => invoke('chats.toolResult', { chatId, toolCallId }),
  };
};

/**
 * The host's first page of chats, followed by the older chats already loaded that come after it: 'chats.changed'
 * replaces the first page whole; a chat used again moves into it, and one pushed out of it stays loaded below.
 */
function withOlderPages(firstPage: ChatSummary[], loaded: ChatSummary[]): ChatSummary[] {
  const last = firstPage[firstPage.length - 1];
  if (!last) return firstPage;
  const inFirst = new Set(firstPage.map((c) => c.id));
  const older = loaded.filter((c) => !inFirst.has(c.id) && c.updatedAt <= last.updatedAt);
  return older.length === 0 ? firstPage : [...firstPage, ...older];
}

function patchOpen(state: StoreState, chatId: string, patch: Partial<OpenChat>): Partial<StoreState> {
  const open = state.openChats[chatId];
  if (!open) return {};
  return { openChats: { ...state.openChats, [chatId]: { ...open, ...patch } } };
}

/** Keeps open chats' summaries (title, model) in step with the list without touching their messages. */
function refreshSummaries(openChats: Record<string, OpenChat>, chats: ChatSummary[]): Record<string, OpenChat> {
  let next = openChats;
  for (const chat of chats) {
    const open = next[chat.id];
    if (open && open.chat !== chat) next = { ...next, [chat.id]: { ...open, chat } };
  }
  return next;
}

/** Selects the chat list, most recent first. */
export const selectChatList = (state: StoreState): ChatSummary[] => state.chatList;
