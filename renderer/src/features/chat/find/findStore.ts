/**
 * The find bar's state: one per window (one chat is shown at a time). Kept apart from the app store because it is UI
 * state of the chat view alone; MessageList reads the current target to scroll to it.
 */
import { create } from 'zustand';
import type { FindMatch } from './findMatches.ts';

/** Find bar state. */
export interface FindState {
  /** The chat whose bar is open; undefined when closed. */
  chatId: string | undefined;
  query: string;
  matches: FindMatch[];
  /** Index into matches of the current one (0 = newest). */
  index: number;
  /** True while the host searches pages not loaded. */
  searching: boolean;
  /** The match to show, set once its message is loaded; `seq` changes on every navigation (also to the same match). */
  target: (FindMatch & { seq: number }) | undefined;
  /** Bumped to put focus back in the bar's input (Ctrl/Cmd+F while open). */
  focusSeq: number;
  /** Bumped when the bar is opened on a query: the search starts afresh even when the query is the same. */
  searchSeq: number;
  /** The match to make current when the search answers (the sidebar snippet's); the newest one when it is not found. */
  wanted: FindMatch | undefined;
  /** Opens the bar on a chat, keeping the query (or using `query`, starting at the match `at` when given). */
  open: (chatId: string, query?: string, at?: FindMatch) => void;
  /** Forgets the wanted match (the search has placed it, or given up on it). */
  clearWanted: () => void;
  close: () => void;
  setQuery: (query: string) => void;
  setResults: (matches: FindMatch[], index: number, searching: boolean) => void;
  setIndex: (index: number) => void;
  setTarget: (match: FindMatch | undefined) => void;
}

/** The find bar store. */
export const useFindStore = create<FindState>()((set, get) => ({
  chatId: undefined,
  query: '',
  matches: [],
  index: 0,
  searching: false,
  target: undefined,
  focusSeq: 0,
  searchSeq: 0,
  wanted: undefined,
  open: (chatId, query, at) =>
    set((s) => ({
      chatId,
      query: query ?? s.query,
      focusSeq: s.focusSeq + 1,
      wanted: at,
      ...(chatId !== s.chatId || query !== undefined ? { matches: [], index: 0, target: undefined, searchSeq: s.searchSeq + 1 } : {}),
    })),
  clearWanted: () => set({ wanted: undefined }),
  close: () => set({ chatId: undefined, matches: [], index: 0, target: undefined, searching: false, wanted: undefined }),
  setQuery: (query) => set({ query }),
  setResults: (matches, index, searching) => set({ matches, index, searching }),
  setIndex: (index) => set({ index }),
  setTarget: (match) => set({ target: match ? { ...match, seq: (get().target?.seq ?? 0) + 1 } : undefined }),
}));
