/**
 * The merged tool registry: every tool of every server with a catalog, under one valid unique name, with its
 * per-tool settings from the servers file; routes calls to the manager and answers the approval policy.
 */
import { err, ok, type Result } from '../../../shared/errors.ts';
import { serverDefaults, type ApprovalPolicy, type ServerConfig, type ToolSettings } from '../../../shared/serverConfig.ts';
import { ownValue } from '../../../shared/ownRecord.ts';
import type { ExposedTool, ResourceContents, ToolResult } from '../../../shared/servers.ts';
import { assignToolNames, type ToolIdentity, type ToolNameMap } from '../../../shared/toolNames.ts';
import type { ApprovalVerdict, ToolCallOptions, ToolCaller } from '../ports.ts';
import { changedSinceApproval, toolFingerprint } from './toolFingerprint.ts';
import type { McpServerManager, ServerTool } from './types.ts';

/** Where the registry reads and persists per-server and per-tool settings (the servers file, through the module). */
export interface RegistrySettings {
  /** Valid config of a configured server; undefined when unknown or invalid. */
  config(serverId: string): ServerConfig | undefined;
  /** Persists a change to one tool's settings (`undefined` removes a field). */
  updateTool(serverId: string, toolName: string, patch: Partial<ToolSettings>): Promise<Result<null>>;
}

/** What the registry needs. */
export interface RegistryDeps {
  manager: Pick<McpServerManager, 'callTool' | 'readResource' | 'status'>;
  settings: RegistrySettings;
  /** Called with the full list (disabled tools included) whenever it changes; the UI mirror. */
  onToolsChanged?: (tools: ExposedTool[]) => void;
}

/** The registry as the MCP module drives it; the chat engine only sees the ToolCaller part. */
export interface ToolRegistry extends ToolCaller {
  /** Replaces one server's tools (an empty list when it stopped; its names stay reserved until removeServer). */
  setCatalog(serverId: string, tools: ServerTool[]): void;
  /** Forgets a server removed from the configuration, names included. */
  removeServer(serverId: string): void;
  /** Re-reads settings and statuses after a config or status change; notifies listeners if anything changed. */
  refresh(): void;
  /** Every tool of servers with a catalog, enabled or not, for the UI. */
  listAll(): ExposedTool[];
  /** Enables or disables one tool, persisted. */
  setToolEnabled(serverId: string, toolName: string, enabled: boolean): Promise<Result<ExposedTool[]>>;
}

/** How many names that disappeared are remembered, to explain a call to a tool the model saw earlier. */
const RETIRED_LIMIT = 2000;

