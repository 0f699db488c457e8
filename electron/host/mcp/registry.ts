/**
 * The merged tool registry: every tool of every server with a catalog, under one valid unique name, with its
 * per-tool settings from the servers file; routes calls to the manager and answers the approval policy.
 */
import { hostErr, ok, type Result } from '../../../shared/errors.ts';
import { hostMessage } from '../../../shared/hostMessages.ts';
import { serverDefaults, type ApprovalPolicy, type ServerConfig, type ToolSettings } from '../../../shared/serverConfig.ts';
import { ownValue } from '../../../shared/ownRecord.ts';
import { toolSummary, type ExposedTool, type ResourceContents, type ToolResult, type ToolSchemas, type ToolsDelta } from '../../../shared/servers.ts';
import type { ToolIdentity } from '../../../shared/toolNames.ts';
import type { ApprovalVerdict, ToolCallOptions, ToolCaller } from '../ports.ts';
import { exposedTool } from './exposedTool.ts';
import { toolFingerprint } from './toolFingerprint.ts';
import { ToolNameIndex } from './toolNameIndex.ts';
import { createToolsDeltaBatcher } from './toolsDeltaBatcher.ts';
import type { McpServerManager, ServerTool } from './types.ts';
import { noValidServer } from './serverRefusals.ts';
import { noCallOptions } from './toolCall.ts';
import { isAppOnly } from '../../../shared/apps.ts';
import { withoutApp } from '../apps/appsCapability.ts';


/** Where the registry reads and persists per-server and per-tool settings (the servers file, through the module). */
export interface RegistrySettings {
  /** Valid config of a configured server; undefined when unknown or invalid. */
  config(serverId: string): ServerConfig | undefined;
  /** Persists a change to one tool's settings (`undefined` removes a field). */
  updateTool(serverId: string, toolName: string, patch: Partial<ToolSettings>): Promise<Result<null>>;
}

/** What the registry needs. */
export interface RegistryDeps {
  manager: Pick<McpServerManager, 'callTool' | 'readResource' | 'status'> & {
    /** Whether a server is ready, without building its (redacted) status: asked on every call. Default: from `status`. */
    isReady?(serverId: string): boolean;
  };
  settings: RegistrySettings;
  /** Called at most once per tick with the tools that changed, per server, without schemas: the UI mirror. */
  onToolsDelta?: (delta: ToolsDelta) => void;
}

/** The registry as the MCP module drives it; the chat engine only sees the ToolCaller part. */
export interface ToolRegistry extends ToolCaller {
  /** Replaces one server's tools (an empty list when it stopped; its names stay reserved until removeServer). */
  setCatalog(serverId: string, tools: ServerTool[]): void;
  /** Forgets a server removed from the configuration, names included. */
  removeServer(serverId: string): void;
  /** Re-reads settings and statuses (of one server, or all after a config change); notifies listeners if anything changed. */
  refresh(serverId?: string): void;
  /** Every tool of servers with a catalog, enabled or not, for the UI. */
  listAll(): ExposedTool[];
  /** One tool's schemas, which the UI mirror leaves out. */
  schemaOf(serverId: string, toolName: string): ToolSchemas | undefined;
  /** Enables or disables one tool, persisted. */
  setToolEnabled(serverId: string, toolName: string, enabled: boolean): Promise<Result<ExposedTool[]>>;
}

/** How many names that disappeared are remembered, to explain a call to a tool the model saw earlier. */
const RETIRED_LIMIT = 2000;

/** One server's built tools, in tool-name order, each with the signature of what the UI shows of it. */
interface ServerEntry {
  tools: Map<string, { tool: ExposedTool; signature: string }>;
  /** Enabled and ready when last built: whether its enabled tools are in the model's list. */
  active: boolean;
}

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Builds the registry. Work is per server: a catalog or status change rebuilds that server's tools (and those of
 * a collision partner whose name it changes), never the whole set; the UI hears only the tools that changed.
 */
