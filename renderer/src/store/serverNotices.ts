/** Turns server status changes into notices: a toast when a server stops working, and when it works again. */
import type { StoreApi } from 'zustand';
import type { HostMessage } from '../../../shared/hostMessages.ts';
import type { ServerView } from '../../../shared/servers.ts';
import type { StoreState } from './index.ts';

/** A change worth a toast. */
export interface ServerTransition {
  id: string;
  kind: 'failed' | 'recovered';
  message?: string;
  /** The message as a code plus parameters, so the toast can say it in the user's language. */
  text?: HostMessage;
}

const failing = (server: ServerView): string | undefined =>
  server.status.state === 'error' ? server.status.message : server.status.state === 'restarting' ? server.status.lastError : undefined;

const failingText = (server: ServerView): HostMessage | undefined =>
  server.status.state === 'error' ? server.status.text : server.status.state === 'restarting' ? server.status.lastErrorText : undefined;

/**
 * Tracks which servers are failing across updates. A server that goes from working, starting or absent (just added)
 * to error/restarting is announced once, not on every retry; servers already failing in the baseline are not; one that reaches ready after failing is announced as recovered, even when
 * it passed through 'connecting' on the way.
 */
export function createTransitionTracker(initial: ServerView[]): (servers: ServerView[]) => ServerTransition[] {
  const known = new Set(initial.map((s) => s.id));
  const down = new Set(initial.filter((s) => failing(s) !== undefined).map((s) => s.id));
  return (servers) => {
    const found: ServerTransition[] = [];
    for (const server of servers) {
      const message = failing(server);
      known.add(server.id);
      if (message !== undefined) {
        // A server added since the baseline is announced even when its first status seen is already the failure: the
        // store applies events once per frame, so whether 'connecting' was seen first is timing, not a user-visible fact.
        const text = failingText(server);
        if (!down.has(server.id)) found.push({ id: server.id, kind: 'failed', message, ...(text ? { text } : {}) });
        down.add(server.id);
      } else if (server.status.state === 'ready' && down.has(server.id)) {
        down.delete(server.id);
        found.push({ id: server.id, kind: 'recovered' });
      } else if (server.status.state === 'disabled') {
        down.delete(server.id);
      }
    }
    for (const id of [...known]) {
      if (!servers.some((s) => s.id === id)) {
        known.delete(id);
        down.delete(id);
      }
    }
    return found;
  };
}

/** Watches the servers mirror and notifies; returns the detach function. */
export function watchServerTransitions(store: StoreApi<StoreState>): () => void {
  let track: ((servers: ServerView[]) => ServerTransition[]) | undefined;
  return store.subscribe((state, prev) => {
    if (state.servers === prev.servers || !state.serversLoaded) return;
    // The first list is the baseline: servers already failing at start show on their cards, not as toasts.
    if (!track) {
      track = createTransitionTracker(state.servers);
      return;
    }
    for (const change of track(state.servers)) {
      if (change.kind === 'failed') {
        // The detail in the user's language when the host sent a code; the server's name wins over a parameter of the same name.
        const detail = change.text
          ? { detailKey: `hostMessages:${change.text.code}`, values: { ...change.text.params, name: change.id } }
          : { values: { name: change.id }, ...(change.message ? { detail: change.message } : {}) };
        state.notify({ tone: 'error', titleKey: 'servers:notice.failed', ...detail });
      } else {
        state.notify({ tone: 'success', titleKey: 'servers:notice.recovered', values: { name: change.id } });
      }
    }
  });
}
