/** Shared set-up of the MCP module integration tests: a real module on a temp data folder, real server launch configs. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HostEvents } from '../../shared/contract.ts';
import type { StdioServerConfig } from '../../shared/serverConfig.ts';
import type { ServerStatus, ServerView } from '../../shared/servers.ts';
import { silentLogger, type HostEnvironment } from '../../electron/host/environment.ts';
import { HostEventHub } from '../../electron/host/events.ts';
import { FileSecretStore } from '../../electron/host/store/fileSecretStore.ts';
import { createMcpModule } from '../../electron/host/mcp/mcpModule.ts';
import type { McpModule } from '../../electron/host/ports.ts';

const packages = join(import.meta.dirname, '..', '..', 'node_modules', '@modelcontextprotocol');

/** server-everything over stdio, launched with this Node rather than npx (fast, offline). */
export function everything(env?: Record<string, string>): StdioServerConfig {
  return { command: process.execPath, args: [join(packages, 'server-everything', 'dist', 'index.js'), 'stdio'], ...(env ? { env } : {}) };
}

/** server-memory with its knowledge graph in `file`. */
export function memory(file: string): StdioServerConfig {
  return { command: process.execPath, args: [join(packages, 'server-memory', 'dist', 'index.js')], env: { MEMORY_FILE_PATH: file } };
}

/** A fresh data folder; `remove` deletes it. */
export async function tempDataDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'sb-module-it-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A running MCP module and every event it pushed. */
export interface OpenModule {
  module: McpModule;
  events: { name: keyof HostEvents; payload: unknown }[];
}

/** Builds the real module (real broker, manager, registry) on `dataDir`; the caller starts and shuts it down. */
export async function openModule(dataDir: string): Promise<OpenModule> {
  const env: HostEnvironment = {
    mode: 'web',
    dataDir,
    logger: silentLogger,
    version: '0.0.0-test',
    openExternal: () => Promise.resolve(),
    // A real 0600 file in the data folder: server secrets (decision 010) are read back from it when a server starts.
    secrets: new FileSecretStore(join(dataDir, 'secrets.json')),
  };
  const hub = new HostEventHub();
  const events: OpenModule['events'] = [];
  hub.subscribe((name, payload) => events.push({ name, payload }));
  return { module: await createMcpModule({ env, events: hub }), events };
}

/** The servers list, failing the test on an error answer. */
export async function listServers(module: McpModule): Promise<ServerView[]> {
  const result = await module.api['servers.list']({});
  if (!result.ok) throw new Error(`servers.list failed: ${result.error.message}`);
  return result.value;
}

/** Waits until a server reaches one of `states` (and passes `accept`, if given); fails after `ms`. */
export async function waitForState(module: McpModule, id: string, states: ServerStatus['state'][], ms = 30_000, accept: (status: ServerStatus) => boolean = () => true): Promise<ServerStatus> {
  const deadline = Date.now() + ms;
  let last: ServerStatus | undefined;
  while (Date.now() < deadline) {
    last = (await listServers(module)).find((view) => view.id === id)?.status;
    if (last && states.includes(last.state) && accept(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server ${id} never reached ${states.join('/')}; last status ${JSON.stringify(last)}`);
}

/** The moment a server became ready (undefined when it is not ready). */
export function readySince(status: ServerStatus | undefined): number | undefined {
  return status?.state === 'ready' ? status.since : undefined;
}

/**
 * Waits for a server to be ready again after a change that restarts it. Its old status can still read "ready" for a
 * moment after the change (while the old process stops), so only a ready status from a later moment counts.
 */
export function waitForReadyAgain(module: McpModule, id: string, before: ServerStatus | undefined, ms = 30_000): Promise<ServerStatus> {
  const previous = readySince(before) ?? 0;
  return waitForState(module, id, ['ready'], ms, (status) => (readySince(status) ?? 0) > previous);
}

/** The servers file as JSON. */
export async function readServersFile(dataDir: string): Promise<{ mcpServers: Record<string, unknown> } & Record<string, unknown>> {
  return JSON.parse(await readFile(join(dataDir, 'servers.json'), 'utf8')) as { mcpServers: Record<string, unknown> };
}

/** The text of a tool result's first text block. */
export function firstText(content: { type: string; text?: string }[]): string {
  return content.find((block) => block.type === 'text')?.text ?? '';
}

/** Per-test data folder and modules, shut down and removed after each test; `start` opens and starts one more module. */
export function moduleLifecycle(hooks: { beforeEach: (fn: () => Promise<void>) => void; afterEach: (fn: () => Promise<void>) => void }) {
  const state: { data?: Awaited<ReturnType<typeof tempDataDir>> } = {};
  const open: McpModule[] = [];
  hooks.beforeEach(async () => {
    state.data = await tempDataDir();
  });
  hooks.afterEach(async () => {
    await Promise.all(open.splice(0).map((module) => module.shutdown()));
    await state.data?.remove();
  });
  const dataDir = (): string => {
    if (!state.data) throw new Error('no data folder outside a test');
    return state.data.dir;
  };
  const start = async (): Promise<OpenModule> => {
    const opened = await openModule(dataDir());
    open.push(opened.module);
    await opened.module.start();
    return opened;
  };
  return { dataDir, start };
}
