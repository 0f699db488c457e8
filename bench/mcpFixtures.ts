/** Shared pieces of the MCP benches: server-everything launch configs, a throwaway host environment, the raw-SDK baseline. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { StdioServerConfig } from '../shared/serverConfig.ts';
import { silentLogger, type HostEnvironment } from '../electron/host/environment.ts';
import { memorySecretStore } from '../electron/host/store/memorySecretStore.ts';

/** server-everything over stdio, launched the fast way (this Node, the package's entry file) rather than through npx. */
export function everythingConfig(): StdioServerConfig {
  const entry = join(import.meta.dirname, '..', 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');
  return { command: process.execPath, args: [entry, 'stdio'] };
}

/** A host environment on a fresh temporary data folder (no era cache, no servers file); `dispose` removes it. */
export function benchEnvironment(): { env: HostEnvironment; dispose: () => void } {
  const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-bench-'));
  const env: HostEnvironment = {
    mode: 'desktop',
    dataDir,
    secrets: memorySecretStore(),
    logger: silentLogger,
    openExternal: () => Promise.resolve(),
    version: '0.0.0-bench',
  };
  return { env, dispose: () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** What the baseline does per server to reach the equivalent of the host's "ready": connect, then list what it offers. */
export type BaselineDepth = 'connect' | 'connect+list';

/** How the baseline Client is built: like the host (versionNegotiation 'auto', elicitation) or the SDK's defaults (the legacy client). */
export type BaselineClient = 'host-like' | 'sdk-default';

/** The bare-SDK baseline: one Client per config (same negotiation mode as the host unless `kind` says 'sdk-default'), connected in parallel. */
export async function connectRaw(configs: StdioServerConfig[], depth: BaselineDepth, kind: BaselineClient = 'host-like'): Promise<{ clients: Client[]; close: () => Promise<void> }> {
  const clients = await Promise.all(
    configs.map(async (config) => {
      const client =
        kind === 'sdk-default'
          ? new Client({ name: 'bench-baseline', version: '0.0.0' })
          : new Client({ name: 'bench-baseline', version: '0.0.0' }, { capabilities: { elicitation: { form: {}, url: {} } }, versionNegotiation: { mode: 'auto' } });
      const transport = new StdioClientTransport({ command: config.command, args: config.args ?? [], stderr: 'pipe' });
      // Drained like the host's log capture does, so a chatty server never blocks on a full pipe.
      transport.stderr?.on('data', () => {});
      await client.connect(transport);
      if (depth === 'connect+list') {
        const capabilities = client.getServerCapabilities() ?? {};
        await Promise.all([
          capabilities.tools ? client.listTools() : undefined,
          capabilities.prompts ? client.listPrompts() : undefined,
          capabilities.resources ? client.listResources() : undefined,
        ]);
      }
      return client;
    }),
  );
  return { clients, close: async () => void (await Promise.allSettled(clients.map((client) => client.close()))) };
}

/** Milliseconds since `start` (performance clock). */
export function since(start: number): number {
  return performance.now() - start;
}
