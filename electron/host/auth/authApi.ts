/** The host calls `servers.signIn` and `servers.signOut`, over an explicit auth service (wired by the host's composition). */
import type { HostApi } from '../../../shared/contract.ts';
import type { AuthService } from './authService.ts';

/** The OAuth calls of the contract. */
export type AuthCalls = Pick<HostApi, 'servers.signIn' | 'servers.signOut'>;

/** Builds the OAuth calls. Neither throws: every failure is a typed AppError (nothing secret in its message). */
export function createAuthApi(deps: { auth: Pick<AuthService, 'signIn' | 'signOut'> }): AuthCalls {
  return {
    'servers.signIn': ({ id }) => deps.auth.signIn(id),
    'servers.signOut': ({ id }) => deps.auth.signOut(id),
  };
}
