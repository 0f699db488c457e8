/**
 * Client ID metadata documents (CIMD) in the host's sign-in: with the app's setting (or a server's own
 * `oauth.clientMetadataUrl`) and an authorization server that advertises `client_id_metadata_document_supported`, the
 * document URL is the client_id and nothing is registered; otherwise the host falls back to dynamic registration.
 * Real manager + auth service, the local OAuth fixture on 127.0.0.1, the headless stand-in for the browser step.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../shared/serverConfig.ts';
import { httpServerConfigSchema } from '../../shared/serverConfig.ts';
import { settingsSchema, defaultSettings } from '../../shared/settings.ts';
import { visitInHeadlessBrowser } from '../fixtures/oauth/headlessBrowser.ts';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth/index.ts';
import { startAuthHost, tempDataDir, type AuthHost } from './auth-harness.ts';
import { createHost } from '../../electron/host/createHost.ts';
import { testEnv, value } from './chat-harness.ts';

const appDocument = 'https://app.example.com/switchboard/client.json';
const serverDocument = 'https://other.example.com/switchboard/client.json';
// What a published document says: loopback redirect URIs (any port, RFC 8252) on the listener's /callback path.
const documents = {
  [appDocument]: { client_name: 'Switchboard', redirect_uris: ['http://127.0.0.1/callback'] },
  [serverDocument]: { client_name: 'Switchboard', redirect_uris: ['http://127.0.0.1/callback'] },
};

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function setup(options: { advertiseCimd: boolean; setting?: string }): Promise<{ fixture: OAuthFixture; app: AuthHost }> {
  const fixture = await startOAuthFixture(options.advertiseCimd ? { clientMetadataDocuments: documents } : {});
  const data = tempDataDir();
  const app = startAuthHost({ dataDir: data.dir, secretsFile: data.secretsFile, clientMetadataUrl: () => options.setting });
  cleanups.push(() => fixture.close(), data.remove, () => app.close());
  return { fixture, app };
}

/** Signs in through the browser step and returns the client_id the authorization request carried. */
async function signIn(app: AuthHost, config: ServerConfig): Promise<string | null> {
  await app.configure({ remote: config });
  expect(app.status('remote')).toMatchObject({ state: 'auth_required' });
  const started = await app.auth.signIn('remote');
  if (!started.ok || !started.value) throw new Error(`sign-in did not start: ${JSON.stringify(started)}`);
  const url = new URL(started.value.authorizationUrl);
  await visitInHeadlessBrowser(url.href);
  expect(await app.auth.whenSignInDone('remote')).toEqual({ ok: true, value: null });
  expect(app.status('remote')).toMatchObject({ state: 'ready' });
  expect(await app.manager.callTool('remote', 'echo', { text: 'hi' })).toMatchObject({ ok: true });
  return url.searchParams.get('client_id');
}

describe('OAuth client ID metadata documents (CIMD)', () => {
  it('sends the app setting as client_id when the authorization server supports CIMD, and registers nothing', async () => {
    const { fixture, app } = await setup({ advertiseCimd: true, setting: appDocument });
    const clientId = await signIn(app, { type: 'http', url: fixture.mcpUrl });
    expect(clientId).toBe(appDocument);
    expect(fixture.auth.counters.registrations).toBe(0);
    expect(fixture.auth.cimdLookups).toEqual([appDocument]);
  });

  it("uses a server's own oauth.clientMetadataUrl from servers.json instead of the app setting", async () => {
    const { fixture, app } = await setup({ advertiseCimd: true, setting: appDocument });
    const config = httpServerConfigSchema.parse({ type: 'http', url: fixture.mcpUrl, oauth: { clientMetadataUrl: serverDocument } });
    expect(await signIn(app, config)).toBe(serverDocument);
    expect(fixture.auth.counters.registrations).toBe(0);
  });

  it('registers dynamically when no document URL is set, even though the server supports CIMD', async () => {
    const { fixture, app } = await setup({ advertiseCimd: true, setting: '' });
    const clientId = await signIn(app, { type: 'http', url: fixture.mcpUrl });
    expect(clientId).not.toBe(appDocument);
    expect(fixture.auth.counters.registrations).toBe(1);
    expect(fixture.auth.cimdLookups).toEqual([]);
  });

  it('registers dynamically when the authorization server does not advertise CIMD, even with the setting', async () => {
    const { fixture, app } = await setup({ advertiseCimd: false, setting: appDocument });
    const clientId = await signIn(app, { type: 'http', url: fixture.mcpUrl });
    expect(clientId).not.toBe(appDocument);
    expect(fixture.auth.counters.registrations).toBe(1);
  });

  it('takes the URL from the app setting saved through settings.update, in the whole host', async () => {
    const fixture = await startOAuthFixture({ clientMetadataDocuments: documents });
    const data = tempDataDir();
    cleanups.push(() => fixture.close(), data.remove);
    const host = await createHost(testEnv(data.dir));
    cleanups.push(() => host.shutdown());
    await host.start();
    value(await host.api['settings.update']({ clientMetadataUrl: appDocument }));
    value(await host.api['servers.add']({ name: 'remote', config: { type: 'http', url: fixture.mcpUrl } }));
    await expect.poll(async () => value(await host.api['servers.list']({})).find((server) => server.id === 'remote')?.status.state, { timeout: 60_000, interval: 100 }).toBe('auth_required');
    const started = value(await host.api['servers.signIn']({ id: 'remote' }));
    if (!started) throw new Error('sign-in did not start');
    expect(new URL(started.authorizationUrl).searchParams.get('client_id')).toBe(appDocument);
    await visitInHeadlessBrowser(started.authorizationUrl);
    await expect.poll(async () => value(await host.api['servers.list']({})).find((server) => server.id === 'remote')?.status.state, { timeout: 60_000, interval: 100 }).toBe('ready');
    expect(fixture.auth.counters.registrations).toBe(0);
  });

  it('accepts only an https document URL with a path, in the settings and in servers.json', () => {
    for (const bad of ['http://app.example.com/client.json', 'https://app.example.com/', 'https://app.example.com', 'not a url']) {
      expect(settingsSchema.safeParse({ ...defaultSettings, clientMetadataUrl: bad }).success).toBe(false);
      expect(httpServerConfigSchema.safeParse({ type: 'http', url: 'https://mcp.example.com/mcp', oauth: { clientMetadataUrl: bad } }).success).toBe(false);
    }
    expect(settingsSchema.safeParse({ ...defaultSettings, clientMetadataUrl: appDocument }).success).toBe(true);
    expect(settingsSchema.safeParse({ ...defaultSettings, clientMetadataUrl: '' }).success).toBe(true);
  });
});
