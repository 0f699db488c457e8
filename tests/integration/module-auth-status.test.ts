/**
 * A ready remote server whose token stops being enough mid-session (step-up to a wider scope, or a token revoked and
 * not refreshable) turns to "Sign in required" through the module the window talks to, instead of staying ready
 * with calls that keep failing; signing in brings it back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { HostEvents } from '../../shared/contract.ts';
import { applyServersDelta, type ServerStatus, type ServerView } from '../../shared/servers.ts';
import { silentLogger } from '../../electron/host/environment.ts';
import { HostEventHub } from '../../electron/host/events.ts';
import { createMcpModule } from '../../electron/host/mcp/mcpModule.ts';
import type { McpModule } from '../../electron/host/ports.ts';
import { FileSecretStore } from '../../electron/host/store/fileSecretStore.ts';
import { visitInHeadlessBrowser } from '../fixtures/oauth/headlessBrowser.ts';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth/index.ts';
import { tempDataDir } from './module-harness.ts';

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function statusOf(module: McpModule, id: string): Promise<ServerStatus | undefined> {
  const listed = await module.api['servers.list']({});
  return listed.ok ? listed.value.find((server) => server.id === id)?.status : undefined;
}

async function waitForStatus(module: McpModule, id: string, state: ServerStatus['state']): Promise<ServerStatus> {
  for (let i = 0; i < 300; i++) {
    const status = await statusOf(module, id);
    if (status?.state === state) return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server ${id} never reached ${state}`);
}

/** A module with one remote server added and waiting for sign-in; `pushed` records every servers.changed. */
async function awaitingSignIn(): Promise<{ fixture: OAuthFixture; module: McpModule; pushed: ServerView[][] }> {
  const fixture = await startOAuthFixture();
  const data = await tempDataDir();
  cleanups.push(() => fixture.close(), data.remove);
  const hub = new HostEventHub();
  // The list as the window holds it after each pushed delta.
  const pushed: ServerView[][] = [];
  hub.subscribe((name, payload) => {
    if (name === 'servers.changed') pushed.push(applyServersDelta(pushed.at(-1) ?? [], payload as HostEvents['servers.changed']));
  });
  const module = await createMcpModule({
    env: { mode: 'web', dataDir: data.dir, secrets: new FileSecretStore(`${data.dir}/secrets.json`), logger: silentLogger, openExternal: () => Promise.resolve(), version: 'test' },
    events: hub,
  });
  cleanups.push(() => module.shutdown());
  await module.start();
  expect((await module.api['servers.add']({ name: 'remote', config: { type: 'http', url: fixture.mcpUrl } })).ok).toBe(true);
  // The first connect already speaks with the auth service's line (the access the sign-in will ask for).
  expect(await waitForStatus(module, 'remote', 'auth_required')).toMatchObject({ message: expect.stringMatching(/^Sign in required/) as unknown });
  return { fixture, module, pushed };
}

/** A module with one remote server, signed in through servers.signIn and the headless browser step. */
async function signedIn(): Promise<{ fixture: OAuthFixture; module: McpModule; pushed: ServerView[][] }> {
  const opened = await awaitingSignIn();
  await signInThroughBrowser(opened.module);
  await waitForStatus(opened.module, 'remote', 'ready');
  return opened;
}

async function signInThroughBrowser(module: McpModule): Promise<URL> {
  const started = await module.api['servers.signIn']({ id: 'remote' });
  if (!started.ok || !started.value) throw new Error(`sign-in did not start: ${JSON.stringify(started)}`);
  await visitInHeadlessBrowser(started.value.authorizationUrl);
  return new URL(started.value.authorizationUrl);
}

const toolNamed = (module: McpModule, name: string) => module.tools.listTools().find((tool) => tool.serverId === 'remote' && tool.toolName === name)?.exposedName;

describe('sign-in required mid-session', () => {
  it('a tool that needs more access turns the server to "Sign in required" naming the scope; signing in again restores it', async () => {
    const { module, pushed } = await signedIn();
    const adminReset = toolNamed(module, 'admin_reset');
    if (!adminReset) throw new Error('admin_reset not listed');

    const denied = await module.tools.callTool(adminReset, {});
    expect(denied).toMatchObject({ ok: false, error: { code: 'auth_required', message: expect.stringContaining('mcp:admin') as unknown } });
    const status = await statusOf(module, 'remote');
    expect(status).toMatchObject({ state: 'auth_required', message: expect.stringContaining('mcp:admin') as unknown });
    // The window was told, and the model no longer sees the server's tools.
    await expect.poll(() => pushed.at(-1)?.find((server) => server.id === 'remote')?.status.state).toBe('auth_required');
    expect(module.tools.listTools().some((tool) => tool.serverId === 'remote')).toBe(false);

    const url = await signInThroughBrowser(module);
    expect(url.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['mcp:tools', 'mcp:admin']));
    await waitForStatus(module, 'remote', 'ready');
    const again = toolNamed(module, 'admin_reset');
    if (!again) throw new Error('admin_reset not listed after signing in again');
    expect(await module.tools.callTool(again, {})).toMatchObject({ ok: true, value: { content: [{ type: 'text', text: 'reset done' }] } });
  });

  it('a token revoked mid-session (refresh refused too) turns the server to "Sign in required" once, without a sign-in loop', async () => {
    const { fixture, module } = await signedIn();
    const echo = toolNamed(module, 'echo');
    if (!echo) throw new Error('echo not listed');
    fixture.auth.revokeEverything();

    expect(await module.tools.callTool(echo, { text: 'x' })).toMatchObject({ ok: false, error: { code: 'auth_required' } });
    expect(await statusOf(module, 'remote')).toMatchObject({ state: 'auth_required', message: expect.stringMatching(/^Sign in required/) as unknown });
    // Nothing retries by itself: a second call is refused at once, and no new authorization was started.
    expect(await module.tools.callTool(echo, { text: 'y' })).toMatchObject({ ok: false });
    expect(fixture.auth.counters.authorizations).toBe(1);
    expect(fixture.auth.counters.failedRefreshes).toBe(1);
  });

  it('a sign-in declined in the browser is reported on the server, not left waiting in silence', async () => {
    const { fixture, module, pushed } = await awaitingSignIn();

    const started = await module.api['servers.signIn']({ id: 'remote' });
    if (!started.ok || !started.value) throw new Error(`sign-in did not start: ${JSON.stringify(started)}`);
    // The user presses "Deny" at the authorization server, which sends the browser back with access_denied.
    const authorization = new URL(started.value.authorizationUrl);
    const back = new URL(authorization.searchParams.get('redirect_uri') ?? '');
    back.searchParams.set('error', 'access_denied');
    back.searchParams.set('state', authorization.searchParams.get('state') ?? '');
    back.searchParams.set('iss', fixture.issuer);
    await (await fetch(back)).text();

    const declined = (view: ServerView[] | undefined) => view?.find((server) => server.id === 'remote')?.status;
    await expect.poll(() => declined(pushed.at(-1))).toMatchObject({ state: 'auth_required', message: expect.stringContaining('declined') as unknown });
    expect(await statusOf(module, 'remote')).toMatchObject({ state: 'auth_required', message: expect.stringContaining('declined') as unknown });
    expect(fixture.auth.counters.codeExchanges).toBe(0);
  });
});
