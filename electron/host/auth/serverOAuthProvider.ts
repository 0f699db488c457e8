/**
 * The OAuth client provider for one remote server: the SDK's `auth()` drives discovery, registration, PKCE and token
 * requests; this class supplies storage (the secret store, keyed by server and issuer), the spec's refusals (no PKCE
 * S256, metadata for another resource), client registration in the spec's order, tokens bound to the server they
 * were issued for, refresh shortly before expiry, and the split between background checks (never open a browser)
 * and an interactive sign-in the user started.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  checkResourceAllowed,
  resourceUrlFromServerUrl,
  type FetchLike,
  type OAuthClientInformationContext,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import type { HttpServerConfig } from '../../../shared/serverConfig.ts';
import type { Logger } from '../environment.ts';
import { ClientRegistrationNeededError, SignInRefusedError } from './errors.ts';
import type { DiscoveryRecord, OAuthStore, TokenRecord } from './oauthStore.ts';
import { defaultRefreshSkewMs, isExpiring, refreshTokens } from './tokenLifecycle.ts';

/** What a provider needs to know about its server and the app. */
export interface ServerOAuthProviderOptions {
  serverId: string;
  /** The server's configured URL: tokens obtained for it are never sent anywhere else. */
  serverUrl: string;
  oauth?: HttpServerConfig['oauth'];
  store: OAuthStore;
  logger: Logger;
  /** The app's hosted client ID metadata document (HTTPS URL), when it has one. */
  clientMetadataUrl?: string;
  clientName?: string;
  now?: () => number;
  fetchFn?: FetchLike;
}

/** A sign-in the user started: the loopback redirect and state, and what the SDK produced for it. */
interface Session {
  redirectUri: string;
  state: string;
  authorizationUrl?: URL;
  codeVerifier?: string;
  /** Discovery as it was when the user was sent away: the issuer the callback must come from (RFC 9207). */
  discovery?: DiscoveryRecord;
  exchanging: boolean;
}

/** The stable default loopback port of a server (so a dynamic registration's redirect URI keeps working across runs). */
export function defaultRedirectPort(serverId: string): number {
  return 49152 + (createHash('sha256').update(serverId).digest().readUInt16BE(0) % 16384);
}

/** One server's OAuthClientProvider; one instance per server and URL, shared by its transport and its sign-in flow. */
export class ServerOAuthProvider implements OAuthClientProvider {
  readonly serverId: string;
  readonly serverUrl: string;
  private readonly options: ServerOAuthProviderOptions;
  private readonly store: OAuthStore;
  private readonly now: () => number;
  private session: Session | undefined;
  private discovery: DiscoveryRecord | undefined;
  private resource: string | undefined;
  private currentIssuer: string | undefined | null = null;
  private readonly tokenCache = new Map<string, TokenRecord | undefined>();
  private refreshing: Promise<TokenRecord | undefined> | undefined;
  /** Set when a background check found that only an interactive sign-in can help; holds the scope it asked for. */
  private pending: { scope: string | undefined } | undefined;

  constructor(options: ServerOAuthProviderOptions) {
    this.options = options;
    this.serverId = options.serverId;
    this.serverUrl = options.serverUrl;
    this.store = options.store;
    this.now = options.now ?? Date.now;
  }

  // ---- Interactive session (used by the sign-in flow) ----

  /** Starts an interactive sign-in with the loopback redirect URI and the state the listener expects. */
  beginSession(redirectUri: string, state: string): void {
    this.session = { redirectUri, state, exchanging: false };
  }

  /** The authorization URL the SDK built for the current session, once `auth()` returned REDIRECT. */
  get sessionAuthorizationUrl(): URL | undefined {
    return this.session?.authorizationUrl;
  }

  /** The discovery recorded when the user was sent to the authorization server. */
  get sessionDiscovery(): DiscoveryRecord | undefined {
    return this.session?.discovery;
  }

  /** Marks the callback leg: `auth()` must now use the discovery recorded at redirect time. */
  beginExchange(): void {
    if (this.session) this.session.exchanging = true;
  }

