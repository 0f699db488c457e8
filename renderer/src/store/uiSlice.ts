/** UI state: which view is shown (kept in the URL hash so a reload returns to it), the theme, the connection banner. */
import type { StateCreator } from 'zustand';
import type { ConnectionState } from '../bridge/connection.ts';
import type { StoreState } from './index.ts';

/** The main area's view. */
export type View = 'chat' | 'servers' | 'settings';

/** Where the user is: a view and, for chats, which chat. */
export interface Route {
  view: View;
  chatId?: string;
}

/** The UI slice of the store. */
export interface UiSlice {
  view: View;
  /** The chat shown when the view is 'chat' (none: the start page). */
  chatId: string | undefined;
  connection: ConnectionState;
  /** The sidebar shows as a narrow rail of icons (collapsed by default on windows narrower than `narrowWidth`). */
  sidebarCollapsed: boolean;
  setSidebarCollapsed: (collapsed: boolean) => void;
  toggleSidebar: () => void;
  /** Shows a view; for 'chat', optionally a chat. */
  navigate: (route: Route) => void;
  setConnection: (state: ConnectionState) => void;
}

/** Parses `#/chat/<id>`, `#/servers`, `#/settings`; anything else is the chat start page. */
export function parseHash(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean);
  if (parts[0] === 'servers') return { view: 'servers' };
  if (parts[0] === 'settings') return { view: 'settings' };
  if (parts[0] === 'chat' && parts[1]) return { view: 'chat', chatId: decodeURIComponent(parts[1]) };
  return { view: 'chat' };
}

/** The hash of a route. */
export function routeHash(route: Route): string {
  if (route.view === 'chat') return route.chatId ? `#/chat/${encodeURIComponent(route.chatId)}` : '#/';
  return `#/${route.view}`;
}

/** Below this window width (px) the sidebar starts collapsed. */
export const narrowWidth = 900;

const startsNarrow = (): boolean => typeof window !== 'undefined' && window.innerWidth < narrowWidth;

const initialRoute = (): Route => (typeof window === 'undefined' ? { view: 'chat' } : parseHash(window.location.hash));

/** Creates the UI slice. */
export const createUiSlice: StateCreator<StoreState, [], [], UiSlice> = (set) => {
  const start = initialRoute();
  return {
    view: start.view,
    chatId: start.chatId,
    connection: 'connecting',
    sidebarCollapsed: startsNarrow(),
    setSidebarCollapsed: (sidebarCollapsed) => set({ sidebarCollapsed }),
    toggleSidebar: () => set((s) => ({ sidebarCollapsed: !s.sidebarCollapsed })),
    navigate(route) {
      set({ view: route.view, chatId: route.view === 'chat' ? route.chatId : undefined });
      if (typeof window !== 'undefined') {
        const hash = routeHash(route);
        if (window.location.hash !== hash) window.history.pushState(null, '', hash);
      }
    },
    setConnection: (connection) => set({ connection }),
  };
};

/** Follows the browser's back/forward buttons; returns the detach function. */
export function followHash(navigateTo: (route: Route) => void): () => void {
  const onChange = () => navigateTo(parseHash(window.location.hash));
  window.addEventListener('popstate', onChange);
  window.addEventListener('hashchange', onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener('hashchange', onChange);
  };
}
