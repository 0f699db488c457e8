import { describe, expect, it } from 'vitest';
import type { AuthorizationServerMetadata, OAuthDiscoveryState } from '@modelcontextprotocol/client';
import { silentLogger, type SecretStore } from '../environment.ts';
import { ClientRegistrationNeededError, SignInRefusedError } from './errors.ts';
import { OAuthStore } from './oauthStore.ts';
import { ServerOAuthProvider, defaultRedirectPort, type ServerOAuthProviderOptions } from './serverOAuthProvider.ts';
import { SignInSession } from './signInSession.ts';

const issuer = 'https://auth.example.com';
const serverUrl = 'https://mcp.example.com/mcp';

function memorySecrets(): SecretStore & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    kind: 'file',
    values,
    get: (key) => Promise.resolve(values.get(key)),
    set: (key, value) => Promise.resolve(void values.set(key, value)),
    delete: (key) => Promise.resolve(void values.delete(key)),
  };
}

function metadata(extra: Partial<AuthorizationServerMetadata> = {}): AuthorizationServerMetadata {
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    registration_endpoint: `${issuer}/register`,
    response_types_supported: ['code'],
    code_challenge_methods_supported: ['S256'],
    ...extra,
  };
}

function discovery(extra: Partial<AuthorizationServerMetadata> = {}, resource = serverUrl): OAuthDiscoveryState {
  return { authorizationServerUrl: issuer, authorizationServerMetadata: metadata(extra), resourceMetadata: { resource, authorization_servers: [issuer] } };
}

function provider(secrets = memorySecrets(), options: Partial<ServerOAuthProviderOptions> = {}): ServerOAuthProvider {
  return new ServerOAuthProvider({ serverId: 'remote', serverUrl, store: new OAuthStore(secrets), logger: silentLogger, ...options });
}