  /** Ends the session (success or not); the PKCE verifier goes with it. */
  endSession(signedIn: boolean): void {
    this.session = undefined;
    if (signedIn) this.pending = undefined;
  }

  /** The scope a background check asked for (challenge scope, or the step-up union), for the next sign-in. */
  get pendingScope(): string | undefined {
    return this.pending?.scope;
  }

  /** The protected-resource metadata URL the server's last challenge named, so a sign-in finds a PRM that is not at a well-known path. */
  async lastResourceMetadataUrl(): Promise<string | undefined> {
    this.discovery ??= await this.store.readDiscovery(this.serverId);
    return this.discovery?.resourceMetadataUrl;
  }

  /** True when a stored token can be sent without signing in (usable now, or refreshable) and nothing asked for more. */
  async isSignedIn(): Promise<boolean> {
    if (this.pending) return false;
    const record = await this.currentRecord();
    return record !== undefined && (!isExpiring(record.expiresAt, this.now(), 0) || record.tokens.refresh_token !== undefined);
  }

  /** The current tokens and discovery, for sign-out's revocation. */
  async currentState(): Promise<{ record: TokenRecord | undefined; discovery: DiscoveryRecord | undefined; issuer: string | undefined }> {
    const issuer = await this.loadCurrentIssuer();
    return { record: await this.currentRecord(), discovery: this.discovery ?? (await this.store.readDiscovery(this.serverId)), issuer };
  }

  /** Forgets every token of this server (all issuers); registrations stay, so signing in again needs no new one. */
  async forgetTokens(): Promise<void> {
    await this.store.deleteTokens(this.serverId);
    this.tokenCache.clear();
    this.pending = undefined;
  }

  // ---- OAuthClientProvider ----

  get redirectUrl(): string {
    return this.session?.redirectUri ?? `http://127.0.0.1:${this.options.oauth?.callbackPort ?? defaultRedirectPort(this.serverId)}/callback`;
  }

  get clientMetadataUrl(): string | undefined {
    return this.options.oauth?.clientId ? undefined : this.options.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    const scopes = this.options.oauth?.scopes;
    return {
      client_name: this.options.clientName ?? 'Switchboard',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      application_type: 'native',
      ...(scopes && scopes.length > 0 ? { scope: scopes.join(' ') } : {}),
    };
  }

  state(): string {
    // Outside a session the URL is never opened, so its state is thrown away with it.
    return this.session?.state ?? randomBytes(32).toString('base64url');
  }

  async clientInformation(ctx?: OAuthClientInformationContext): Promise<StoredOAuthClientInformation | undefined> {
    const issuer = ctx?.issuer ?? this.discoveryIssuer();
    const { clientId, clientSecret } = this.options.oauth ?? {};
    // 1. Pre-registered credentials from the server's configuration always win.
    if (clientId) return { client_id: clientId, ...(clientSecret ? { client_secret: clientSecret } : {}), ...(issuer ? { issuer } : {}) };
    const record = issuer ? await this.store.readClient(this.serverId, issuer) : undefined;
    // A dynamic registration names its redirect URI; when the loopback port had to change, register again.
    if (record && !(record.source === 'dcr' && this.session && record.redirectUri !== this.session.redirectUri)) return record.info;
    // 2. A client ID metadata document or 3. dynamic registration: the SDK does either next; 4. otherwise ask the user.
    const metadata = this.discovery?.authorizationServerMetadata;
    const cimd = metadata?.client_id_metadata_document_supported === true && this.clientMetadataUrl !== undefined;
    if (metadata && !cimd && !metadata.registration_endpoint) {
      throw new ClientRegistrationNeededError(
        `${new URL(metadata.issuer).host} does not let apps register themselves. Register Switchboard there (redirect URI ${this.redirectUrl}) and enter the client ID in this server's settings.`,
      );
    }
    return undefined;
  }

