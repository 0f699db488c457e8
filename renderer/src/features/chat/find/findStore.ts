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
  /** Opens the bar on a chat, keeping the query (or using `query`). */
  open: (chatId: string, query?: string) => void;
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
  open: (chatId, query) => set((s) => ({ chatId, query: query ?? s.query, focusSeq: s.focusSeq + 1, ...(chatId !== s.chatId || query !== undefined ? { matches: [], index: 0, target: undefined } : {}) })),
  close: () => set({ chatId: undefined, matches: [], index: 0, target: undefined, searching: false }),
  setQuery: (query) => set({ query }),
  setResults: (matches, index, searching) => set({ matches, index, searching }),
  setIndex: (index) => set({ index }),
  setTarget: (match) => set({ target: match ? { ...match, seq: (get().target?.seq ?? 0) + 1 } : undefined }),
}));
