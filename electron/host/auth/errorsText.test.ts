import { InsecureTokenEndpointError, OAuthError, UnauthorizedError } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { englishOf, hostMessage } from '../../../shared/hostMessages.ts';
import { AuthorizationDeniedError, ClientRegistrationNeededError, SignInAbortedError, SignInFailedError, SignInRefusedError, signInErrorToAppError } from './errors.ts';

describe('sign-in failures as host message codes (shown on the server card in the user language)', () => {
  it('gives every kind of failure a code, its English in message', () => {
    const cases: [unknown, string][] = [
      [new SignInRefusedError(hostMessage('auth.noPkce', { host: 'auth.example.com' })), 'auth.noPkce'],
      [new ClientRegistrationNeededError(hostMessage('auth.registerByHand', { host: 'a.example', redirect: 'http://127.0.0.1:1/cb' })), 'auth.registerByHand'],
      [new AuthorizationDeniedError(hostMessage('auth.declined')), 'auth.declined'],
      [new SignInAbortedError('timeout'), 'auth.timeout'],
      [new SignInAbortedError('cancelled'), 'auth.cancelled'],
      [new InsecureTokenEndpointError('http://a.example/token'), 'auth.insecureToken'],
      [new UnauthorizedError(), 'auth.signInRequired'],
      [new SignInFailedError(hostMessage('signIn.codeRejected')), 'signIn.codeRejected'],
      [new Error('socket hang up'), 'auth.failed'],
    ];
    for (const [error, code] of cases) {
      const appError = signInErrorToAppError(error);
      expect(appError.text?.code).toBe(code);
      expect(appError.message).toBe(englishOf(appError.text ?? hostMessage('auth.failed')));
    }
    expect(signInErrorToAppError(new SignInAbortedError('timeout')).message).toBe('The sign-in was not completed in time.');
    // The English the logs had before these became codes.
    expect(signInErrorToAppError(new SignInFailedError(hostMessage('signIn.noRedirect'))).message).toBe('Sign-in failed: The authorization server did not ask for a browser sign-in');
    expect(signInErrorToAppError(new ClientRegistrationNeededError(hostMessage('auth.declined'))).field).toBe('config.oauth.clientId');
  });

  it('keeps what the authorization server said as a parameter', () => {
    const refused = signInErrorToAppError(new OAuthError('invalid_scope', 'scope too wide'));
    expect(refused.text).toEqual({ code: 'auth.refused', params: { reason: 'invalid_scope (scope too wide)' } });
    expect(refused.message).toBe('The authorization server refused the sign-in: invalid_scope (scope too wide)');
  });
});
