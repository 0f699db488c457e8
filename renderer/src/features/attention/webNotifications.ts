/**
 * Web Notifications for web mode (the desktop app uses the OS's through electron/desktop/attentionNotifications.ts).
 * Permission is asked only from a user gesture ("Notify me"), never on load; a notification shows only while the
 * window is not focused, and closes once its decision is made.
 */

/** Whether this window runs in web mode with the Notification API (the desktop app notifies from its main process). */
export function webNotificationsSupported(): boolean {
  return typeof window !== 'undefined' && !window.switchboard && typeof window.Notification === 'function';
}

/** 'default' while the user has not been asked, 'granted' or 'denied' after; 'unsupported' without the API. */
export function notificationPermission(): NotificationPermission | 'unsupported' {
  return webNotificationsSupported() ? window.Notification.permission : 'unsupported';
}

/** Asks for permission; call only from a click or key press (browsers ignore or block other requests). */
export async function askNotificationPermission(): Promise<NotificationPermission | 'unsupported'> {
  if (!webNotificationsSupported()) return 'unsupported';
  try {
    return await window.Notification.requestPermission();
  } catch {
    return window.Notification.permission;
  }
}

let windowFocused = typeof document === 'undefined' ? true : document.hasFocus();
if (typeof window !== 'undefined') {
  window.addEventListener('focus', () => (windowFocused = true));
  window.addEventListener('blur', () => (windowFocused = false));
}

/** Whether the user is looking at this window (focus events, as `document.hasFocus()` is only read at start). */
export function windowHasFocus(): boolean {
  return windowFocused;
}

/** What one notification says and does when clicked. */
export interface DecisionNotice {
  tag: string;
  title: string;
  body: string;
  onClick: () => void;
}

const open = new Map<string, Notification>();

/** Shows a notification when allowed and the window is not focused; returns whether it was shown. */
export function showDecisionNotification(notice: DecisionNotice): boolean {
  if (notificationPermission() !== 'granted' || windowHasFocus()) return false;
  try {
    const notification = new window.Notification(notice.title, { body: notice.body, tag: notice.tag });
    notification.onclick = () => {
      window.focus();
      notice.onClick();
      notification.close();
    };
    notification.onclose = () => open.delete(notice.tag);
    open.set(notice.tag, notification);
    return true;
  } catch {
    // Some browsers allow notifications only from a service worker: the badge and the title count still tell.
    return false;
  }
}

/** Closes the notifications of decisions no longer waiting. */
export function closeNotificationsExcept(waiting: ReadonlySet<string>): void {
  for (const [tag, notification] of open) {
    if (waiting.has(tag)) continue;
    notification.close();
    open.delete(tag);
  }
}