/** Builds the registry. */
export function createToolRegistry(deps: RegistryDeps): ToolRegistry {
  const { manager, settings } = deps;
  const catalogs = new Map<string, Map<string, ServerTool>>();
  const retired = new Map<string, ToolIdentity>();
  // Tool names of every server seen this session, kept while it is stopped or disabled: its names stay reserved,
  // so a collision partner is not renamed back and forth while it restarts.
  const knownNames = new Map<string, Set<string>>();
  const listeners = new Set<(tools: ExposedTool[]) => void>();
  let names: ToolNameMap = assignToolNames([]);
  let all: ExposedTool[] = [];
  let byName = new Map<string, ExposedTool>();
  // Signatures decide whether listeners hear about a rebuild; serializing whole schemas on every status change
  // would cost more than the rest of the registry, so a catalog version stands in for the tool definitions.
  let catalogVersion = 0;
  const signature = (tools: ExposedTool[]) =>
    `${catalogVersion}|${tools.map((t) => `${t.exposedName}:${t.enabled ? 1 : 0}:${t.approval}:${t.changedSinceApproval ? 1 : 0}`).join(',')}`;
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
  let allSignature = signature([]);
  let enabledSignature = allSignature;

  // Own properties only: a tool named `constructor` or `toString` must not read Object.prototype's member.
  const toolSettings = (serverId: string, toolName: string): ToolSettings => ownValue(settings.config(serverId)?.tools, toolName) ?? {};
  const serverEnabled = (serverId: string) => {
    const config = settings.config(serverId);
    return config !== undefined && config.enabled !== false;
  };
  const isReady = (serverId: string) => manager.status(serverId)?.state === 'ready';

  const build = (identity: ToolIdentity, exposedName: string): ExposedTool | undefined => {
    const tool = catalogs.get(identity.serverId)?.get(identity.toolName);
    if (!tool) return undefined;
    const own = toolSettings(identity.serverId, identity.toolName);
    const fingerprint = fingerprintOf(tool);
    const changed = own.approval === 'always_allow' && changedSinceApproval(own.approvedHash, fingerprint);
    return {
      exposedName,
      serverId: identity.serverId,
      toolName: tool.name,
      ...(tool.title !== undefined ? { title: tool.title } : {}),
      ...(tool.description !== undefined ? { description: tool.description } : {}),
      inputSchema: tool.inputSchema,
      ...(tool.outputSchema !== undefined ? { outputSchema: tool.outputSchema } : {}),
      ...(tool.annotations !== undefined ? { annotations: tool.annotations } : {}),
      enabled: own.enabled !== false,
      approval: own.approval ?? 'ask',
      fingerprint,
      ...(changed ? { changedSinceApproval: true } : {}),
    };
  };

  const enabledTools = () => all.filter((tool) => tool.enabled && serverEnabled(tool.serverId) && isReady(tool.serverId));

  const notify = () => {
    const nextAll = signature(all);
    if (nextAll !== allSignature) {
      allSignature = nextAll;
      deps.onToolsChanged?.(all);
    }
    const enabled = enabledTools();
    const nextEnabled = signature(enabled);
    if (nextEnabled !== enabledSignature) {
      enabledSignature = nextEnabled;
      for (const listener of listeners) {
        try {
          listener(enabled);
        } catch {
          // One broken subscriber must not keep the others from hearing about the change.
        }
      }
    }
  };

  const rebuild = (renamed: boolean) => {
    if (renamed) {
      const identities: ToolIdentity[] = [];
      for (const [serverId, tools] of knownNames) for (const toolName of tools) identities.push({ serverId, toolName });
      const previous = names;
      names = assignToolNames(identities);
      for (const entry of previous.entries()) {
        if (names.exposedName(entry.serverId, entry.toolName) !== entry.exposedName) retired.set(entry.exposedName, entry);
      }
      for (const entry of names.entries()) retired.delete(entry.exposedName);
      while (retired.size > RETIRED_LIMIT) retired.delete(retired.keys().next().value as string);
    }
    all = names.entries().flatMap((entry) => build(entry, entry.exposedName) ?? []);
    byName = new Map(all.map((tool) => [tool.exposedName, tool]));
    notify();
  };

  /** Why a name the registry does not (or no longer) offers cannot be called. */
  const unknownTool = (exposedName: string): Result<never> => {
    const former = names.resolve(exposedName) ?? retired.get(exposedName);
    if (former) {
      const config = settings.config(former.serverId);
      if (config?.enabled === false) return err('server_disabled', `Server "${former.serverId}" is disabled, so ${exposedName} is not available`);
      if (config && !isReady(former.serverId)) return notReady(former.serverId);
    }
    return err('tool_not_found', `No tool named ${exposedName} is available`);
  };

  const notReady = (serverId: string): Result<never> => {
    const status = manager.status(serverId);
    const detail = status && 'message' in status ? `: ${status.message}` : status && 'lastError' in status ? `: ${status.lastError}` : '';
    return err('server_not_ready', `Server "${serverId}" is not ready (${status?.state ?? 'not started'})${detail}`);
  };

  // An "always allow" saved before fingerprints existed approves the definition seen first after the upgrade, so a
  // later change is caught like any other (otherwise such a tool could change forever without asking).
  const adoptLegacyApprovals = (serverId: string, tools: ServerTool[]) => {
    for (const tool of tools) {
      const own = toolSettings(serverId, tool.name);
      if (own.approval !== 'always_allow' || own.approvedHash !== undefined) continue;
      void settings.updateTool(serverId, tool.name, { approvedHash: fingerprintOf(tool) }).then((saved) => {
        if (saved.ok) rebuild(false);
      });
    }
  };

  const persistTool = async (serverId: string, toolName: string, patch: Partial<ToolSettings>): Promise<Result<ExposedTool[]>> => {
    if (!settings.config(serverId)) return err('not_found', `No valid server named "${serverId}"`);
    const saved = await settings.updateTool(serverId, toolName, patch);
    if (!saved.ok) return saved;
    rebuild(false);
    return ok(all);
  };

  return {
    listTools: enabledTools,
    listAll: () => all,
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

    async callTool(exposedName, args, options: ToolCallOptions = {}): Promise<Result<ToolResult>> {
      const identity = names.resolve(exposedName);
      const tool = identity ? byName.get(exposedName) : undefined;
      if (!identity || !tool) return unknownTool(exposedName);
      const config = settings.config(identity.serverId);
      if (!config) return err('tool_not_found', `Server "${identity.serverId}" is no longer configured`);
      if (config.enabled === false) return err('server_disabled', `Server "${identity.serverId}" is disabled`);
      if (!tool.enabled) return err('tool_disabled', `Tool ${tool.toolName} of "${identity.serverId}" is disabled`);
      if (ownValue(config.tools, identity.toolName)?.approval === 'deny') return err('tool_denied', `Tool ${tool.toolName} of "${identity.serverId}" is set to never run`);
      if (!isReady(identity.serverId)) return notReady(identity.serverId);
      const timeoutMs = options.timeoutMs ?? config.toolTimeoutMs ?? serverDefaults.toolTimeoutMs;
      return manager.callTool(identity.serverId, identity.toolName, args, { ...options, timeoutMs });
    },

    readResource(serverId, uri): Promise<Result<ResourceContents[]>> {
      if (!settings.config(serverId)) return Promise.resolve(err('not_found', `No valid server named "${serverId}"`));
      return manager.readResource(serverId, uri);
    },

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    setCatalog(serverId, tools) {
      if (!catalogs.has(serverId) && tools.length === 0) return;
      catalogVersion++;
      if (tools.length === 0) {
        catalogs.delete(serverId);
        rebuild(false);
        return;
      }
      catalogs.set(serverId, new Map(tools.map((tool) => [tool.name, tool])));
      adoptLegacyApprovals(serverId, tools);
      const known = knownNames.get(serverId);
      const renamed = known === undefined || known.size !== tools.length || tools.some((tool) => !known.has(tool.name));
      if (renamed) knownNames.set(serverId, new Set(tools.map((tool) => tool.name)));
      rebuild(renamed);
    },

    removeServer(serverId) {
      const hadCatalog = catalogs.delete(serverId);
      if (!knownNames.delete(serverId) && !hadCatalog) return;
      catalogVersion++;
      rebuild(true);
    },

    refresh: () => rebuild(false),
  };
}
