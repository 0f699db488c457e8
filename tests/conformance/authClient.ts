/**
 * The client `npm run conformance -- --auth` runs for the OAuth scenarios of @modelcontextprotocol/conformance:
 * the host's own connection manager with the host's own OAuth provider (electron/host/auth) on its `authProvider`
 * seam, plus a stand-in user who clicks "Sign in" when a server asks for it and a headless stand-in for the browser
 * step that follows the test authorization server's redirect to the loopback listener.
 *
 * Usage (by the conformance CLI): node tests/conformance/authClient.ts <server-url>, with MCP_CONFORMANCE_SCENARIO
 * and, for pre-registration, MCP_CONFORMANCE_CONTEXT = { client_id, client_secret }.
 *
 * Exit codes: 0 when the scenario's flow completed (connect, list tools, call `test-tool`), and also when the host
 * deliberately refused a server (a security check of the spec failed) or the stand-in user gave up after
 * `maxSignIns` sign-ins; 1 for anything else (a crash, an unexplained error, a timeout).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { httpServerConfigSchema, type HttpServerConfig } from '../../shared/serverConfig.ts';
import type { ServerStatus } from '../../shared/servers.ts';
import { createAuthService } from '../../electron/host/auth/authService.ts';
import { createElicitationBroker } from '../../electron/host/elicitation/broker.ts';
import type { HostEnvironment } from '../../electron/host/environment.ts';
import { memorySecretStore } from '../../electron/host/store/memorySecretStore.ts';
import { HostEventHub } from '../../electron/host/events.ts';
import { createServerManager } from '../../electron/host/mcp/manager.ts';
import { visitInHeadlessBrowser } from '../fixtures/oauth/headlessBrowser.ts';

/**
 * The client ID metadata document URL the conformance suite expects a CIMD-capable client to use. It goes in the way
 * a user would set it: the server entry's `oauth.clientMetadataUrl`, validated by the servers.json schema.
 */
const clientMetadataUrl = 'https://conformance-test.local/client-metadata.json';
/** A user clicks "Sign in" at most this often before giving up (the host itself never retries on its own). */
const maxSignIns = 3;
const serverId = 'conformance';

function note(message: string): void {
  process.stderr.write(`[auth-client] ${message}\n`);
}

/** Pre-registered credentials the scenario hands over (auth/pre-registration), as a user would type them into the server's settings. */
function preRegistered(): HttpServerConfig['oauth'] {
  try {
    const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as { client_id?: unknown; client_secret?: unknown };
    if (typeof context.client_id !== 'string') return undefined;
    return { clientId: context.client_id, ...(typeof context.client_secret === 'string' ? { clientSecret: context.client_secret } : {}) };
  } catch {
    return undefined;
  }
}

/** A deliberate refusal by the host (a failed security check), as opposed to a bug or a broken server. */
function isRefusal(message: string): boolean {
  return /Sign-in refused|Issuer mismatch|does not match expected/.test(message);
}

class Stop extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode: number) {
    super(message);
    this.exitCode = exitCode;
  }
}

async function run(url: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-conformance-auth-'));
  const secrets = memorySecretStore();
  const logger: HostEnvironment['logger'] = {
    info: (message, fields) => note(`info ${message} ${fields ? JSON.stringify(fields) : ''}`),
    warn: (message, fields) => note(`warn ${message} ${fields ? JSON.stringify(fields) : ''}`),
    error: (message, fields) => note(`error ${message} ${fields ? JSON.stringify(fields) : ''}`),
  };
  const env: HostEnvironment = { mode: 'desktop', dataDir, secrets, logger, openExternal: () => Promise.resolve(), version: '0.0.0-conformance' };
  const config: HttpServerConfig = httpServerConfigSchema.parse({ type: 'http', url, oauth: { clientMetadataUrl, ...preRegistered() } });
  const auth = createAuthService({
    secrets,
    logger,
    serverConfig: (id) => (id === serverId ? config : undefined),
    restartServer: (id) => manager.restart(id),
    signInTimeoutMs: 20_000,
  });
  const manager = createServerManager({
    env,
    broker: createElicitationBroker(new HostEventHub()),
    listener: { onStatus: (id, status) => note(`status ${id}: ${JSON.stringify(status)}`), onCatalog: () => {}, onLog: (line) => note(`log ${line.stream}: ${line.text}`) },
    authProvider: (id) => auth.providerFor(id),
  });
  let signIns = 0;

  /** The stand-in user: clicks "Sign in", glances at the domain, lets the browser run, waits for the reconnect. */
  const signIn = async (): Promise<void> => {
    if (signIns >= maxSignIns) throw new Stop(`the server still asks for authorization after ${maxSignIns} sign-ins; giving up`, 0);
    signIns++;
    const started = await auth.signIn(serverId);
    if (!started.ok) throw new Stop(`sign-in refused to start: ${started.error.message}`, isRefusal(started.error.message) ? 0 : 1);
    if (!started.value) return;
    note(`sign-in ${signIns}: opening ${new URL(started.value.authorizationUrl).host} in the headless browser`);
    const visit = await visitInHeadlessBrowser(started.value.authorizationUrl);
    note(`browser ended at ${new URL(visit.finalUrl).origin} (HTTP ${visit.status})`);
    const done = await auth.whenSignInDone(serverId);
    if (done && !done.ok) throw new Stop(`sign-in failed: ${done.error.message}`, isRefusal(done.error.message) ? 0 : 1);
  };

  const ready = async (): Promise<void> => {
    for (;;) {
      const status: ServerStatus | undefined = manager.status(serverId);
      if (status?.state === 'ready') return;
      if (status?.state === 'auth_required') {
        await signIn();
        continue;
      }
      const message = status && 'message' in status ? status.message : status && 'lastError' in status ? status.lastError : JSON.stringify(status);
      throw new Stop(`the server did not become ready: ${message}`, isRefusal(message) ? 0 : 1);
    }
  };

  try {
    manager.setServers([{ id: serverId, config }]);
    await manager.whenSettled();
    await ready();
    note(`tools: ${manager.catalog(serverId)?.tools.map((tool) => tool.name).join(', ') ?? '(none)'}`);
    for (;;) {
      const result = await manager.callTool(serverId, 'test-tool', {});
      if (result.ok) break;
      if (result.error.code !== 'auth_required') throw new Stop(`test-tool failed: ${result.error.message}`, 1);
      note('test-tool needs authorization (step-up)');
      await signIn();
      await ready();
    }
    note('test-tool succeeded');
  } finally {
    auth.shutdown();
    await manager.shutdown();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const url = process.argv[2];
if (!url) {
  note('usage: node tests/conformance/authClient.ts <server-url>');
  process.exit(1);
}
note(`scenario ${process.env.MCP_CONFORMANCE_SCENARIO ?? '(none)'} against ${url}`);
run(url).then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof Stop) {
      note(`${error.exitCode === 0 ? 'stopped as designed' : 'failed'}: ${error.message}`);
      process.exit(error.exitCode);
    }
    note(`crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
