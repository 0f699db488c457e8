/**
 * The MCP module: loads servers.json, builds the elicitation broker, the connection manager and the tool registry,
 * answers every MCP call of the contract, and pushes 'servers.changed', 'tools.changed' and 'server.log'.
 */
import { ok, type Result } from '../../../shared/errors.ts';
import type { ServerConfig } from '../../../shared/serverConfig.ts';
import type { ServerStatus, ServerView } from '../../../shared/servers.ts';
import { createAuthApi } from '../auth/authApi.ts';
import { createAuthService } from '../auth/authService.ts';
import { createElicitationBroker } from '../elicitation/broker.ts';
import type { SamplingBroker } from '../sampling/samplingBroker.ts';
import type { HostEnvironment } from '../environment.ts';
import type { HostEventHub } from '../events.ts';
import type { McpModule } from '../ports.ts';
import { createServerManager, type ServerManagerDeps } from './manager.ts';
import { createCatalogCalls } from './mcpModuleCatalog.ts';
import { createCompletionCalls } from './completions/completionCalls.ts';
import type { McpModuleContext } from './mcpModuleContext.ts';
import { createServerCalls } from './mcpModuleServers.ts';
import { createToolRegistry } from './registry.ts';
import { ServersFile, emptyDocument, withEntries, type ServersDocument } from './serversFile.ts';
import { lenientConfig, patchToolSettings, replaceEntry, toManagedServers } from './serversFileEntries.ts';
import { maskConfig } from './serversFileMask.ts';
import { createServersDeltaTracker } from './serversDelta.ts';
import type { ManagedServer, McpServerManager } from './types.ts';
import { noValidServer } from './serverRefusals.ts';

/** What the module needs; `createManager` lets unit tests put a fake manager behind the real wiring. */
export interface McpModuleDeps {
  env: HostEnvironment;
  events: HostEventHub;
  createManager?: (deps: ServerManagerDeps) => McpServerManager;
  /** Answers 2025-era sampling requests (built by the host around the chat's provider). */
  sampling?: SamplingBroker;
  /** The app's client ID metadata document URL setting (OAuth CIMD), read when a server's OAuth provider is built. */
  clientMetadataUrl?: () => string | undefined;
  /** The maxConcurrentStarts setting, read whenever a server start waits for its turn. */
  maxConcurrentStarts?: () => number | undefined;
  /** A server's catalog was replaced (connect, list_changed, stop): MCP Apps drop its cached HTML. */
  catalogChanged?: (serverId: string) => void;
}

/** The config the manager sees: registry-only fields removed, so toggling a tool never restarts its server. */
function connectionConfig(config: ServerConfig): ServerConfig {
  const copy = { ...config };
  delete copy.tools;
  delete copy.trustReadOnlyHints;
  return copy;
}

