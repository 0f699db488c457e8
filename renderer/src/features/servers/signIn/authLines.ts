/** The lines of a "Sign in required" status, translated from the host's codes. */
import type { TFunction } from 'i18next';
import type { ServerStatus } from '../../../../../shared/servers.ts';
import { hostText } from '../../common/errorText.ts';

/**
 * "Sign in required" (with the access asked for) and why the last sign-in failed, each a line in the user's language
 * when the host sent codes; `skipBare` leaves out a bare "Sign in required" that the sign-in panel already says.
 */
export function authLines(t: TFunction, status: Extract<ServerStatus, { state: 'auth_required' }>, skipBare = false): string[] {
  if (!status.text) return [status.message];
  const lines = skipBare && status.text.code === 'auth.required' ? [] : [hostText(t, status.text)];
  if (status.failureText) lines.push(`${hostText(t, { code: 'auth.lastFailed' })} ${hostText(t, status.failureText)}`);
  return lines;
}
