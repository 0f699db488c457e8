/**
 * OS notifications of the desktop app: when a tool approval, an elicitation or a sampling request starts waiting and
 * the window is not focused, a notification says so; clicking it brings the window forward and opens the chat (or the
 * Servers view for a request tied to no chat). The renderer does the rest (badges, title count, the waiting list).
 * Written against the host's event hub and an injected notifier so it is tested on plain Node.
 */
import type { Notification as ElectronNotification } from 'electron';
import type { HostEvents } from '../../shared/contract.ts';
import { noticeFor, noticeLanguageFor } from './notificationText.ts';

/** One notification to show. */
export interface AttentionNotice {
  title: string;
  body: string;
  onClick: () => void;
}

/** What the watcher needs from the app. */
export interface AttentionWatchOptions {
  /** The host's events (Host.events.subscribe). */
  subscribe: (listener: (event: keyof HostEvents, payload: unknown) => void) => () => void;
  /** Whether the main window has focus (no notification then: the app itself shows the request). */
  isFocused: () => boolean;
  notify: (notice: AttentionNotice) => void;
  /** Shows the window and opens where the request is answered. */
  open: (target: { chatId?: string; approvalId?: string }) => void;
  /** The app's language setting when the watch starts ('system' or a language); later changes come as settings.changed. */
  language?: string;
  /** The system's language (Electron's app.getLocale()), used when the setting is 'system'. */
  systemLocale?: () => string;
}

type Pending = { id: string; chatId?: string; serverId: string; what: string; kind: 'approval' | 'elicitation' | 'sampling' };

/** Watches the host's pending lists; returns the detach function. */
export function watchAttention(options: AttentionWatchOptions): () => void {
  // Ids already notified, per kind; a list event replaces its kind's set, so ids that left are forgotten.
  const seen = { approval: new Set<string>(), elicitation: new Set<string>(), sampling: new Set<string>() };
  // The setting as last seen; the system's language is read at each notification (it can change while the app runs).
  let setting = options.language;
  const notify = (item: Pending) => {
    if (options.isFocused()) return;
    const language = noticeLanguageFor(setting, options.systemLocale?.());
    options.notify({
      ...noticeFor(language, item.kind, { what: item.what, server: item.serverId }),
      onClick: () => options.open({ ...(item.chatId ? { chatId: item.chatId } : {}), ...(item.kind === 'approval' ? { approvalId: item.id } : {}) }),
    });
  };
  const replaceList = (kind: 'approval' | 'sampling', items: Pending[]) => {
    const fresh = items.filter((item) => !seen[kind].has(item.id));
    seen[kind] = new Set(items.map((item) => item.id));
    fresh.forEach(notify);
  };
  // The hub pairs each event name with its payload type; the casts below restate that pairing.
  return options.subscribe((event, payload) => {
    if (event === 'settings.changed') {
      setting = (payload as HostEvents['settings.changed']).language;
    } else if (event === 'approvals.changed') {
      const list = payload as HostEvents['approvals.changed'];
      replaceList('approval', list.map((a) => ({ id: a.id, chatId: a.chatId, serverId: a.serverId, what: a.title ?? a.toolName, kind: 'approval' })));
    } else if (event === 'sampling.changed') {
      const list = payload as HostEvents['sampling.changed'];
      replaceList('sampling', list.map((r) => ({ id: r.id, ...(r.chatId ? { chatId: r.chatId } : {}), serverId: r.serverId, what: r.serverId, kind: 'sampling' })));
    } else if (event === 'elicitations.delta') {
      const delta = payload as HostEvents['elicitations.delta'];
      for (const id of delta.removed) seen.elicitation.delete(id);
      for (const e of delta.added) {
        if (seen.elicitation.has(e.id) || delta.removed.includes(e.id)) continue;
        seen.elicitation.add(e.id);
        notify({ id: e.id, ...(e.chatId ? { chatId: e.chatId } : {}), serverId: e.serverId, what: e.message, kind: 'elicitation' });
      }
    }
  });
}

/** A notifier on Electron's Notification (nothing where the OS has none). */
export function electronNotifier(NotificationClass: typeof ElectronNotification): (notice: AttentionNotice) => void {
  return (notice) => {
    if (!NotificationClass.isSupported()) return;
    const notification = new NotificationClass({ title: notice.title, body: notice.body });
    notification.on('click', notice.onClick);
    notification.show();
  };
}
