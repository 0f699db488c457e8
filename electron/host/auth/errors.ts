/** Why a sign-in stopped, as errors the flow throws and as user-facing AppErrors. */
import {
  AuthorizationServerMismatchError,
  InsecureTokenEndpointError,
  IssuerMismatchError,
  OAuthError,
  RegistrationRejectedError,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { appError, type AppError } from '../../../shared/errors.ts';

/** A security check of the MCP authorization spec failed, so Switchboard will not sign in to this server. */
export class SignInRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignInRefusedError';
  }
}

/** No way to obtain a client ID automatically: the user has to register Switchboard and enter the client ID. */
export class ClientRegistrationNeededError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClientRegistrationNeededError';
  }
}

/** The browser never came back to the loopback listener in time, or the sign-in was cancelled. */
export class SignInAbortedError extends Error {
  readonly reason: 'timeout' | 'cancelled';
  constructor(reason: 'timeout' | 'cancelled') {
    super(reason === 'timeout' ? 'The sign-in was not completed in time.' : 'The sign-in was cancelled.');
    this.name = 'SignInAbortedError';
    this.reason = reason;
  }
}

/** The authorization server answered the callback with an error (after its `iss` was checked). */
export class AuthorizationDeniedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AuthorizationDeniedError';
  }
}

/**
 * Turns anything a sign-in can throw into an AppError with a message a user can act on. Values an attacker controls
 * (a mismatched `iss`, the callback's error text on a mismatch) are never echoed (RFC 9207 §2.4).
 */
export function signInErrorToAppError(error: unknown): AppError {
  if (error instanceof SignInRefusedError) return appError('auth_required', error.message);
  if (error instanceof ClientRegistrationNeededError) return appError('invalid_config', error.message, { field: 'config.oauth.clientId' });
  if (error instanceof SignInAbortedError) return appError(error.reason === 'timeout' ? 'timeout' : 'cancelled', error.message);
  if (error instanceof AuthorizationDeniedError) return appError('auth_required', error.message);
  if (error instanceof IssuerMismatchError) {
    return appError(
      'auth_required',
      error.kind === 'metadata'
        ? 'Sign-in refused: the authorization server metadata names a different issuer than the server it was fetched from (RFC 8414).'
        : error.received === undefined
          ? 'Sign-in refused: the authorization server promised to name itself in its answer (iss) and did not (RFC 9207 mix-up check).'
          : 'Sign-in refused: the answer came back naming a different authorization server than the one Switchboard sent you to (RFC 9207 mix-up check).',
    );
  }
  if (error instanceof AuthorizationServerMismatchError) {
    return appError('auth_required', 'The server switched to a different authorization server during sign-in. Sign in again.');
  }
  if (error instanceof InsecureTokenEndpointError) {
    return appError('auth_required', 'Sign-in refused: the authorization server’s token endpoint does not use HTTPS.');
  }
  if (error instanceof RegistrationRejectedError) {
    return appError('auth_required', `The authorization server refused to register Switchboard (HTTP ${error.status}). Register it by hand and enter the client ID in the server's settings.`, {
      field: 'config.oauth.clientId',
    });
  }
  if (error instanceof OAuthError) return appError('auth_required', `The authorization server refused the sign-in: ${error.code}${error.message && error.message !== error.code ? ` (${error.message})` : ''}`);
  if (error instanceof UnauthorizedError) return appError('auth_required', 'Sign in required.');
  const message = error instanceof Error ? error.message : String(error);
  return appError('auth_required', `Sign-in failed: ${message}`);
}
