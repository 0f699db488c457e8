/** Turns server status transitions into notices: a toast when a server fails, and when it becomes ready again. */
import type { StoreApi } from 'zustand';
import type { ServerView } from '../../../shared/servers.ts';
import type { StoreState } from './index.ts';

/** Notices worth raising when the servers list changes from `before` to `after`. */
export function serverTransitions(before: ServerView[], after: ServerView[]): { id: string; kind: 'failed' | 'recovered'; message?: string }[] {
  const previous = new Map(before.map((s) => [s.id, s.status.state]));
  const found: { id: string; kind: 'failed' | 'recovered'; message?: string }[] = [];
  for (const server of after) {
    const was = previous.get(server.id);
    if (was === undefined) continue; // New servers announce themselves in the view, not in a toast.
    if (server.status.state === 'error' && was !== 'error') found.push({ id: server.id, kind: 'failed', message: server.status.message });
    if (server.status.state === 'ready' && (was === 'error' || was === 'restarting')) found.push({ id: server.id, kind: 'recovered' });
  }
  return found;
}

/** Watches the servers mirror and notifies; returns the detach function. */
export function watchServerTransitions(store: StoreApi<StoreState>): () => void {
  return store.subscribe((state, prev) => {
    if (state.servers === prev.servers || !prev.serversLoaded) return;
    for (const change of serverTransitions(prev.servers, state.servers)) {
      if (change.kind === 'failed') {
        state.notify({ tone: 'error', titleKey: 'servers:notice.failed', values: { name: change.id }, ...(change.message ? { detail: change.message } : {}) });
      } else {
        state.notify({ tone: 'success', titleKey: 'servers:notice.recovered', values: { name: change.id } });
      }
    }
  });
}
