/** The web mode token: read once from the page URL, kept in sessionStorage, and removed from the address bar. */

const storageKey = 'switchboard.token';

/**
 * Takes `?token=` out of the current URL (so it does not linger in history, bookmarks or screenshots) and returns the
 * token for this tab. A reload finds it in sessionStorage; the page itself is authorised by an HttpOnly cookie.
 */
export function takeToken(location: Location = window.location, history: History = window.history, storage: Storage = window.sessionStorage): string | undefined {
  const url = new URL(location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    try {
      storage.setItem(storageKey, fromUrl);
    } catch {
      // Storage can be disabled; the cookie still authorises this tab.
    }
    url.searchParams.delete('token');
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
    return fromUrl;
  }
  try {
    return storage.getItem(storageKey) ?? undefined;
  } catch {
    return undefined;
  }
}
