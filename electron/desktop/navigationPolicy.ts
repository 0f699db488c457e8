/** What the window does with a navigation or window.open: stay (app page), hand to the system browser, or refuse. */
import { comparableOrigin } from './senderCheck.ts';

/** Decision for one URL the page tries to open. */
export type NavigationDecision = 'allow' | 'open_external' | 'deny';

/** Only plain web links go to the system browser; file:, javascript:, custom schemes and the rest never leave the app. */
export function isExternalWebUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.hostname.length > 0;
  } catch {
    return false;
  }
}

/** In-window navigation: the app's own origin stays, web links go to the browser, anything else is refused. */
export function decideNavigation(url: string, entryUrl: string): NavigationDecision {
  const target = comparableOrigin(url);
  if (target !== undefined && target === comparableOrigin(entryUrl)) return 'allow';
  return isExternalWebUrl(url) ? 'open_external' : 'deny';
}

/** window.open / target=_blank: never a new Electron window; web links go to the browser. */
export function decideWindowOpen(url: string): Exclude<NavigationDecision, 'allow'> {
  return isExternalWebUrl(url) ? 'open_external' : 'deny';
}
