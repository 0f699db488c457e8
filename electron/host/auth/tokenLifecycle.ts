/** Token upkeep outside the SDK's 401 path: refreshing shortly before expiry, and revoking on sign-out (RFC 7009). */
import {
  OAuthError,
  OAuthErrorCode,
  assertSecureTokenEndpoint,
  refreshAuthorization,
  selectClientAuthMethod,
  type AuthorizationServerMetadata,
  type FetchLike,
  type OAuthClientInformationMixed,
  type OAuthTokens,
} from '@modelcontextprotocol/client';

/** How long before expiry an access token is refreshed (clock skew and request latency). */
export const defaultRefreshSkewMs = 60_000;

/** True when the token has an expiry and is within `skewMs` of it (or past it). */
export function isExpiring(expiresAt: number | undefined, now: number, skewMs: number = defaultRefreshSkewMs): boolean {
  return expiresAt !== undefined && expiresAt - now <= skewMs;
}

/** What a refresh attempt ended with. */
export type RefreshOutcome =
  | { kind: 'refreshed'; tokens: OAuthTokens }
  /** The authorization server rejected the refresh token (revoked, expired, reused): the user has to sign in again. */
  | { kind: 'rejected'; reason: string }
  /** Could not ask (network, server error): keep the tokens and let the next 401 decide. */
  | { kind: 'unavailable'; reason: string };

const fatalRefreshCodes: string[] = [OAuthErrorCode.InvalidGrant, OAuthErrorCode.InvalidClient, OAuthErrorCode.UnauthorizedClient];

/** Exchanges a refresh token (with the same `resource` the tokens were issued for). Never throws. */
export async function refreshTokens(options: {
  authorizationServerUrl: string;
  metadata: AuthorizationServerMetadata;
  clientInformation: OAuthClientInformationMixed;
  refreshToken: string;
  resource?: string;
  fetchFn?: FetchLike;
}): Promise<RefreshOutcome> {
  try {
    const tokens = await refreshAuthorization(options.authorizationServerUrl, {
      metadata: options.metadata,
      clientInformation: options.clientInformation,
      refreshToken: options.refreshToken,
      ...(options.resource ? { resource: options.resource } : {}),
      ...(options.fetchFn ? { fetchFn: options.fetchFn } : {}),
    });
    return { kind: 'refreshed', tokens };
  } catch (error) {
    if (error instanceof OAuthError && fatalRefreshCodes.includes(error.code)) return { kind: 'rejected', reason: error.code };
    return { kind: 'unavailable', reason: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Revokes tokens at the authorization server's `revocation_endpoint` when it has one (refresh token first, since
 * revoking it usually revokes its access tokens too). Best effort: sign-out forgets the tokens locally either way.
 * Returns how many revocations the server accepted.
 */
export async function revokeTokens(options: {
  metadata: AuthorizationServerMetadata | undefined;
  clientInformation: OAuthClientInformationMixed | undefined;
  tokens: { access_token: string; refresh_token?: string | undefined };
  fetchFn?: FetchLike;
}): Promise<number> {
  const metadata = options.metadata;
  // RFC 7009 fields live on RFC 8414 metadata only (not on the OpenID discovery shape).
  const endpoint = metadata && 'revocation_endpoint' in metadata ? metadata.revocation_endpoint : undefined;
  if (!endpoint || !options.clientInformation) return 0;
  let url: URL;
  try {
    url = assertSecureTokenEndpoint(endpoint);
  } catch {
    return 0;
  }
  const fetchFn = options.fetchFn ?? fetch;
  const client = options.clientInformation;
  const revocationMethods = metadata && 'revocation_endpoint_auth_methods_supported' in metadata ? metadata.revocation_endpoint_auth_methods_supported : undefined;
  const supported = revocationMethods ?? metadata?.token_endpoint_auth_methods_supported ?? [];
  const method = selectClientAuthMethod(client, supported);
  const revoke = async (token: string, hint: 'refresh_token' | 'access_token'): Promise<boolean> => {
    const body = new URLSearchParams({ token, token_type_hint: hint });
    const headers = new Headers({ 'Content-Type': 'application/x-www-form-urlencoded' });
    if (method === 'client_secret_basic' && client.client_secret) {
      headers.set('Authorization', `Basic ${Buffer.from(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret)}`).toString('base64')}`);
    } else {
      body.set('client_id', client.client_id);
      if (method === 'client_secret_post' && client.client_secret) body.set('client_secret', client.client_secret);
    }
    try {
      const response = await fetchFn(url, { method: 'POST', headers, body, redirect: 'error', signal: AbortSignal.timeout(10_000) });
      await response.body?.cancel();
      return response.ok;
    } catch {
      return false;
    }
  };
  let accepted = 0;
  if (options.tokens.refresh_token && (await revoke(options.tokens.refresh_token, 'refresh_token'))) accepted++;
  if (await revoke(options.tokens.access_token, 'access_token')) accepted++;
  return accepted;
}
