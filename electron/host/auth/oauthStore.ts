/**
 * OAuth state kept in the SecretStore (keychain, or the 0600 file in web mode): tokens and client registrations keyed by
 * server and authorization-server issuer, the last discovery result per server, and a small per-server index.
 * Nothing here ever lands in servers.json or a log.
 */
import { z } from 'zod';
import type { AuthorizationServerMetadata, OAuthDiscoveryState, StoredOAuthClientInformation, StoredOAuthTokens } from '@modelcontextprotocol/client';
import type { SecretStore } from '../environment.ts';

const tokensSchema = z
  .object({
    access_token: z.string().min(1),
    token_type: z.string(),
    id_token: z.string().optional(),
    expires_in: z.number().optional(),
    scope: z.string().optional(),
    refresh_token: z.string().optional(),
    issuer: z.string().optional(),
  })
  .passthrough();

/** Tokens for one server from one issuer, with what they were issued for and when they expire. */
const tokenRecordSchema = z.object({
  tokens: tokensSchema,
  savedAt: z.number(),
  /** Epoch ms the access token stops working, when the server said (`expires_in`). */
  expiresAt: z.number().optional(),
  /** The MCP server URL the tokens were obtained for: they are never sent anywhere else. */
  serverUrl: z.string(),
  /** The RFC 8707 resource indicator the tokens were requested for, when the server published one. */
  resource: z.string().optional(),
});
/** Tokens for one server from one issuer. */
export type TokenRecord = Omit<z.infer<typeof tokenRecordSchema>, 'tokens'> & { tokens: StoredOAuthTokens };

const clientInfoSchema = z
  .object({
    client_id: z.string().min(1),
    client_secret: z.string().optional(),
    client_id_issued_at: z.number().optional(),
    client_secret_expires_at: z.number().optional(),
    issuer: z.string().optional(),
  })
  .passthrough();

/** A client registration with one issuer: dynamic registration or a client ID metadata document URL. */
const clientRecordSchema = z.object({
  info: clientInfoSchema,
  source: z.enum(['dcr', 'cimd']),
  /** The loopback redirect URI a dynamic registration was made with (servers need not echo it back). */
  redirectUri: z.string().optional(),
  savedAt: z.number(),
});
/** A client registration with one issuer. */
export type ClientRecord = { info: StoredOAuthClientInformation; source: 'dcr' | 'cimd'; redirectUri?: string; savedAt: number };

function isStringArrayOrAbsent(value: unknown): boolean {
  return value === undefined || (Array.isArray(value) && value.every((item) => typeof item === 'string'));
}

/** Enough of RFC 8414 metadata to trust a stored copy: the fields the flow reads, with the right types. */
function isAuthorizationServerMetadata(value: unknown): value is AuthorizationServerMetadata {
  if (!value || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.issuer === 'string' &&
    typeof record.authorization_endpoint === 'string' &&
    typeof record.token_endpoint === 'string' &&
    isStringArrayOrAbsent(record.response_types_supported) &&
    isStringArrayOrAbsent(record.code_challenge_methods_supported)
  );
}

const discoveryRecordSchema = z.object({
  authorizationServerUrl: z.string(),
  resourceMetadataUrl: z.string().optional(),
  resourceMetadata: z.object({ resource: z.string() }).passthrough().optional(),
  authorizationServerMetadata: z.custom<AuthorizationServerMetadata>(isAuthorizationServerMetadata).optional(),
  savedAt: z.number(),
});
/** The last discovery result for a server (protected-resource and authorization-server metadata). */
export type DiscoveryRecord = OAuthDiscoveryState & { savedAt: number };

/** Per-server bookkeeping: which issuers hold entries (the store cannot list keys) and which one is current. */
const indexSchema = z.object({
  issuers: z.array(z.string()),
  currentIssuer: z.string().optional(),
});
/** Per-server bookkeeping. */
export type ServerIndex = z.infer<typeof indexSchema>;

const part = (value: string) => encodeURIComponent(value);

/** Typed, validated access to the OAuth entries of the secret store. Corrupt entries read as absent. */
export class OAuthStore {
  private readonly secrets: SecretStore;
  // Index updates are read-modify-write; serializing them keeps two quick saves from losing an issuer.
  private indexQueue: Promise<unknown> = Promise.resolve();

