/** Which web permissions the renderer gets: only what the app itself uses, only for its own page. */
import { comparableOrigin } from './senderCheck.ts';

/**
 * Permissions the app's own page uses. Copy buttons write to the clipboard (sanitized write);
 * everything else (camera, microphone, notifications, geolocation, MIDI, HID...) is denied.
 */
export const grantedPermissions: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

/** True when `permission` may be granted to a page at `requestingUrl`. */
export function isPermissionGranted(permission: string, requestingUrl: string | undefined, entryUrl: string): boolean {
  if (!grantedPermissions.has(permission)) return false;
  if (requestingUrl === undefined) return false;
  const origin = comparableOrigin(requestingUrl);
  return origin !== undefined && origin === comparableOrigin(entryUrl);
}