  async saveClientInformation(info: StoredOAuthClientInformation, ctx?: OAuthClientInformationContext): Promise<void> {
    if (this.options.oauth?.clientId) return; // configured credentials live in the configuration, not in a second copy
    const issuer = ctx?.issuer ?? info.issuer ?? this.discoveryIssuer();
    if (!issuer) return;
    const source = this.options.clientMetadataUrl !== undefined && info.client_id === this.options.clientMetadataUrl ? 'cimd' : 'dcr';
    await this.store.writeClient(this.serverId, issuer, { info, source, ...(source === 'dcr' ? { redirectUri: this.redirectUrl } : {}), savedAt: this.now() });
  }

  async tokens(ctx?: OAuthClientInformationContext): Promise<StoredOAuthTokens | undefined> {
    if (ctx) return (await this.record(ctx.issuer))?.tokens;
    // The per-request read for the resource server: refresh first when the access token is about to expire.
    let record = await this.currentRecord();
    if (record && isExpiring(record.expiresAt, this.now(), defaultRefreshSkewMs) && record.tokens.refresh_token) {
      this.refreshing ??= this.refreshNow(record).finally(() => (this.refreshing = undefined));
      record = await this.refreshing;
    }
    return record?.tokens;
  }

  async saveTokens(tokens: StoredOAuthTokens, ctx?: OAuthClientInformationContext): Promise<void> {
    const issuer = ctx?.issuer ?? tokens.issuer ?? this.discoveryIssuer();
    if (!issuer) throw new Error('Cannot store tokens without knowing their issuer');
    const now = this.now();
    const previous = await this.record(issuer);
    const record: TokenRecord = {
      tokens: { ...tokens, issuer },
      savedAt: now,
      ...(tokens.expires_in !== undefined ? { expiresAt: now + tokens.expires_in * 1000 } : {}),
      serverUrl: this.serverUrl,
      ...((this.resource ?? previous?.resource) ? { resource: this.resource ?? previous?.resource } : {}),
    };
    await this.store.writeTokens(this.serverId, issuer, record);
    this.tokenCache.set(issuer, record);
    this.currentIssuer = issuer;
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    if (this.session) {
      this.session.authorizationUrl = authorizationUrl;
      this.session.discovery = this.discovery;
      return;
    }
    // A background check (connect, 401, step-up 403) never opens a browser: it remembers what a sign-in must ask for.
    this.pending = { scope: authorizationUrl.searchParams.get('scope') ?? undefined };
    this.options.logger.info('OAuth sign-in required', { serverId: this.serverId, scope: this.pending.scope ?? '' });
  }

  saveCodeVerifier(codeVerifier: string): void {
    if (this.session) this.session.codeVerifier = codeVerifier;
  }

  codeVerifier(): string {
    if (!this.session?.codeVerifier) throw new Error('No sign-in is in progress for this server');
    return this.session.codeVerifier;
  }

  saveResourceUrl(resourceUrl: string): void {
    this.resource = resourceUrl;
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    this.assertSafeToUse(state);
    this.discovery = { ...state, savedAt: this.now() };
    await this.store.writeDiscovery(this.serverId, this.discovery);
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    // Only the callback leg reuses a recorded discovery (it must match the redirect). Every other call discovers
    // afresh, so a server that moved to another authorization server is followed instead of looping on the old one.
    return this.session?.exchanging ? this.session.discovery : undefined;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    const issuer = this.discoveryIssuer() ?? (await this.loadCurrentIssuer());
    if (scope === 'all' || scope === 'tokens') {
      await this.store.deleteTokens(this.serverId, scope === 'all' ? undefined : issuer);
      if (scope === 'all' || !issuer) this.tokenCache.clear();
      else this.tokenCache.set(issuer, undefined);
    }
    if (scope === 'all' || scope === 'client') await this.store.deleteClient(this.serverId, scope === 'all' ? undefined : issuer);
    if (scope === 'all' || scope === 'discovery') {
      this.discovery = undefined;
      await this.store.deleteDiscovery(this.serverId);
    }
    if ((scope === 'all' || scope === 'verifier') && this.session) this.session.codeVerifier = undefined;
  }

  // ---- Internals ----