  constructor(secrets: SecretStore) {
    this.secrets = secrets;
  }

  /** Where the entries live (shown in docs and notices). */
  get kind(): SecretStore['kind'] {
    return this.secrets.kind;
  }

  private async readJson<T>(key: string, schema: z.ZodType<T>): Promise<T | undefined> {
    const raw = await this.secrets.get(key);
    if (raw === undefined) return undefined;
    try {
      const parsed = schema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }

  private key(serverId: string, kind: string, issuer?: string): string {
    return `oauth:${part(serverId)}:${kind}${issuer === undefined ? '' : `:${part(issuer)}`}`;
  }

  /** The server's index (empty when nothing was stored yet). */
  async index(serverId: string): Promise<ServerIndex> {
    return (await this.readJson(this.key(serverId, 'index'), indexSchema)) ?? { issuers: [] };
  }

  private updateIndex(serverId: string, change: (index: ServerIndex) => ServerIndex): Promise<void> {
    const next = this.indexQueue.then(async () => {
      const updated = change(await this.index(serverId));
      await this.secrets.set(this.key(serverId, 'index'), JSON.stringify(updated));
    });
    this.indexQueue = next.catch(() => {});
    return next;
  }

  private remember(serverId: string, issuer: string, current: boolean): Promise<void> {
    return this.updateIndex(serverId, (index) => ({
      ...index,
      issuers: index.issuers.includes(issuer) ? index.issuers : [...index.issuers, issuer],
      ...(current ? { currentIssuer: issuer } : {}),
    }));
  }

  /** Tokens for a server from one issuer. */
  async readTokens(serverId: string, issuer: string): Promise<TokenRecord | undefined> {
    return this.readJson(this.key(serverId, 'tokens', issuer), tokenRecordSchema);
  }

  /** Saves tokens and makes their issuer the server's current one. */
  async writeTokens(serverId: string, issuer: string, record: TokenRecord): Promise<void> {
    await this.secrets.set(this.key(serverId, 'tokens', issuer), JSON.stringify(record));
    await this.remember(serverId, issuer, true);
  }

  /** Forgets tokens from one issuer, or from every issuer. */
  async deleteTokens(serverId: string, issuer?: string): Promise<void> {
    const issuers = issuer === undefined ? (await this.index(serverId)).issuers : [issuer];
    for (const one of issuers) await this.secrets.delete(this.key(serverId, 'tokens', one));
  }

  /** The client registration with one issuer. */
  async readClient(serverId: string, issuer: string): Promise<ClientRecord | undefined> {
    return this.readJson(this.key(serverId, 'client', issuer), clientRecordSchema);
  }

  /** Saves a client registration. */
  async writeClient(serverId: string, issuer: string, record: ClientRecord): Promise<void> {
    await this.secrets.set(this.key(serverId, 'client', issuer), JSON.stringify(record));
    await this.remember(serverId, issuer, false);
  }

  /** Forgets the registration with one issuer, or with every issuer. */
  async deleteClient(serverId: string, issuer?: string): Promise<void> {
    const issuers = issuer === undefined ? (await this.index(serverId)).issuers : [issuer];
    for (const one of issuers) await this.secrets.delete(this.key(serverId, 'client', one));
  }

  /** The last discovery result. */
  async readDiscovery(serverId: string): Promise<DiscoveryRecord | undefined> {
    return this.readJson(this.key(serverId, 'discovery'), discoveryRecordSchema);
  }

  /** Saves a discovery result. */
  writeDiscovery(serverId: string, record: DiscoveryRecord): Promise<void> {
    return this.secrets.set(this.key(serverId, 'discovery'), JSON.stringify(record));
  }

  /** Forgets the discovery result. */
  deleteDiscovery(serverId: string): Promise<void> {
    return this.secrets.delete(this.key(serverId, 'discovery'));
  }

  /** Forgets everything about a server (when it is removed from the configuration). */
  async forgetServer(serverId: string): Promise<void> {
    await this.deleteTokens(serverId);
    await this.deleteClient(serverId);
    await this.deleteDiscovery(serverId);
    await this.secrets.delete(this.key(serverId, 'index'));
  }
}
