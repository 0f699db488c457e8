/**
 * The provider face of one interactive sign-in. It shares storage and the spec's checks with the server's provider,
 * but keeps its own redirect URI, state, PKCE verifier, authorization URL and recorded discovery, so background checks
 * running meanwhile (a 401, a step-up 403 on a live connection) can never touch the sign-in in progress.
 */
import type {
  OAuthClientInformationContext,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import type { DiscoveryRecord } from './oauthStore.ts';
import type { ServerOAuthProvider, SessionView } from './serverOAuthProvider.ts';

/** One interactive sign-in's OAuthClientProvider. */
export class SignInSession implements OAuthClientProvider, SessionView {
  readonly redirectUri: string;
  private readonly stateValue: string;
  private readonly shared: ServerOAuthProvider;
  private verifier: string | undefined;
  private resource: string | undefined;
  /** The discovery this session's own `auth()` call saved (checked against the spec's refusals). */
  latestDiscovery: DiscoveryRecord | undefined;
  /** Set when `auth()` built the authorization URL: the URL and the discovery recorded with it (RFC 9207). */
  redirect: { url: URL; discovery: DiscoveryRecord | undefined } | undefined;
  /** True on the callback leg: `auth()` must use the discovery recorded at redirect time. */
  exchanging = false;

  constructor(shared: ServerOAuthProvider, redirectUri: string, state: string) {
    this.shared = shared;
    this.redirectUri = redirectUri;
    this.stateValue = state;
  }

  get redirectUrl(): string {
    return this.redirectUri;
  }

  get clientMetadataUrl(): string | undefined {
    return this.shared.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return this.shared.clientMetadataFor(this);
  }

  state(): string {
    return this.stateValue;
  }

  clientInformation(ctx?: OAuthClientInformationContext): Promise<StoredOAuthClientInformation | undefined> {
    return this.shared.clientInformationFor(ctx, this);
  }

  saveClientInformation(info: StoredOAuthClientInformation, ctx?: OAuthClientInformationContext): Promise<void> {
    return this.shared.saveClientInformationFor(info, ctx, this);
  }

  tokens(ctx?: OAuthClientInformationContext): Promise<StoredOAuthTokens | undefined> {
    return this.shared.tokens(ctx);
  }

  saveTokens(tokens: StoredOAuthTokens, ctx?: OAuthClientInformationContext): Promise<void> {
    return this.shared.saveTokensFor(tokens, ctx, this.resource);
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    this.redirect = { url: authorizationUrl, discovery: this.latestDiscovery };
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.verifier = codeVerifier;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new Error('This sign-in has no PKCE verifier');
    return this.verifier;
  }

  saveResourceUrl(resourceUrl: string): void {
    this.resource = resourceUrl;
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    this.latestDiscovery = await this.shared.saveDiscovery(state);
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.exchanging ? this.redirect?.discovery : undefined;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    if (scope === 'verifier') this.verifier = undefined;
    else await this.shared.invalidateCredentials(scope);
  }
}
