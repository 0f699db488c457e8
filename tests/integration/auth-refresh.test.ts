/**
 * Token upkeep through the host against the OAuth fixture: refresh before expiry, refresh on a 401 the server sends
 * for a token it expired early, and a revoked refresh token ending in "Sign in required" instead of a loop.
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

async function signedIn(accessTokenTtlSec?: number): Promise<{ fixture: OAuthFixture; app: AuthHost }> {
  const fixture = await startOAuthFixture(accessTokenTtlSec ? { accessTokenTtlSec } : {});
  const data = tempDataDir();
  const app = startAuthHost({ dataDir: data.dir, secretsFile: data.secretsFile });
  cleanups.push(() => fixture.close(), data.remove, () => app.close());
  await app.configure({ remote: { type: 'http', url: fixture.mcpUrl } });
  await signInAgain(app);
  expect(app.status('remote')).toMatchObject({ state: 'ready' });
  return { fixture, app };
}

async function signInAgain(app: AuthHost): Promise<void> {
  const started = await app.auth.signIn('remote');
  if (!started.ok || !started.value) throw new Error(`sign-in did not start: ${JSON.stringify(started)}`);
  await visitInHeadlessBrowser(started.value.authorizationUrl);
  expect(await app.auth.whenSignInDone('remote')).toEqual({ ok: true, value: null });
}

/** The access tokens the protected server received, in order. */
function tokensSent(fixture: OAuthFixture): string[] {
  return fixture.seen.map((request) => request.authorization).filter((value): value is string => value !== undefined);
}

describe('OAuth token upkeep through the host', () => {
  it('refreshes an access token that is about to expire before sending it', async () => {
    // A 30-second lifetime is inside the refresh margin, so the next request must carry a refreshed token.
    const { fixture, app } = await signedIn(30);
    const before = tokensSent(fixture).at(-1);
    const refreshes = fixture.auth.counters.refreshes;
    expect(await app.manager.callTool('remote', 'echo', { text: 'fresh' })).toMatchObject({ ok: true });
    expect(fixture.auth.counters.refreshes).toBeGreaterThan(refreshes);
    expect(tokensSent(fixture).at(-1)).not.toBe(before);
    expect(fixture.auth.counters.failedRefreshes).toBe(0);
  });

  it('refreshes on a 401 for a token the server expired early, and the call still succeeds', async () => {
    const { fixture, app } = await signedIn();
    fixture.auth.expireAccessTokens();
    expect(await app.manager.callTool('remote', 'echo', { text: 'after expiry' })).toMatchObject({ ok: true, value: { content: [{ type: 'text', text: 'after expiry' }] } });
    expect(fixture.auth.counters.refreshes).toBe(1);
    expect(fixture.auth.counters.authorizations).toBe(1); // no second sign-in
    expect(app.status('remote')).toMatchObject({ state: 'ready' });
  });

  it('a revoked refresh token leads to "Sign in required" once, not a loop; signing in again recovers', async () => {
    const { fixture, app } = await signedIn();
    fixture.auth.revokeRefreshTokens();
    fixture.auth.expireAccessTokens();
    expect(await app.manager.callTool('remote', 'echo', { text: 'x' })).toMatchObject({ ok: false, error: { code: 'auth_required' } });
    expect(fixture.auth.counters.failedRefreshes).toBe(1);

    await app.manager.restart('remote');
    expect(app.status('remote')).toMatchObject({ state: 'auth_required' });
    await app.manager.restart('remote');
    expect(app.status('remote')).toMatchObject({ state: 'auth_required' });
    // The dead refresh token was forgotten: reconnecting does not try it again, and nothing opened a browser.
    expect(fixture.auth.counters.failedRefreshes).toBe(1);
    expect(fixture.auth.counters.authorizations).toBe(1);

    await signInAgain(app);
    expect(app.status('remote')).toMatchObject({ state: 'ready' });
    expect(await app.manager.callTool('remote', 'echo', { text: 'back' })).toMatchObject({ ok: true });
  });
});