/** Builds the MCP module (connections, registry, config, elicitation broker). */
export async function createMcpModule(deps: McpModuleDeps): Promise<McpModule> {
  const { env, events } = deps;
  const file = new ServersFile(env.dataDir);
  const loaded = await file.load();
  if (loaded.state === 'unreadable') env.logger.error('servers file unreadable; no server started', { message: loaded.error.message });

  let managed = new Map<string, ManagedServer>();
  let managerSignature: string | undefined;
  let started = false;
  let stopped = false;
  let viewsPending = false;
  // 'servers.changed' carries only the servers whose view changed since the last push (decision 009).
  const serversDelta = createServersDeltaTracker();
  const readyIds = new Set<string>();
  const createdAt = Date.now();

  // The broker tells a server's log when its requests queue or are refused; the manager is declared below.
  const broker = createElicitationBroker(events, { note: (serverId, text) => manager.note(serverId, text) });
  // The registry and the manager refer to each other; the registry reaches the manager (declared below) lazily.
  const registry = createToolRegistry({
    manager: {
      status: (id) => manager.status(id),
      // Kept by onStatus below on every transition, so the same answer as status(id).state without redacting a status per call.
      isReady: (id) => readyIds.has(id),
      callTool: (id, toolName, args, options, timeoutMs) => manager.callTool(id, toolName, args, options, timeoutMs),
      readResource: (id, uri) => manager.readResource(id, uri),
    },
    settings: {
      config: (id) => config(id),
      updateTool: async (serverId, toolName, patch) => {
        const changed = await change((doc) => {
          const next = patchToolSettings(doc.entries.get(serverId), toolName, patch);
          return next.ok ? ok({ doc: withEntries(doc, replaceEntry(doc.entries, serverId, serverId, next.value)), value: null }) : next;
        });
        return changed.ok ? ok(null) : changed;
      },
    },
    // Per-server deltas without schemas, once per tick: pushing the whole list on every change grew with the square of the servers.
    onToolsDelta: (delta) => events.emit('tools.changed', delta),
  });

  const config = (id: string): ServerConfig | undefined => {
    const server = managed.get(id);
    return server && 'config' in server ? server.config : undefined;
  };

  const statusOf = (server: ManagedServer): ServerStatus => {
    if ('invalid' in server) return { state: 'invalid', ...server.invalid };
    if (server.config.enabled === false) return { state: 'disabled' };
    const status = manager.status(server.id) ?? { state: 'connecting', since: createdAt };
    // The auth service's line is read live: it changes without a reconnect (a sign-in declined in the browser).
    if (status.state !== 'auth_required' || !auth.providerFor(server.id)) return status;
    const line = auth.statusLine(server.id);
    return { state: 'auth_required', message: line.message, text: line.text, ...(line.failureText ? { failureText: line.failureText } : {}) };
  };

  const view = (id: string): ServerView | undefined => {
    const server = managed.get(id);
    if (!server) return undefined;
    const shown = 'config' in server ? server.config : lenientConfig(file.state.state === 'ok' ? file.state.doc.entries.get(id) : undefined);
    return { id, config: maskConfig(shown), status: statusOf(server), transport: 'url' in shown ? 'http' : 'stdio' };
  };
  const views = () => [...managed.keys()].flatMap((id) => view(id) ?? []);

  // Many transitions can land in one tick (setServers marks every server connecting): send one list for them.
  // While the file is unreadable the list call answers its error; an empty list pushed now would hide that error.
  const scheduleViews = () => {
    if (viewsPending || stopped || file.state.state === 'unreadable') return;
    viewsPending = true;
    queueMicrotask(() => {
      viewsPending = false;
      const delta = stopped ? undefined : serversDelta.next(views());
      if (delta) events.emit('servers.changed', delta);
    });
  };

  /** Hands the manager the configured set, but only when what it cares about changed. */
  const pushServers = () => {
    if (!started || stopped) return;
    const list = [...managed.values()].map((server) => ('config' in server ? { id: server.id, config: connectionConfig(server.config) } : server));
    const signature = JSON.stringify(list);
    if (signature === managerSignature) return;
    managerSignature = signature;
    manager.setServers(list);
  };

  const apply = (doc: ServersDocument) => {
    const next = new Map(toManagedServers(doc.entries).map((server) => [server.id, server]));
    const removed = [...managed.keys()].filter((id) => !next.has(id));
    managed = next;
    for (const id of removed) {
      // A removed server is not ready; a server added again under its name reports its own readiness.
      readyIds.delete(id);
      registry.removeServer(id);
    }
    pushServers();
    registry.refresh();
    scheduleViews();
  };

  const change: McpModuleContext['change'] = async (update) => {
    const result = await file.update(update);
    if (!result.ok) return result;
    apply(result.value.doc);
    return ok(result.value.value);
  };

  /** An unreadable file answers its error; it is re-read each time, so fixing it by hand brings the servers back. */
  const fileProblem = async (): Promise<Result<never> | undefined> => {
    if (file.state.state === 'ok') return undefined;
    const state = await file.load();
    if (state.state === 'unreadable') return { ok: false, error: state.error };
    apply(state.doc);
    return undefined;
  };

  // OAuth for remote servers: one provider per server through the manager's authProvider seam.
  const auth = createAuthService({
    secrets: env.secrets,
    logger: env.logger,
    serverConfig: (id) => config(id),
    restartServer: (id) => manager.restart(id),
    ...(deps.clientMetadataUrl ? { clientMetadataUrl: deps.clientMetadataUrl } : {}),
    onSignInFailed: () => scheduleViews(),
  });

  const managerDeps: ServerManagerDeps = {
    env,
    broker,
    ...(deps.sampling ? { sampling: deps.sampling } : {}),
    authProvider: (id) => auth.providerFor(id),
    // Only servers that sign in with OAuth get the auth service's line; one sending its own header keeps the SDK's reason.
    authStatusMessage: (id) => (auth.providerFor(id) ? auth.statusMessage(id) : undefined),
    ...(deps.maxConcurrentStarts ? { options: { maxConcurrentStarts: deps.maxConcurrentStarts } } : {}),
    listener: {
      onStatus: (serverId, status) => {
        // The model's tool list only depends on whether a server is ready; other transitions just update the views.
        const isReady = status.state === 'ready';
        if (isReady !== readyIds.has(serverId)) {
          if (isReady) readyIds.add(serverId);
          else readyIds.delete(serverId);
          registry.refresh(serverId);
        }
        scheduleViews();
      },
      onCatalog: (serverId, catalog) => {
        deps.catalogChanged?.(serverId);
        if (managed.has(serverId) || catalog.tools.length === 0) registry.setCatalog(serverId, catalog.tools);
      },
      onLog: (line) => events.emit('server.log', line),
    },
  };
  const manager = (deps.createManager ?? createServerManager)(managerDeps);
  if (loaded.state === 'ok') apply(loaded.doc);

  const ctx: McpModuleContext = {
    manager,
    registry,
    broker,
    doc: () => (file.state.state === 'ok' ? file.state.doc : emptyDocument()),
    server: (id) => managed.get(id),
    config,
    view,
    views,
    change,
  };
  const serverCalls = createServerCalls(ctx, deps.env.secrets);

  return {
    api: {
      ...serverCalls,
      'servers.list': async (params) => (await fileProblem()) ?? serverCalls['servers.list'](params),
      'servers.importApply': async (params) => (await fileProblem()) ?? serverCalls['servers.importApply'](params),
      'servers.remove': async (params) => {
        const removed = await serverCalls['servers.remove'](params);
        // The server is gone from the file either way; a secret store that cannot forget its sign-in is only logged.
        if (removed.ok) {
          await auth.forget(params.id).catch((cause: unknown) =>
            env.logger.warn('Forgetting a removed server\'s sign-in failed', { serverId: params.id, error: cause instanceof Error ? cause.message : String(cause) }),
          );
        }
        return removed;
      },
      ...createCatalogCalls(ctx),
      ...createCompletionCalls(ctx),
      ...createAuthApi({ auth }),
    },
    tools: registry,
    elicitations: broker,
    appResources: {
      read: async (serverId, uri) => {
        if (!config(serverId)) return noValidServer(serverId);
        if (manager.readResourceWithTtl) return manager.readResourceWithTtl(serverId, uri);
        const read = await manager.readResource(serverId, uri);
        return read.ok ? ok({ contents: read.value }) : read;
      },
      watch: (serverId, uri, onUpdated) => manager.watchResource?.(serverId, uri, onUpdated) ?? Promise.resolve(undefined),
    },
    async start() {
      if (stopped) return;
      started = true;
      pushServers();
      scheduleViews();
      await manager.whenSettled();
    },
    async shutdown() {
      if (stopped) return;
      stopped = true;
      broker.cancelAll();
      auth.shutdown();
      await manager.shutdown();
    },
  };
}