export function createToolRegistry(deps: RegistryDeps): ToolRegistry {
  const { manager, settings } = deps;
  const catalogs = new Map<string, Map<string, ServerTool>>();
  const retired = new Map<string, ToolIdentity>();
  // Tool names of every server seen this session, kept while it is stopped or disabled: its names stay reserved,
  // so a collision partner is not renamed back and forth while it restarts.
  const knownNames = new Map<string, Set<string>>();
  const listeners = new Set<(tools: ExposedTool[]) => void>();
  const names = new ToolNameIndex();
  const entries = new Map<string, ServerEntry>();
  const byName = new Map<string, ExposedTool>();
  const batcher = deps.onToolsDelta ? createToolsDeltaBatcher(deps.onToolsDelta) : undefined;
  let allCache: ExposedTool[] | undefined;
  let enabledChanged = false;
  // Fingerprints are computed once per catalog tool object (a catalog is replaced whole on each refresh).
  const fingerprints = new WeakMap<ServerTool, string>();
  const fingerprintOf = (tool: ServerTool): string => {
    let known = fingerprints.get(tool);
    if (known === undefined) {
      known = toolFingerprint(tool);
      fingerprints.set(tool, known);
    }
    return known;
  };

  // Own properties only: a tool named `constructor` or `toString` must not read Object.prototype's member.
  const toolSettings = (serverId: string, toolName: string): ToolSettings => ownValue(settings.config(serverId)?.tools, toolName) ?? {};
  const serverEnabled = (serverId: string) => {
    const config = settings.config(serverId);
    return config !== undefined && config.enabled !== false;
  };
  const isReady = (serverId: string) => (manager.isReady ? manager.isReady(serverId) : manager.status(serverId)?.state === 'ready');

  const build = (serverId: string, tool: ServerTool, exposedName: string): ExposedTool =>
    exposedTool(serverId, withoutApp(tool, settings.config(serverId)), exposedName, toolSettings(serverId, tool.name), fingerprintOf(tool));

  /** Builds one server's tools again and records what changed for the UI and the model's list. */
  const rebuildServer = (serverId: string, catalogChanged: boolean) => {
    const catalog = catalogs.get(serverId);
    const old = entries.get(serverId);
    const next: ServerEntry = { tools: new Map(), active: serverEnabled(serverId) && isReady(serverId) };
    for (const toolName of catalog ? [...catalog.keys()].sort(byCodeUnits) : []) {
      const source = catalog?.get(toolName);
      const exposedName = names.exposedName(serverId, toolName);
      if (!source || exposedName === undefined) continue;
      const tool = build(serverId, source, exposedName);
      next.tools.set(toolName, { tool, signature: JSON.stringify(toolSummary(tool)) });
    }
    let changed = catalogChanged;
    for (const [toolName, { tool }] of old?.tools ?? []) {
      if (byName.get(tool.exposedName) === tool) byName.delete(tool.exposedName);
      if (!next.tools.has(toolName)) {
        changed = true;
        batcher?.remove(serverId, toolName);
      }
    }
    for (const [toolName, { tool, signature }] of next.tools) {
      byName.set(tool.exposedName, tool);
      if (old?.tools.get(toolName)?.signature === signature) continue;
      changed = true;
      batcher?.upsert(serverId, toolSummary(tool));
    }
    if (catalog || knownNames.has(serverId)) entries.set(serverId, next);
    else entries.delete(serverId);
    if (changed) allCache = undefined;
    const hasTools = next.tools.size > 0 || (old?.tools.size ?? 0) > 0;
    if (hasTools && (changed ? next.active || old?.active === true : next.active !== (old?.active ?? false))) enabledChanged = true;
  };

  const enabledTools = (): ExposedTool[] => {
    const out: ExposedTool[] = [];
    for (const serverId of [...entries.keys()].sort(byCodeUnits)) {
      if (!serverEnabled(serverId) || !isReady(serverId)) continue;
      // A tool only an MCP App may call is never offered to the model (it stays callable through 'apps.callTool').
      for (const { tool } of entries.get(serverId)?.tools.values() ?? []) if (tool.enabled && !isAppOnly(tool.ui)) out.push(tool);
    }
    return out;
  };

  const listAll = (): ExposedTool[] => {
    allCache ??= [...entries.keys()].sort(byCodeUnits).flatMap((serverId) => [...(entries.get(serverId)?.tools.values() ?? [])].map((e) => e.tool));
    return allCache;
  };

  const notify = () => {
    if (!enabledChanged) return;
    enabledChanged = false;
    if (listeners.size === 0) return;
    const enabled = enabledTools();
    for (const listener of listeners) {
      try {
        listener(enabled);
      } catch {
        // One broken subscriber must not keep the others from hearing about the change.
      }
    }
  };

  /** Applies a change of one server's names (and any collision partner's), then rebuilds the servers it touched. */
  const rename = (serverId: string, toolNames: Iterable<string>): Set<string> => {
    const touched = new Set<string>([serverId]);
    for (const change of names.setServer(serverId, toolNames)) {
      touched.add(change.serverId);
      if (change.before !== undefined) retired.set(change.before, { serverId: change.serverId, toolName: change.toolName });
      if (change.after !== undefined) retired.delete(change.after);
    }
    while (retired.size > RETIRED_LIMIT) retired.delete(retired.keys().next().value as string);
    return touched;
  };

  /** Why a name the registry does not (or no longer) offers cannot be called. */
  const unknownTool = (exposedName: string): Result<never> => {
    const former = names.resolve(exposedName) ?? retired.get(exposedName);
    if (former) {
      const config = settings.config(former.serverId);
      if (config?.enabled === false) return hostErr('server_disabled', hostMessage('call.serverDisabledTool', { server: former.serverId, tool: exposedName }));
      if (config && !isReady(former.serverId)) return notReady(former.serverId);
    }
    return hostErr('tool_not_found', hostMessage('call.noTool', { tool: exposedName }));
  };

  const notReady = (serverId: string): Result<never> => {
    const status = manager.status(serverId);
    const detail = status && 'message' in status ? `: ${status.message}` : status && 'lastError' in status ? `: ${status.lastError}` : '';
    // The model and the logs get the state and its reason; the tool card says it in the user's language.
    return { ok: false, error: { code: 'server_not_ready', message: `Server "${serverId}" is not ready (${status?.state ?? 'not started'})${detail}`, text: hostMessage('call.notReady', { server: serverId }) } };
  };

  /** Where a call goes (server, tool, timeout), or why it is refused. */
  const routeCall = (exposedName: string, options: ToolCallOptions): { serverId: string; toolName: string; timeoutMs: number } | Result<never> => {
    const identity = names.resolve(exposedName);
    const tool = identity ? byName.get(exposedName) : undefined;
    if (!identity || !tool) return unknownTool(exposedName);
    // The model never saw an app-only tool; a call naming it anyway is refused as if it did not exist.
    if (options.caller !== 'app' && isAppOnly(tool.ui)) return hostErr('tool_not_found', hostMessage('call.noTool', { tool: exposedName }));
    const config = settings.config(identity.serverId);
    if (!config) return hostErr('tool_not_found', hostMessage('call.serverGone', { server: identity.serverId }));
    if (config.enabled === false) return hostErr('server_disabled', hostMessage('state.disabled', { server: identity.serverId }));
    if (!tool.enabled) return hostErr('tool_disabled', hostMessage('call.toolDisabled', { tool: tool.toolName, server: identity.serverId }));
    if (ownValue(config.tools, identity.toolName)?.approval === 'deny') return hostErr('tool_denied', hostMessage('call.toolDenied', { tool: tool.toolName, server: identity.serverId }));
    if (!isReady(identity.serverId)) return notReady(identity.serverId);
    return { serverId: identity.serverId, toolName: identity.toolName, timeoutMs: options.timeoutMs ?? config.toolTimeoutMs ?? serverDefaults.toolTimeoutMs };
  };

  // An "always allow" saved before fingerprints existed approves the definition seen first after the upgrade, so a
  // later change is caught like any other (otherwise such a tool could change forever without asking).
  const adoptLegacyApprovals = (serverId: string, tools: ServerTool[]) => {
    for (const tool of tools) {
      const own = toolSettings(serverId, tool.name);
      if (own.approval !== 'always_allow' || own.approvedHash !== undefined) continue;
      void settings.updateTool(serverId, tool.name, { approvedHash: fingerprintOf(tool) }).then((saved) => {
        if (saved.ok) refreshServer(serverId);
      });
    }
  };

  const refreshServer = (serverId: string) => {
    rebuildServer(serverId, false);
    notify();
  };

  const persistTool = async (serverId: string, toolName: string, patch: Partial<ToolSettings>): Promise<Result<ExposedTool[]>> => {
    if (!settings.config(serverId)) return noValidServer(serverId);
    const saved = await settings.updateTool(serverId, toolName, patch);
    if (!saved.ok) return saved;
    refreshServer(serverId);
    return ok(listAll());
  };

  return {
    listTools: enabledTools,
    listAll,
    toolOf: (serverId, toolName) => entries.get(serverId)?.tools.get(toolName)?.tool,
    getTool: (exposedName) => byName.get(exposedName),

    approvalVerdict(exposedName): ApprovalVerdict {
      const tool = byName.get(exposedName);
      if (!tool) return 'deny';
      const explicit = toolSettings(tool.serverId, tool.toolName).approval;
      if (explicit === 'deny') return 'deny';
      // A definition changed since the user approved it asks again: the user has not seen what the model now reads.
      if (explicit === 'always_allow') return tool.changedSinceApproval ? 'ask' : 'allow';
      if (explicit === undefined && settings.config(tool.serverId)?.trustReadOnlyHints === true && tool.annotations?.readOnlyHint === true) {
        return 'allow';
      }
      return 'ask';
    },

    setApproval(serverId, toolName, policy: ApprovalPolicy, approvedFingerprint?: string) {
      const current = catalogs.get(serverId)?.get(toolName);
      const approvedHash = policy === 'always_allow' ? (approvedFingerprint ?? (current ? fingerprintOf(current) : undefined)) : undefined;
      return persistTool(serverId, toolName, { approval: policy, approvedHash });
    },
    setToolEnabled: (serverId, toolName, enabled) => persistTool(serverId, toolName, { enabled: enabled ? undefined : false }),

    callTool(exposedName, args, options: ToolCallOptions = noCallOptions): Promise<Result<ToolResult>> {
      const route = routeCall(exposedName, options);
      // Not an async function: the manager's promise goes back as it is, without a wrapper promise on every call; the
      // routed timeout goes as its own argument, without a copy of the caller's options.
      return 'ok' in route ? Promise.resolve(route) : manager.callTool(route.serverId, route.toolName, args, options, route.timeoutMs);
    },

    readResource(serverId, uri): Promise<Result<ResourceContents[]>> {
      if (!settings.config(serverId)) return Promise.resolve(noValidServer(serverId));
      return manager.readResource(serverId, uri);
    },

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    setCatalog(serverId, tools) {
      if (!catalogs.has(serverId) && tools.length === 0) return;
      let touched = new Set([serverId]);
      if (tools.length === 0) catalogs.delete(serverId);
      else {
        catalogs.set(serverId, new Map(tools.map((tool) => [tool.name, tool])));
        adoptLegacyApprovals(serverId, tools);
        const known = knownNames.get(serverId);
        if (known === undefined || known.size !== tools.length || tools.some((tool) => !known.has(tool.name))) {
          const toolNames = new Set(tools.map((tool) => tool.name));
          knownNames.set(serverId, toolNames);
          touched = rename(serverId, toolNames);
        }
      }
      for (const id of touched) rebuildServer(id, id === serverId);
      notify();
    },

    removeServer(serverId) {
      const hadCatalog = catalogs.delete(serverId);
      if (!knownNames.delete(serverId) && !hadCatalog) return;
      for (const id of rename(serverId, [])) rebuildServer(id, id === serverId);
      notify();
    },

    schemaOf(serverId, toolName) {
      const tool = catalogs.get(serverId)?.get(toolName);
      return tool ? { inputSchema: tool.inputSchema, ...(tool.outputSchema !== undefined ? { outputSchema: tool.outputSchema } : {}) } : undefined;
    },

    refresh(serverId) {
      for (const id of serverId !== undefined ? [serverId] : [...entries.keys()]) rebuildServer(id, false);
      notify();
    },
  };
}
