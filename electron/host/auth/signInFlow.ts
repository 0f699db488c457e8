/**
 * One interactive sign-in: bind the loopback listener, let the SDK build the authorization URL (PKCE S256, state,
 * resource, scope), hand the URL to the user, then, when the browser comes back with the expected state, check the
 * response's `iss` (RFC 9207) before the code goes anywhere and exchange it for tokens.
 */
import { randomBytes } from 'node:crypto';
import { auth, validateAuthorizationResponseIssuer, type FetchLike } from '@modelcontextprotocol/client';
import { AuthorizationDeniedError, SignInFailedError, SignInRefusedError } from './errors.ts';
import { hostMessage, type HostMessage } from '../../../shared/hostMessages.ts';
import { startLoopbackListener, type LoopbackListener } from './loopbackListener.ts';
import { defaultRedirectPort, type ServerOAuthProvider } from './serverOAuthProvider.ts';
import { SignInSession } from './signInSession.ts';

/** A sign-in waiting for the browser. */
export interface StartedSignIn {
  /** Where to send the user (shown by its domain first, then opened in the browser). */
  authorizationUrl: URL;
  /** Settles when the sign-in finished: tokens stored (resolves) or failed, timed out, cancelled (rejects). */
  completion: Promise<void>;
  /** Stops waiting for the browser. */
  cancel(): void;
}

/** What a sign-in needs. */
export interface SignInOptions {
  provider: ServerOAuthProvider;
  /** Fixed loopback port from the server's config, if any. */
  callbackPort?: number;
  timeoutMs?: number;
  fetchFn?: FetchLike;
}

async function bindListener(options: SignInOptions, state: string): Promise<LoopbackListener> {
  const preferred = options.callbackPort ?? defaultRedirectPort(options.provider.serverId);
  try {
    return await startLoopbackListener({ expectedState: state, port: preferred, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    if (options.callbackPort !== undefined) {
      throw new SignInRefusedError(hostMessage('auth.portInUse', { port: options.callbackPort }));
    }
    // Another port means another redirect URI: the provider registers again if its registration named the old one.
    return startLoopbackListener({ expectedState: state, port: 0, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) });
  }
}

/** Error text from the callback, shown only after its `iss` passed the check; short and printable. */
function describeDenial(params: URLSearchParams): HostMessage {
  const error = params.get('error') ?? 'no authorization code';
  if (error === 'access_denied') return hostMessage('auth.declined');
  const description = (params.get('error_description') ?? '').replace(/[^\x20-\x7E]/g, '').slice(0, 200);
  return hostMessage('auth.denied', { reason: `${error.replace(/[^\x20-\x7E]/g, '').slice(0, 60)}${description ? ` (${description})` : ''}` });
}

/** Starts a sign-in; rejects when no authorization URL can be built (refusals, registration impossible...). */
export async function startSignIn(options: SignInOptions): Promise<StartedSignIn> {
  const { provider } = options;
  const state = randomBytes(32).toString('base64url');
  const listener = await bindListener(options, state);
  const session = new SignInSession(provider, listener.redirectUri, state);
  const scope = provider.pendingScope;
  const resourceMetadataUrl = await provider.lastResourceMetadataUrl();
  const common = {
    serverUrl: provider.serverUrl,
    ...(scope ? { scope } : {}),
    ...(resourceMetadataUrl ? { resourceMetadataUrl: new URL(resourceMetadataUrl) } : {}),
    ...(options.fetchFn ? { fetchFn: options.fetchFn } : {}),
  };
  let authorizationUrl: URL | undefined;
  try {
    // A sign-in the user asked for always goes to the browser: a refresh was already tried in the background.
    const result = await auth(session, { ...common, forceReauthorization: true });
    authorizationUrl = session.redirect?.url;
    if (result !== 'REDIRECT' || !authorizationUrl) throw new SignInFailedError(hostMessage('signIn.noRedirect'));
  } catch (error) {
    listener.close();
    throw error;
  }

  const completion = (async () => {
    let signedIn = false;
    try {
      const params = await listener.result;
      const metadata = session.redirect?.discovery?.authorizationServerMetadata;
      // RFC 9207 §2.4 before anything else, error responses included: on a mix-up nothing from the callback is used.
      validateAuthorizationResponseIssuer({
        iss: params.get('iss') ?? undefined,
        expectedIssuer: metadata?.issuer,
        issParameterSupported: metadata?.authorization_response_iss_parameter_supported === true,
      });
      const code = params.get('code');
      if (!code) throw new AuthorizationDeniedError(describeDenial(params));
      session.exchanging = true;
      const iss = params.get('iss');
      const result = await auth(session, { ...common, authorizationCode: code, ...(iss !== null ? { iss } : {}) });
      if (result !== 'AUTHORIZED') throw new SignInFailedError(hostMessage('signIn.codeRejected'));
      signedIn = true;
    } finally {
      listener.close();
      provider.endSignIn(signedIn);
    }
  })();
  completion.catch(() => {}); // observed by the caller; never an unhandled rejection

  return { authorizationUrl, completion, cancel: () => listener.close() };
}
