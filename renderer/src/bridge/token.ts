/**
 * The web mode token: taken from the page URL (`?token=` from the printed link, or `?code=` from `--open`, traded once
 * for the token), kept in this tab's sessionStorage, and removed from the address bar. Never in a cookie: browsers
 * send cookies to every port of 127.0.0.1 (docs/decisions/005-web-mode-token.md).
 */
import { webPaths } from '../../../shared/webMode.ts';

const storageKey = 'switchboard.token';

/** Removes `name` from the address bar (history, bookmarks, screenshots) and returns its value, if any. */
function takeParam(name: string, location: Location, history: History): string | undefined {
  const url = new URL(location.href);
  const value = url.searchParams.get(name);
  if (value === null) return undefined;
  url.searchParams.delete(name);
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return value || undefined;
}

function remember(storage: Storage, token: string): void {
  try {
    storage.setItem(storageKey, token);
  } catch {
    // Storage can be disabled; this page still works until it is reloaded.
  }
}

function remembered(storage: Storage): string | undefined {
  try {
    return storage.getItem(storageKey) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Takes `?token=` out of the URL and returns the token for this tab (from the URL, else from sessionStorage). */
export function takeToken(location: Location = window.location, history: History = window.history, storage: Storage = window.sessionStorage): string | undefined {
  const fromUrl = takeParam('token', location, history);
  if (fromUrl) {
    remember(storage, fromUrl);
    return fromUrl;
  }
  return remembered(storage);
}

/** Trades a one-time code for the token at web mode's session endpoint; undefined when it was used or has expired. */
export async function exchangeCode(code: string, fetchFn: typeof fetch = (input, init) => fetch(input, init)): Promise<string | undefined> {
  try {
    const response = await fetchFn(webPaths.session, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ code }), cache: 'no-store' });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { token?: unknown };
    return typeof body.token === 'string' && body.token ? body.token : undefined;
  } catch {
    return undefined;
  }
}

/** Everything a tab may hold the token by, in order: `?code=` (traded once), `?token=`, this tab's sessionStorage. */
export async function obtainToken(
  location: Location = window.location,
  history: History = window.history,
  storage: Storage = window.sessionStorage,
  fetchFn?: typeof fetch,
): Promise<string | undefined> {
  const code = takeParam('code', location, history);
  if (code) {
    const token = await exchangeCode(code, fetchFn);
    if (token) {
      remember(storage, token);
      return token;
    }
  }
  return takeToken(location, history, storage);
}

/** Forgets this tab's token (it was refused: web mode restarted with a new one). */
export function forgetToken(storage: Storage = window.sessionStorage): void {
  try {
    storage.removeItem(storageKey);
  } catch {
    // Nothing stored, nothing to forget.
  }
}
