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
import { hostMessage } from '../../../shared/hostMessages.ts';
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

/** What a sign-in session lends the shared provider: its redirect URI and the discovery its own `auth()` call saw. */
export interface SessionView {
  readonly redirectUri: string;
  readonly latestDiscovery: DiscoveryRecord | undefined;
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

  // ---- For the sign-in flow and the auth service ----

  /** Ends an interactive sign-in; a successful one satisfies whatever a background check asked for. */
  endSignIn(signedIn: boolean): void {
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
    return this.redirectUrlFor(undefined);
  }

  /** The redirect URI: the session's loopback listener, else the server's stable default (what a registration names). */
  redirectUrlFor(session: SessionView | undefined): string {
    return session?.redirectUri ?? `http://127.0.0.1:${this.options.oauth?.callbackPort ?? defaultRedirectPort(this.serverId)}/callback`;
  }

  get clientMetadataUrl(): string | undefined {
    return this.options.oauth?.clientId ? undefined : this.options.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return this.clientMetadataFor(undefined);
  }

  /** What a dynamic registration sends: a native app with a loopback redirect that wants refresh tokens. */
  clientMetadataFor(session: SessionView | undefined): OAuthClientMetadata {
    const scopes = this.options.oauth?.scopes;
    return {
      client_name: this.options.clientName ?? 'Switchboard',
      redirect_uris: [this.redirectUrlFor(session)],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      application_type: 'native',
      ...(scopes && scopes.length > 0 ? { scope: scopes.join(' ') } : {}),
    };
  }

  state(): string {
    // Outside a sign-in the URL is never opened, so its state is thrown away with it.
    return randomBytes(32).toString('base64url');
  }

  clientInformation(ctx?: OAuthClientInformationContext): Promise<StoredOAuthClientInformation | undefined> {
    return this.clientInformationFor(ctx, undefined);
  }

  /** Client registration in the spec's order, for the background face or a sign-in session. */
  async clientInformationFor(ctx: OAuthClientInformationContext | undefined, session: SessionView | undefined): Promise<StoredOAuthClientInformation | undefined> {
    const discovery = session ? session.latestDiscovery : this.discovery;
    const issuer = ctx?.issuer ?? issuerOf(discovery);
    const { clientId, clientSecret } = this.options.oauth ?? {};
    // 1. Pre-registered credentials from the server's configuration always win.
    if (clientId) return { client_id: clientId, ...(clientSecret ? { client_secret: clientSecret } : {}), ...(issuer ? { issuer } : {}) };
    const record = issuer ? await this.store.readClient(this.serverId, issuer) : undefined;
    // A dynamic registration names its redirect URI; when the loopback port had to change, register again.
    const staleDcr = record?.source === 'dcr' && session !== undefined && record.redirectUri !== session.redirectUri;
    // A CIMD client ID is only good while it is still the configured document URL (the setting may have changed).
    const staleCimd = record?.source === 'cimd' && record.info.client_id !== this.clientMetadataUrl;
    if (record && !staleDcr && !staleCimd) return record.info;
    // 2. A client ID metadata document or 3. dynamic registration: the SDK does either next; 4. otherwise ask the user.
    const metadata = discovery?.authorizationServerMetadata;
    const cimd = metadata?.client_id_metadata_document_supported === true && this.clientMetadataUrl !== undefined;
    if (metadata && !cimd && !metadata.registration_endpoint) {
      throw new ClientRegistrationNeededError(hostMessage('auth.registerByHand', { host: new URL(metadata.issuer).host, redirect: this.redirectUrlFor(session) }));
    }
    return undefined;
  }

  saveClientInformation(info: StoredOAuthClientInformation, ctx?: OAuthClientInformationContext): Promise<void> {
    return this.saveClientInformationFor(info, ctx, undefined);
  }

