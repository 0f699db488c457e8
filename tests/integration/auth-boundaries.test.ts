/**
 * Where tokens may go and when Switchboard refuses, through the host against the OAuth fixture: a token never reaches
 * a resource it was not issued for (another server, or the same server entry pointed at a new URL); an authorization
 * server without PKCE S256 is refused before anything is registered; a 403 insufficient_scope asks for a step-up
 * sign-in with the union of scopes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth/index.ts';
import { visitInHeadlessBrowser } from '../fixtures/oauth/headlessBrowser.ts';
import { startAuthHost, tempDataDir, type AuthHost } from './auth-harness.ts';

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function setup(options: Parameters<typeof startOAuthFixture>[0] = {}): Promise<{ fixture: OAuthFixture; app: AuthHost }> {
  const fixture = await startOAuthFixture(options);
  const data = tempDataDir();
  const app = startAuthHost({ dataDir: data.dir, secretsFile: data.secretsFile });
  cleanups.push(() => fixture.close(), data.remove, () => app.close());
  return { fixture, app };
}

async function signIn(app: AuthHost, serverId: string): Promise<URL> {
  const started = await app.auth.signIn(serverId);
  if (!started.ok || !started.value) throw new Error(`sign-in did not start: ${JSON.stringify(started)}`);
  await visitInHeadlessBrowser(started.value.authorizationUrl);
  expect(await app.auth.whenSignInDone(serverId)).toEqual({ ok: true, value: null });
  return new URL(started.value.authorizationUrl);
}

function authorizationsAt(fixture: OAuthFixture, path: string): (string | undefined)[] {
  return fixture.seen.filter((request) => request.path === path).map((request) => request.authorization);
}

describe('OAuth boundaries through the host', () => {
  it('never sends a server’s token to another resource on the same authorization server', async () => {
    const { fixture, app } = await setup();
    await app.configure({ a: { type: 'http', url: fixture.mcpUrl }, b: { type: 'http', url: fixture.otherMcpUrl } });
    await signIn(app, 'a');
    expect(app.status('a')).toMatchObject({ state: 'ready' });
    await app.manager.restart('b');
    expect(app.status('b')).toMatchObject({ state: 'auth_required' });
    expect(authorizationsAt(fixture, '/other/mcp').every((value) => value === undefined)).toBe(true);

    await signIn(app, 'b');
    expect(app.status('b')).toMatchObject({ state: 'ready' });
    const aTokens = new Set(authorizationsAt(fixture, '/mcp').filter(Boolean));
    const bTokens = new Set(authorizationsAt(fixture, '/other/mcp').filter(Boolean));
    expect(aTokens.size).toBeGreaterThan(0);
    expect([...bTokens].some((token) => aTokens.has(token))).toBe(false);
  });

  it('pointing a signed-in server entry at another URL does not carry its token there', async () => {
    const { fixture, app } = await setup();
    await app.configure({ a: { type: 'http', url: fixture.mcpUrl } });
    await signIn(app, 'a');
    await app.configure({ a: { type: 'http', url: fixture.otherMcpUrl } });
    expect(app.status('a')).toMatchObject({ state: 'auth_required' });
    expect(authorizationsAt(fixture, '/other/mcp').every((value) => value === undefined)).toBe(true);
  });

  it('testing an edited URL for a signed-in server entry does not carry its token there', async () => {
    const { fixture, app } = await setup();
    await app.configure({ a: { type: 'http', url: fixture.mcpUrl } });
    await signIn(app, 'a');
    // The form's "Test connection" before saving: the same server name, another address.
    const report = await app.manager.testConnection('a', { type: 'http', url: fixture.otherMcpUrl });
    expect(report.status.state).not.toBe('ready');
    expect(authorizationsAt(fixture, '/other/mcp').every((value) => value === undefined)).toBe(true);
    // The saved server itself still uses its token.
    const same = await app.manager.testConnection('a', { type: 'http', url: fixture.mcpUrl });
    expect(same.status.state).toBe('ready');
  });

  it('refuses an authorization server that does not advertise PKCE S256, before registering or opening anything', async () => {
    const { fixture, app } = await setup({ advertisePkce: false });
    await app.configure({ a: { type: 'http', url: fixture.mcpUrl } });
    const status = app.status('a');
    expect(status?.state).toBe('error');
    expect(status && 'message' in status ? status.message : '').toMatch(/PKCE/);
    const started = await app.auth.signIn('a');
    expect(started).toMatchObject({ ok: false, error: { code: 'auth_required' } });
    expect(started.ok ? '' : started.error.message).toMatch(/PKCE/);
    expect(fixture.auth.counters.registrations).toBe(0);
    expect(fixture.auth.counters.authorizations).toBe(0);
  });

  it('steps up on 403 insufficient_scope: the next sign-in asks for the union of scopes, then the call works', async () => {
    const { fixture, app } = await setup();
    await app.configure({ a: { type: 'http', url: fixture.mcpUrl } });
    await signIn(app, 'a');
    const denied = await app.manager.callTool('a', 'admin_reset', {});
    expect(denied).toMatchObject({ ok: false, error: { code: 'auth_required' } });
    expect(app.auth.statusMessage('a')).toContain('mcp:admin');

    const url = await signIn(app, 'a');
    expect(url.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['mcp:tools', 'mcp:admin']));
    expect(await app.manager.callTool('a', 'admin_reset', {})).toMatchObject({ ok: true, value: { content: [{ type: 'text', text: 'reset done' }] } });
    expect(await app.manager.callTool('a', 'echo', { text: 'still allowed' })).toMatchObject({ ok: true });
  });
});
