/**
 * Turns the server list into 'servers.changed' deltas: each push carries only the views whose JSON differs from what
 * was last pushed, plus the ids in order. At 100 servers becoming ready one by one the full list was pushed on every
 * status change (2.9 MB); a delta carries the one server that changed.
 */
import type { ServersDelta, ServerView } from '../../../shared/servers.ts';

/** Remembers what was pushed; `next` answers the delta to push now, or undefined when nothing changed. */
export interface ServersDeltaTracker {
  next(views: readonly ServerView[]): ServersDelta | undefined;
}

/** Builds a tracker that starts from nothing pushed (the first delta carries every server). */
export function createServersDeltaTracker(): ServersDeltaTracker {
  let sent = new Map<string, string>();
  let order: string[] = [];
  return {
    next(views) {
      const now = new Map<string, string>();
      const changed: ServerView[] = [];
      for (const view of views) {
        const json = JSON.stringify(view);
        now.set(view.id, json);
        if (sent.get(view.id) !== json) changed.push(view);
      }
      const ids = views.map((view) => view.id);
      const reordered = ids.length !== order.length || ids.some((id, i) => id !== order[i]);
      sent = now;
      order = ids;
      return changed.length > 0 || reordered ? { changed, order: ids } : undefined;
    },
  };
}
