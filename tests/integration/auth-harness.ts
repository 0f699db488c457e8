/**
 * The host's connection layer wired the way the app wires it for OAuth: the real manager (createServerManager) with
 * the auth service's providers on its `authProvider` seam, the 0600 file secret store, a data folder on disk.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerConfig } from '../../shared/serverConfig.ts';
import type { ServerStatus } from '../../shared/servers.ts';
import { createAuthService, type AuthService } from '../../electron/host/auth/authService.ts';
import { createElicitationBroker } from '../../electron/host/elicitation/broker.ts';
import { silentLogger, type HostEnvironment } from '../../electron/host/environment.ts';
import { HostEventHub } from '../../electron/host/events.ts';
import { createServerManager } from '../../electron/host/mcp/manager.ts';
import type { McpServerManager } from '../../electron/host/mcp/types.ts';
import { FileSecretStore } from '../../electron/host/store/fileSecretStore.ts';

/** A host (manager + auth service) over a data folder. */
export interface AuthHost {
  manager: McpServerManager;
  auth: AuthService;
  /** Every status each server went through, in order. */
  statuses: Map<string, ServerStatus[]>;
  /** Replaces the configured servers (what servers.json would say). */
  configure(servers: Record<string, ServerConfig>): Promise<void>;
  status(serverId: string): ServerStatus | undefined;
  close(): Promise<void>;
}

/** A temporary data folder, removed by `remove`. */
export function tempDataDir(): { dir: string; secretsFile: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'switchboard-auth-'));
  return { dir, secretsFile: join(dir, 'secrets.json'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Starts a host over `dataDir` whose secrets live in `secretsFile`. */
export function startAuthHost(options: { dataDir: string; secretsFile: string; signInTimeoutMs?: number; clientMetadataUrl?: () => string | undefined }): AuthHost {
  const secrets = new FileSecretStore(options.secretsFile);
  const env: HostEnvironment = { mode: 'web', dataDir: options.dataDir, secrets, logger: silentLogger, openExternal: () => Promise.resolve(), version: '0.0.0-test' };
  const configs = new Map<string, ServerConfig>();
  const statuses = new Map<string, ServerStatus[]>();
  const broker = createElicitationBroker(new HostEventHub());
  const auth = createAuthService({
    secrets,
    logger: silentLogger,
    serverConfig: (id) => configs.get(id),
    // The manager is built just below; the auth service only calls this after a sign-in.
    restartServer: (id) => manager.restart(id),
    ...(options.signInTimeoutMs ? { signInTimeoutMs: options.signInTimeoutMs } : {}),
    ...(options.clientMetadataUrl ? { clientMetadataUrl: options.clientMetadataUrl } : {}),
  });
  const manager = createServerManager({
    env,
    broker,
    listener: {
      onStatus: (id, status) => statuses.set(id, [...(statuses.get(id) ?? []), status]),
      onCatalog: () => {},
      onLog: () => {},
    },
    authProvider: (id) => auth.providerFor(id),
  });
  const live: McpServerManager = manager;
  return {
    manager: live,
    auth,
    statuses,
    async configure(servers) {
      configs.clear();
      for (const [id, config] of Object.entries(servers)) configs.set(id, config);
      live.setServers(Object.entries(servers).map(([id, config]) => ({ id, config })));
      await live.whenSettled();
    },
    status: (id) => live.status(id),
    async close() {
      auth.shutdown();
      await live.shutdown();
    },
  };
}
