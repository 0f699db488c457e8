/** Why a sign-in stopped, as errors the flow throws and as user-facing AppErrors. */
import {
  AuthorizationServerMismatchError,
  InsecureTokenEndpointError,
  IssuerMismatchError,
  OAuthError,
  RegistrationRejectedError,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { hostError, type AppError } from '../../../shared/errors.ts';
import { hostMessage, type HostMessage } from '../../../shared/hostMessages.ts';
import { HostMessageError } from '../hostMessageError.ts';

/** A security check of the MCP authorization spec failed, so Switchboard will not sign in to this server. */
export class SignInRefusedError extends HostMessageError {
  constructor(text: HostMessage) {
    super(text, 'SignInRefusedError');
  }
}

/** No way to obtain a client ID automatically: the user has to register Switchboard and enter the client ID. */
export class ClientRegistrationNeededError extends HostMessageError {
  constructor(text: HostMessage) {
    super(text, 'ClientRegistrationNeededError');
  }
}

/** The sign-in could not go on for a reason of its own (no browser step asked for, the code not accepted). */
export class SignInFailedError extends HostMessageError {
  constructor(text: HostMessage) {
    super(text, 'SignInFailedError');
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
export class AuthorizationDeniedError extends HostMessageError {
  constructor(text: HostMessage) {
    super(text, 'AuthorizationDeniedError');
  }
}

/**
 * Turns anything a sign-in can throw into an AppError with a message a user can act on. Values an attacker controls
 * (a mismatched `iss`, the callback's error text on a mismatch) are never echoed (RFC 9207 §2.4).
 */
export function signInErrorToAppError(error: unknown): AppError {
  if (error instanceof SignInRefusedError || error instanceof SignInFailedError) return hostError('auth_required', error.text);
  if (error instanceof ClientRegistrationNeededError) return hostError('invalid_config', error.text, { field: 'config.oauth.clientId' });
  if (error instanceof SignInAbortedError) return hostError(error.reason === 'timeout' ? 'timeout' : 'cancelled', hostMessage(error.reason === 'timeout' ? 'auth.timeout' : 'auth.cancelled'));
  if (error instanceof AuthorizationDeniedError) return hostError('auth_required', error.text);
  if (error instanceof IssuerMismatchError) {
    return hostError('auth_required', hostMessage(error.kind === 'metadata' ? 'auth.issuerMetadata' : error.received === undefined ? 'auth.issuerMissing' : 'auth.issuerOther'));
  }
  if (error instanceof AuthorizationServerMismatchError) return hostError('auth_required', hostMessage('auth.serverSwitched'));
  if (error instanceof InsecureTokenEndpointError) return hostError('auth_required', hostMessage('auth.insecureToken'));
  if (error instanceof RegistrationRejectedError) {
    return hostError('auth_required', hostMessage('auth.registrationRejected', { status: error.status }), { field: 'config.oauth.clientId' });
  }
  if (error instanceof OAuthError) {
    return hostError('auth_required', hostMessage('auth.refused', { reason: `${error.code}${error.message && error.message !== error.code ? ` (${error.message})` : ''}` }));
  }
  if (error instanceof UnauthorizedError) return hostError('auth_required', hostMessage('auth.signInRequired'));
  const message = error instanceof Error ? error.message : String(error);
  return hostError('auth_required', hostMessage('auth.failed', { reason: message }));
}
