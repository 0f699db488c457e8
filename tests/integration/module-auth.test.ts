/**
 * OAuth through the contract: the module a user's window talks to shows "Sign in required", answers servers.signIn
 * with the authorization URL, turns the server ready once the browser step completes, and signs out again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FileSecretStore } from '../../electron/host/store/fileSecretStore.ts';
import { HostEventHub } from '../../electron/host/events.ts';
import { silentLogger } from '../../electron/host/environment.ts';
import { createMcpModule } from '../../electron/host/mcp/mcpModule.ts';
import type { McpModule } from '../../electron/host/ports.ts';
import type { ServerStatus } from '../../shared/servers.ts';
import { startOAuthFixture } from '../fixtures/oauth/index.ts';
import { visitInHeadlessBrowser } from '../fixtures/oauth/headlessBrowser.ts';
import { tempDataDir } from './module-harness.ts';

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function waitForStatus(module: McpModule, id: string, state: ServerStatus['state']): Promise<ServerStatus> {
  for (let i = 0; i < 300; i++) {
    const listed = await module.api['servers.list']({});
    const status = listed.ok ? listed.value.find((server) => server.id === id)?.status : undefined;
    if (status?.state === state) return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server ${id} never reached ${state}`);
}

describe('OAuth through the MCP module', () => {
  it('signs in with servers.signIn, becomes ready with tools, and signs out back to "Sign in required"', async () => {
    const fixture = await startOAuthFixture();
    const data = await tempDataDir();
    cleanups.push(() => fixture.close(), data.remove);
    const module = await createMcpModule({
      env: { mode: 'web', dataDir: data.dir, secrets: new FileSecretStore(`${data.dir}/secrets.json`), logger: silentLogger, openExternal: () => Promise.resolve(), version: 'test' },
      events: new HostEventHub(),
    });
    cleanups.push(() => module.shutdown());
    await module.start();

    const added = await module.api['servers.add']({ name: 'remote', config: { type: 'http', url: fixture.mcpUrl } });
    expect(added.ok).toBe(true);
    await waitForStatus(module, 'remote', 'auth_required');
    expect(fixture.auth.counters.authorizations).toBe(0);

    const started = await module.api['servers.signIn']({ id: 'remote' });
    if (!started.ok || !started.value) throw new Error(`sign-in did not start: ${JSON.stringify(started)}`);
    expect(new URL(started.value.authorizationUrl).origin).toBe(fixture.issuer);
    await visitInHeadlessBrowser(started.value.authorizationUrl);

    const ready = await waitForStatus(module, 'remote', 'ready');
    expect(ready.state === 'ready' && ready.counts.tools).toBeGreaterThan(0);
    expect(module.tools.listTools().some((tool) => tool.serverId === 'remote')).toBe(true);

    const out = await module.api['servers.signOut']({ id: 'remote' });
    expect(out.ok).toBe(true);
    await waitForStatus(module, 'remote', 'auth_required');
    expect(module.tools.listTools().some((tool) => tool.serverId === 'remote')).toBe(false);
  });
});