  /** The spec's refusals, checked before anything is registered or any browser is opened. */
  private assertSafeToUse(state: OAuthDiscoveryState): void {
    const metadata = state.authorizationServerMetadata;
    if (!metadata) {
      throw new SignInRefusedError(
        'Sign-in refused: the server’s authorization server publishes no metadata (RFC 8414 or OpenID discovery), so Switchboard cannot verify that it supports PKCE.',
      );
    }
    if (!metadata.code_challenge_methods_supported?.includes('S256')) {
      throw new SignInRefusedError(`Sign-in refused: ${new URL(metadata.issuer).host} does not support PKCE with S256, which the MCP authorization spec requires.`);
    }
    const resource = state.resourceMetadata?.resource;
    if (resource !== undefined && !checkResourceAllowed({ requestedResource: resourceUrlFromServerUrl(this.serverUrl), configuredResource: resource })) {
      throw new SignInRefusedError(`Sign-in refused: the server’s protected resource metadata is for ${resource}, not for ${this.serverUrl}.`);
    }
  }

  private discoveryIssuer(): string | undefined {
    const discovery = this.session?.exchanging ? this.session.discovery : this.discovery;
    return discovery?.authorizationServerMetadata?.issuer ?? discovery?.authorizationServerUrl;
  }

  private async loadCurrentIssuer(): Promise<string | undefined> {
    if (this.currentIssuer === null) this.currentIssuer = (await this.store.index(this.serverId)).currentIssuer;
    return this.currentIssuer;
  }

  /** Tokens from one issuer, only if they were issued for this server's URL and resource. */
  private async record(issuer: string): Promise<TokenRecord | undefined> {
    if (!this.tokenCache.has(issuer)) this.tokenCache.set(issuer, await this.store.readTokens(this.serverId, issuer));
    const record = this.tokenCache.get(issuer);
    if (!record || record.serverUrl !== this.serverUrl) return undefined;
    if (record.resource !== undefined && !checkResourceAllowed({ requestedResource: resourceUrlFromServerUrl(this.serverUrl), configuredResource: record.resource })) return undefined;
    return record;
  }

  private async currentRecord(): Promise<TokenRecord | undefined> {
    const issuer = await this.loadCurrentIssuer();
    return issuer ? this.record(issuer) : undefined;
  }

  private async refreshNow(record: TokenRecord): Promise<TokenRecord | undefined> {
    const issuer = record.tokens.issuer;
    const discovery = this.discovery ?? (await this.store.readDiscovery(this.serverId));
    const metadata = discovery?.authorizationServerMetadata;
    const client = issuer ? await this.clientInformation({ issuer }) : undefined;
    const refreshToken = record.tokens.refresh_token;
    // Without a matching recorded authorization server, leave it to the 401 path (which discovers afresh).
    if (!issuer || !discovery || metadata?.issuer !== issuer || !client || !refreshToken) return record;
    this.discovery = discovery;
    const outcome = await refreshTokens({
      authorizationServerUrl: discovery.authorizationServerUrl,
      metadata,
      clientInformation: client,
      refreshToken,
      ...(record.resource ? { resource: record.resource } : {}),
      ...(this.options.fetchFn ? { fetchFn: this.options.fetchFn } : {}),
    });
    if (outcome.kind === 'refreshed') {
      this.resource = record.resource;
      await this.saveTokens({ refresh_token: refreshToken, ...outcome.tokens, issuer }, { issuer });
      this.options.logger.info('OAuth tokens refreshed before expiry', { serverId: this.serverId });
      return this.tokenCache.get(issuer);
    }
    if (outcome.kind === 'rejected') {
      // The refresh token is dead: forget the tokens and ask for a sign-in instead of retrying forever.
      await this.store.deleteTokens(this.serverId, issuer);
      this.tokenCache.set(issuer, undefined);
      this.pending = { scope: record.tokens.scope };
      this.options.logger.warn('OAuth refresh rejected; sign-in required', { serverId: this.serverId, reason: outcome.reason });
      return undefined;
    }
    this.options.logger.warn('OAuth refresh unavailable; keeping the current token', { serverId: this.serverId, reason: outcome.reason });
    return record;
  }
}
