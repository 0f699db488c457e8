/**
 * Signing in to an OAuth-protected Streamable HTTP server through the host's own manager and auth service, against
 * the local fixture (authorization server + MCP server built with @modelcontextprotocol/server). The browser step is
 * the headless stand-in that follows the authorization server's redirect to the loopback listener.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth/index.ts';
import { visitInHeadlessBrowser } from '../fixtures/oauth/headlessBrowser.ts';
import { startAuthHost, tempDataDir, type AuthHost } from './auth-harness.ts';

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function setup(): Promise<{ fixture: OAuthFixture; data: ReturnType<typeof tempDataDir> }> {
  const fixture = await startOAuthFixture();
  const data = tempDataDir();
  cleanups.push(() => fixture.close(), data.remove);
  return { fixture, data };
}

function host(data: ReturnType<typeof tempDataDir>): AuthHost {
  const started = startAuthHost({ dataDir: data.dir, secretsFile: data.secretsFile });
  cleanups.push(() => started.close());
  return started;
}

/** Clicks "Sign in", lets the headless browser follow the redirect, and waits for the server to reconnect. */
async function signIn(target: AuthHost, serverId: string): Promise<URL> {
  const started = await target.auth.signIn(serverId);
  if (!started.ok || !started.value) throw new Error(`sign-in did not start: ${JSON.stringify(started)}`);
  const url = new URL(started.value.authorizationUrl);
  const visit = await visitInHeadlessBrowser(url.href);
  expect(new URL(visit.finalUrl).hostname).toBe('127.0.0.1');
  const done = await target.auth.whenSignInDone(serverId);
  expect(done).toEqual({ ok: true, value: null });
  return url;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]));
}

describe('OAuth sign-in through the host', () => {
  it('asks for sign-in on first connect, signs in through the browser step, then lists and calls tools', async () => {
    const { fixture, data } = await setup();
    const app = host(data);
    await app.configure({ remote: { type: 'http', url: fixture.mcpUrl } });
    expect(app.status('remote')).toMatchObject({ state: 'auth_required' });
    expect(fixture.auth.counters.authorizations).toBe(0); // nothing was opened without the user
    expect(fixture.seen.every((request) => request.authorization === undefined)).toBe(true);

    const url = await signIn(app, 'remote');
    expect(url.origin).toBe(fixture.issuer); // the domain the user is shown before the browser opens
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('resource')).toBe(fixture.mcpUrl);
    expect(new URL(url.searchParams.get('redirect_uri') ?? '').hostname).toBe('127.0.0.1');

    expect(app.status('remote')).toMatchObject({ state: 'ready', counts: { tools: 3 } });
    expect(app.manager.catalog('remote')?.tools.map((tool) => tool.name).sort()).toEqual(['admin_reset', 'echo', 'whoami']);
    const result = await app.manager.callTool('remote', 'echo', { text: 'hello' });
    expect(result).toMatchObject({ ok: true, value: { content: [{ type: 'text', text: 'hello' }] } });
    expect(fixture.auth.resourcesSeen).toEqual([
      { endpoint: 'authorize', resource: fixture.mcpUrl },
      { endpoint: 'token', resource: fixture.mcpUrl },
    ]);
  });

  it('reuses the stored token after a restart, without a new sign-in, and keeps it only in the 0600 secret file', async () => {
    const { fixture, data } = await setup();
    const first = host(data);
    await first.configure({ remote: { type: 'http', url: fixture.mcpUrl } });
    await signIn(first, 'remote');
    await first.close();
    const { authorizations, registrations } = fixture.auth.counters;

    const second = host(data);
    await second.configure({ remote: { type: 'http', url: fixture.mcpUrl } });
    expect(second.status('remote')).toMatchObject({ state: 'ready' });
    expect(await second.manager.callTool('remote', 'echo', { text: 'again' })).toMatchObject({ ok: true });
    expect(fixture.auth.counters.authorizations).toBe(authorizations);
    expect(fixture.auth.counters.registrations).toBe(registrations);

    const tokens = [...fixture.auth.accessTokens.keys(), ...fixture.auth.refreshTokens.keys()];
    expect(tokens.length).toBeGreaterThan(0);
    for (const file of filesUnder(data.dir)) {
      const text = readFileSync(file, 'utf8');
      const holds = tokens.some((token) => text.includes(token));
      expect({ file, holds }).toEqual({ file, holds: file === data.secretsFile });
    }
    expect(statSync(data.secretsFile).mode & 0o777).toBe(0o600);
  });

  it('signing in again while a sign-in waits hands back the same URL; an already signed-in server answers null', async () => {
    const { fixture, data } = await setup();
    const app = host(data);
    await app.configure({ remote: { type: 'http', url: fixture.mcpUrl } });
    const one = await app.auth.signIn('remote');
    const two = await app.auth.signIn('remote');
    expect(one.ok && two.ok && one.value?.authorizationUrl === two.value?.authorizationUrl).toBe(true);
    if (!one.ok || !one.value) throw new Error('no URL');
    await visitInHeadlessBrowser(one.value.authorizationUrl);
    await app.auth.whenSignInDone('remote');
    expect(await app.auth.signIn('remote')).toEqual({ ok: true, value: null });
    expect(app.status('remote')).toMatchObject({ state: 'ready' });
  });

  it('sign out revokes and forgets the tokens; the server asks for sign-in again', async () => {
    const { fixture, data } = await setup();
    const app = host(data);
    await app.configure({ remote: { type: 'http', url: fixture.mcpUrl } });
    await signIn(app, 'remote');
    const accessToken = [...fixture.auth.accessTokens.keys()][0] ?? '';

    expect(await app.auth.signOut('remote')).toEqual({ ok: true, value: null });
    expect(app.status('remote')).toMatchObject({ state: 'auth_required' });
    expect(fixture.auth.counters.revocations).toBe(2); // refresh token and access token
    expect(readFileSync(data.secretsFile, 'utf8')).not.toContain(accessToken);
    expect(await app.manager.callTool('remote', 'echo', { text: 'x' })).toMatchObject({ ok: false });
  });

  it('a sign-in the browser never finishes times out and leaves the server asking for sign-in', async () => {
    const { fixture, data } = await setup();
    const app = startAuthHost({ dataDir: data.dir, secretsFile: data.secretsFile, signInTimeoutMs: 300 });
    cleanups.push(() => app.close());
    await app.configure({ remote: { type: 'http', url: fixture.mcpUrl } });
    const started = await app.auth.signIn('remote');
    expect(started.ok).toBe(true);
    expect(await app.auth.whenSignInDone('remote')).toMatchObject({ ok: false, error: { code: 'timeout' } });
    expect(app.status('remote')).toMatchObject({ state: 'auth_required' });
    expect(fixture.auth.counters.codeExchanges).toBe(0);
  });
});