  /** Keeps a registration, with the redirect URI it was made for. */
  async saveClientInformationFor(info: StoredOAuthClientInformation, ctx: OAuthClientInformationContext | undefined, session: SessionView | undefined): Promise<void> {
    if (this.options.oauth?.clientId) return; // configured credentials live in the configuration, not in a second copy
    const issuer = ctx?.issuer ?? info.issuer ?? issuerOf(session ? session.latestDiscovery : this.discovery);
    if (!issuer) return;
    const source = this.options.clientMetadataUrl !== undefined && info.client_id === this.options.clientMetadataUrl ? 'cimd' : 'dcr';
    await this.store.writeClient(this.serverId, issuer, { info, source, ...(source === 'dcr' ? { redirectUri: this.redirectUrlFor(session) } : {}), savedAt: this.now() });
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

  saveTokens(tokens: StoredOAuthTokens, ctx?: OAuthClientInformationContext): Promise<void> {
    return this.saveTokensFor(tokens, ctx, this.resource);
  }

  /** Stores tokens with the server URL and resource they were issued for, and makes their issuer the current one. */
  async saveTokensFor(tokens: StoredOAuthTokens, ctx: OAuthClientInformationContext | undefined, resource: string | undefined): Promise<void> {
    const issuer = ctx?.issuer ?? tokens.issuer ?? issuerOf(this.discovery);
    if (!issuer) throw new Error('Cannot store tokens without knowing their issuer');
    const now = this.now();
    const previous = await this.record(issuer);
    const record: TokenRecord = {
      tokens: { ...tokens, issuer },
      savedAt: now,
      ...(tokens.expires_in !== undefined ? { expiresAt: now + tokens.expires_in * 1000 } : {}),
      serverUrl: this.serverUrl,
      ...((resource ?? previous?.resource) ? { resource: resource ?? previous?.resource } : {}),
    };
    await this.store.writeTokens(this.serverId, issuer, record);
    this.tokenCache.set(issuer, record);
    this.currentIssuer = issuer;
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    // A background check (connect, 401, step-up 403) never opens a browser: it remembers what a sign-in must ask for.
    this.pending = { scope: authorizationUrl.searchParams.get('scope') ?? undefined };
    this.options.logger.info('OAuth sign-in required', { serverId: this.serverId, scope: this.pending.scope ?? '' });
  }

  saveCodeVerifier(): void {
    // Background checks never exchange a code; only a sign-in session keeps its verifier.
  }

  codeVerifier(): string {
    throw new Error('No sign-in is in progress for this server');
  }

  saveResourceUrl(resourceUrl: string): void {
    this.resource = resourceUrl;
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    await this.saveDiscovery(state);
  }

  /** Checks a discovery result against the spec's refusals, then keeps it; returns what was kept. */
  async saveDiscovery(state: OAuthDiscoveryState): Promise<DiscoveryRecord> {
    this.assertSafeToUse(state);
    const record = { ...state, savedAt: this.now() };
    this.discovery = record;
    await this.store.writeDiscovery(this.serverId, record);
    return record;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    // Background checks always discover afresh, so a server that moved to another authorization server is followed
    // instead of looping on the old one. (Only a sign-in's callback leg reuses the discovery it recorded.)
    return undefined;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    const issuer = issuerOf(this.discovery) ?? (await this.loadCurrentIssuer());
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
  }

  // ---- Internals ----

  /** The spec's refusals, checked before anything is registered or any browser is opened. */
  private assertSafeToUse(state: OAuthDiscoveryState): void {
    const metadata = state.authorizationServerMetadata;
    if (!metadata) {
      throw new SignInRefusedError(hostMessage('auth.noMetadata'));
    }
    if (!metadata.code_challenge_methods_supported?.includes('S256')) {
      throw new SignInRefusedError(hostMessage('auth.noPkce', { host: new URL(metadata.issuer).host }));
    }
    const resource = state.resourceMetadata?.resource;
    if (resource !== undefined && !checkResourceAllowed({ requestedResource: resourceUrlFromServerUrl(this.serverUrl), configuredResource: resource })) {
      throw new SignInRefusedError(hostMessage('auth.wrongResource', { resource, url: this.serverUrl }));
    }
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
    const client = issuer ? await this.clientInformation({ issuer }).catch(() => undefined) : undefined;
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
      await this.saveTokensFor({ refresh_token: refreshToken, ...outcome.tokens, issuer }, { issuer }, record.resource);
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

/** The issuer a discovery result names (its validated metadata's, else the authorization server URL). */
export function issuerOf(discovery: OAuthDiscoveryState | undefined): string | undefined {
  return discovery?.authorizationServerMetadata?.issuer ?? discovery?.authorizationServerUrl;
}
