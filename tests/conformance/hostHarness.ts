/**
 * Connects to one Streamable HTTP server through the host's own connection layer (createServerManager, the real
 * elicitation broker, an auto-answering stand-in user) so conformance scenarios judge what Switchboard does.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerStatus } from '../../shared/servers.ts';
import { createElicitationBroker } from '../../electron/host/elicitation/broker.ts';
import type { HostEnvironment } from '../../electron/host/environment.ts';
import { memorySecretStore } from '../../electron/host/store/memorySecretStore.ts';
import { HostEventHub } from '../../electron/host/events.ts';
import { createServerManager } from '../../electron/host/mcp/manager.ts';
import type { McpServerManager, ServerCatalog } from '../../electron/host/mcp/types.ts';
import { startAutoResponder } from './autoResponder.ts';

/** The id the one server under test gets in the manager. */
export const serverId = 'conformance';

/** A server connected through the host, ready for a scenario to drive. */
export interface HostConnection {
  manager: McpServerManager;
  serverId: string;
  status: Extract<ServerStatus, { state: 'ready' }>;
  catalog: ServerCatalog;
  /** Closes the client and removes the temporary data folder. */
  close(): Promise<void>;
}

/** Everything the harness prints goes to stderr, which the conformance package stores beside each scenario's checks. */
function note(message: string): void {
  process.stderr.write(`[host] ${message}\n`);
}

const stderrLogger: HostEnvironment['logger'] = {
  info: (message, fields) => note(`info ${message} ${fields ? JSON.stringify(fields) : ''}`),
  warn: (message, fields) => note(`warn ${message} ${fields ? JSON.stringify(fields) : ''}`),
  error: (message, fields) => note(`error ${message} ${fields ? JSON.stringify(fields) : ''}`),
};

function appVersion(): string {
  const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/** Connects to `url` through the host's manager and waits until the server is ready; throws with the status when it is not. */
export async function connectThroughHost(url: string, options: { headers?: Record<string, string>; connectTimeoutMs?: number } = {}): Promise<HostConnection> {
  const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-conformance-'));
  const env: HostEnvironment = {
    mode: 'desktop',
    dataDir,
    secrets: memorySecretStore(),
    logger: stderrLogger,
    openExternal: (target) => Promise.resolve(note(`would open ${target}`)),
    version: appVersion(),
  };
  const events = new HostEventHub();
  const broker = createElicitationBroker(events);
  const stopAnswering = startAutoResponder(events, broker, (pending, answer) => note(`elicitation "${pending.message}" answered ${JSON.stringify(answer)}`));
  const manager = createServerManager({
    env,
    broker,
    listener: {
      onStatus: (id, status) => note(`status ${id}: ${JSON.stringify(status)}`),
      onCatalog: (id, catalog) => note(`catalog ${id}: tools ${catalog.tools.map((tool) => tool.name).join(', ') || '(none)'}`),
      onLog: (line) => note(`log ${line.stream}: ${line.text}`),
    },
  });
  const close = async () => {
    stopAnswering();
    await manager.shutdown();
    rmSync(dataDir, { recursive: true, force: true });
  };
  manager.setServers([{ id: serverId, config: { type: 'http', url, ...(options.headers ? { headers: options.headers } : {}), ...(options.connectTimeoutMs ? { connectTimeoutMs: options.connectTimeoutMs } : {}) } }]);
  await manager.whenSettled();
  const status = manager.status(serverId);
  const catalog = manager.catalog(serverId);
  if (status?.state !== 'ready' || !catalog) {
    await close();
    throw new Error(`the server did not become ready: ${JSON.stringify(status)}`);
  }
  return { manager, serverId, status, catalog, close };
}
