/**
 * Decides whether an IPC call comes from the app's own page: the app's window, its top frame, the app's own origin.
 * Pure (plain data in, verdict out) so it is tested without Electron; main.ts extracts the data from the IPC event.
 */

/** What main.ts knows about the sender of one IPC message. */
export interface SenderInfo {
  /** `event.sender.id`. */
  webContentsId: number;
  /** `event.senderFrame?.url`; undefined when the frame is gone (navigated or destroyed). */
  frameUrl: string | undefined;
  /** True when the sending frame is the page's main frame (not an iframe). */
  isTopFrame: boolean;
}

/** The page the app trusts. */
export interface TrustedPage {
  /** Id of the app window's webContents; undefined while no window exists. */
  webContentsId: number | undefined;
  /** The URL the app loads, e.g. `app://switchboard/index.html` (or a dev server's http://localhost URL). */
  entryUrl: string;
}

/** Verdict on one sender: trusted, or the reason it is refused (for the log, never for the renderer). */
export type SenderVerdict = { trusted: true } | { trusted: false; reason: string };

/** Origin of a URL in the sense the app compares: `scheme://host[:port]`, or the full path for file: URLs. */
export function comparableOrigin(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  // file: URLs all share the opaque origin "null", so the path itself is what identifies the app's page.
  if (parsed.protocol === 'file:') return `file://${parsed.pathname}`;
  if (!parsed.host) return undefined;
  return `${parsed.protocol}//${parsed.host}`;
}

/** Checks one sender against the app's page: same window, top frame, same origin. */
export function checkSender(sender: SenderInfo, page: TrustedPage): SenderVerdict {
  if (page.webContentsId === undefined || sender.webContentsId !== page.webContentsId) {
    return { trusted: false, reason: 'call from a window that is not the app window' };
  }
  if (!sender.isTopFrame) return { trusted: false, reason: 'call from a subframe' };
  if (sender.frameUrl === undefined) return { trusted: false, reason: 'call from a frame that no longer exists' };
  const expected = comparableOrigin(page.entryUrl);
  const actual = comparableOrigin(sender.frameUrl);
  if (expected === undefined || actual === undefined || actual !== expected) {
    return { trusted: false, reason: `call from a foreign page (${actual ?? 'unparseable URL'})` };
  }
  return { trusted: true };
}
