/** The one store, built from slices; `connectStore` attaches every slice to the bridge and re-syncs after reconnects. */
import { create } from 'zustand';
import type { Bridge } from '../../../shared/contract.ts';
import type { ConnectionSource } from '../bridge/connection.ts';
import { createChatsSlice, type ChatsSlice } from './chatsSlice.ts';
import { createNoticesSlice, type NoticesSlice } from './noticesSlice.ts';
import { createPendingSlice, type PendingSlice } from './pendingSlice.ts';
import { watchServerTransitions } from './serverNotices.ts';
import { createServersSlice, type ServersSlice } from './serversSlice.ts';
import { createSettingsSlice, type SettingsSlice } from './settingsSlice.ts';
import { createUiSlice, followHash, type UiSlice } from './uiSlice.ts';

/** The whole renderer state. */
export type StoreState = ServersSlice & SettingsSlice & NoticesSlice & UiSlice & ChatsSlice & PendingSlice;

/** Builds a fresh store (one per window; tests make their own). */
export function createAppStore() {
  return create<StoreState>()((...a) => ({
    ...createServersSlice(...a),
    ...createSettingsSlice(...a),
    ...createNoticesSlice(...a),
    ...createUiSlice(...a),
    ...createChatsSlice(...a),
    ...createPendingSlice(...a),
  }));
}

/** The store hook the components use. */
export const useStore = createAppStore();

/** The store type (for tests that build their own). */
export type AppStore = typeof useStore;

/**
 * Attaches every slice to the host's events and loads their first state. After a reconnect the slices are bound
 * again, which reloads every mirror: events sent while the link was down are lost, the lists are not.
 */
export function connectStore(bridge: Bridge, connection: ConnectionSource, store: AppStore = useStore): () => void {
  const bindAll = () => {
    const s = store.getState();
    const detach = [s.bindServers(bridge), s.bindSettings(bridge), s.bindChats(bridge), s.bindPending(bridge), s.bindNotices(bridge)];
    return () => detach.forEach((off) => off());
  };
  let unbind = bindAll();
  store.getState().setConnection(connection.state());
  const offState = connection.onState((state) => store.getState().setConnection(state));
  const offReconnect = connection.onReconnect(() => {
    unbind();
    unbind = bindAll();
  });
  const offWatch = watchServerTransitions(store);
  const offHash = typeof window === 'undefined' ? () => {} : followHash((route) => store.getState().navigate(route));
  return () => {
    unbind();
    offState();
    offReconnect();
    offWatch();
    offHash();
  };
}
