/** The optional parts of an AppError that an error status carries (detail, translatable text, hints, searched PATH). */
import type { AppError } from '../../../shared/errors.ts';
import type { ServerStatus } from '../../../shared/servers.ts';
import { englishOf, hostMessage } from '../../../shared/hostMessages.ts';

type ErrorStatusParts = Pick<Extract<ServerStatus, { state: 'error' }>, 'detail' | 'text' | 'hints' | 'searched'>;

/** Copies the parts an error has, leaving absent ones out (exactOptionalPropertyTypes). */
export function errorParts(error: AppError): ErrorStatusParts {
  return {
    ...(error.detail !== undefined ? { detail: error.detail } : {}),
    ...(error.text ? { text: error.text } : {}),
    ...(error.hints ? { hints: error.hints } : {}),
    ...(error.searched ? { searched: error.searched } : {}),
  };
}

/**
 * "Sign in required" for a server with no sign-in of Switchboard's own (it sends its own Authorization header): the
 * reason is the connection's, which is the host's sentence `auth.signIn` for every 401 (mcpErrors), so it goes as a code.
 */
export function authRequiredStatus(reason: string): Extract<ServerStatus, { state: 'auth_required' }> {
  const signIn = hostMessage('auth.signIn');
  return reason === englishOf(signIn) ? { state: 'auth_required', message: reason, text: signIn } : { state: 'auth_required', message: reason };
}