describe('ServerOAuthProvider', () => {
  it('stores tokens per issuer and sends them only to the URL they were obtained for', async () => {
    const secrets = memorySecrets();
    const first = provider(secrets);
    await first.saveDiscoveryState(discovery());
    await first.saveTokens({ access_token: 'at-1', token_type: 'Bearer', expires_in: 3600, refresh_token: 'rt-1' }, { issuer });
    expect((await first.tokens())?.access_token).toBe('at-1');
    expect((await provider(secrets).tokens())?.access_token).toBe('at-1'); // survives a new provider (restart)
    expect(await provider(secrets, { serverUrl: 'https://elsewhere.example.com/mcp' }).tokens()).toBeUndefined();
    expect(await provider(secrets, { serverId: 'another' }).tokens()).toBeUndefined();
    expect(await first.tokens({ issuer: 'https://other-issuer.example.com' })).toBeUndefined();
  });

  it('refuses metadata without PKCE S256, a missing metadata document, and metadata for another resource', async () => {
    const p = provider();
    await expect(p.saveDiscoveryState(discovery({ code_challenge_methods_supported: ['plain'] }))).rejects.toBeInstanceOf(SignInRefusedError);
    const withoutPkce = metadata();
    delete withoutPkce.code_challenge_methods_supported;
    await expect(p.saveDiscoveryState({ authorizationServerUrl: issuer, authorizationServerMetadata: withoutPkce })).rejects.toThrow(/PKCE/);
    await expect(p.saveDiscoveryState({ authorizationServerUrl: issuer })).rejects.toThrow(/no metadata/);
    await expect(p.saveDiscoveryState(discovery({}, 'https://evil.example.com/mcp'))).rejects.toThrow(/evil\.example\.com/);
    await expect(p.saveDiscoveryState(discovery())).resolves.toBeUndefined();
  });

  it('registers in the spec order: configured credentials first (never copied to the store), then CIMD or DCR, else asks the user', async () => {
    const secrets = memorySecrets();
    const configured = provider(secrets, { oauth: { clientId: 'pre', clientSecret: 'shh' }, clientMetadataUrl: 'https://app.example.com/client.json' });
    await configured.saveDiscoveryState(discovery());
    expect(await configured.clientInformation({ issuer })).toMatchObject({ client_id: 'pre', client_secret: 'shh' });
    expect(configured.clientMetadataUrl).toBeUndefined();
    await configured.saveClientInformation({ client_id: 'pre', client_secret: 'shh', issuer }, { issuer });
    expect([...secrets.values.values()].some((value) => value.includes('shh'))).toBe(false);

    const cimd = provider(memorySecrets(), { clientMetadataUrl: 'https://app.example.com/client.json' });
    await cimd.saveDiscoveryState(discovery({ client_id_metadata_document_supported: true, registration_endpoint: undefined }));
    expect(await cimd.clientInformation({ issuer })).toBeUndefined(); // the SDK then uses the metadata URL as client_id

    const noWay = provider();
    await noWay.saveDiscoveryState(discovery({ registration_endpoint: undefined }));
    await expect(noWay.clientInformation({ issuer })).rejects.toBeInstanceOf(ClientRegistrationNeededError);
  });

  it('registers again when a sign-in has to use another loopback port than the registration named', async () => {
    const p = provider();
    await p.saveDiscoveryState(discovery());
    expect(p.redirectUrl).toBe(`http://127.0.0.1:${defaultRedirectPort('remote')}/callback`);
    await p.saveClientInformation({ client_id: 'dcr-1', redirect_uris: [p.redirectUrl], issuer }, { issuer });
    expect(await p.clientInformation({ issuer })).toMatchObject({ client_id: 'dcr-1' });
    const samePort = new SignInSession(p, p.redirectUrl, 'state');
    await samePort.saveDiscoveryState(discovery());
    expect(await samePort.clientInformation({ issuer })).toMatchObject({ client_id: 'dcr-1' });
    const otherPort = new SignInSession(p, 'http://127.0.0.1:1234/callback', 'state');
    await otherPort.saveDiscoveryState(discovery());
    expect(await otherPort.clientInformation({ issuer })).toBeUndefined();
    expect(otherPort.clientMetadata.redirect_uris).toEqual(['http://127.0.0.1:1234/callback']);
  });

  it('outside a sign-in never opens anything: it remembers the scope a sign-in must ask for', async () => {
    const p = provider();
    await p.saveDiscoveryState(discovery());
    await p.saveTokens({ access_token: 'at', token_type: 'Bearer', expires_in: 3600, scope: 'read' }, { issuer });
    expect(await p.isSignedIn()).toBe(true);
    p.redirectToAuthorization(new URL(`${issuer}/authorize?scope=read+write`));
    expect(p.pendingScope).toBe('read write');
    expect(await p.isSignedIn()).toBe(false);
    expect(() => p.codeVerifier()).toThrow();
    p.endSignIn(true);
    expect(p.pendingScope).toBeUndefined();
  });

  it('a sign-in session keeps its own state, verifier and recorded discovery, untouched by background checks', async () => {
    const p = provider();
    const session = new SignInSession(p, 'http://127.0.0.1:1/callback', 'st');
    await session.saveDiscoveryState(discovery());
    session.saveCodeVerifier('verifier-1');
    session.redirectToAuthorization(new URL(`${issuer}/authorize`));
    // A background 401 meanwhile: discovers afresh, builds its own URL, must not disturb the session.
    p.saveCodeVerifier();
    p.redirectToAuthorization(new URL(`${issuer}/authorize?scope=x`));
    expect(session.state()).toBe('st');
    expect(session.codeVerifier()).toBe('verifier-1');
    expect(p.discoveryState()).toBeUndefined();
    expect(session.discoveryState()).toBeUndefined();
    session.exchanging = true;
    expect(session.discoveryState()?.authorizationServerMetadata?.issuer).toBe(issuer);
  });

  it('forgets tokens on sign-out but keeps the registration', async () => {
    const secrets = memorySecrets();
    const p = provider(secrets);
    await p.saveDiscoveryState(discovery());
    await p.saveClientInformation({ client_id: 'dcr-1', issuer }, { issuer });
    await p.saveTokens({ access_token: 'at', token_type: 'Bearer' }, { issuer });
    await p.forgetTokens();
    expect(await p.tokens()).toBeUndefined();
    expect(await provider(secrets).tokens()).toBeUndefined();
    expect(await p.clientInformation({ issuer })).toMatchObject({ client_id: 'dcr-1' });
  });
});
