/** Servers slice: mirrors of the host's servers, tools and server logs, and the server actions sent to the host. */
import type { StateCreator } from 'zustand';
import type { Bridge, CallName, CallParams, CallResult } from '../../../shared/contract.ts';
import { err, type Result } from '../../../shared/errors.ts';
import type { ApprovalPolicy, ServerConfig } from '../../../shared/serverConfig.ts';
import { ownValue } from '../../../shared/ownRecord.ts';
import { type ImportDecision, type LogLine, type ServerView, type ToolSchemas, type ToolSummary } from '../../../shared/servers.ts';
import { applyToolsDelta, groupTools, type ToolsByServer } from './toolsDelta.ts';
import { applyServersEvents, type ServersEvent } from './serversEvents.ts';
import { maxLogLines, mergeLogs } from './logLines.ts';
import { createFrameBatcher, type Schedule } from '../features/chat/model/frameBatcher.ts';
import type { StoreState } from './index.ts';
import type { ErrorLike } from '../features/common/errorText.ts';


/** The servers slice of the store. */
export interface ServersSlice {
  servers: ServerView[];
  /** True once the first list arrived (distinguishes "no servers" from "not loaded"). */
  serversLoaded: boolean;
  /** Why the server list could not be loaded, if it could not. */
  /** Why the server list could not be loaded, as data (the view translates it). */
  serversError: ErrorLike | undefined;
  /** Tool summaries per server (no schemas: `loadToolSchema` asks for one), updated by per-server deltas. */
  toolsByServer: ToolsByServer;
  /** Log lines per server id, oldest first, capped. */
  logs: Record<string, LogLine[]>;
  /** Attaches the host events this slice mirrors (applied once per frame, or per `schedule`); returns the detach function. */
  bindServers: (bridge: Bridge, options?: { schedule?: Schedule }) => () => void;
  addServer: (name: string, config: ServerConfig) => Promise<Result<ServerView>>;
  updateServer: (id: string, config: ServerConfig, name?: string) => Promise<Result<ServerView>>;
  removeServer: (id: string) => Promise<Result<null>>;
  setServerEnabled: (id: string, enabled: boolean) => Promise<Result<ServerView>>;
  setTrustReadOnly: (id: string, trust: boolean) => Promise<Result<ServerView>>;
  restartServer: (id: string) => Promise<Result<null>>;
  testServer: (name: string, config: ServerConfig) => Promise<Result<CallResult<'servers.test'>>>;
  /** Loads the recent log of one server and merges it with the lines already streamed. */
  loadLogs: (id: string) => Promise<Result<LogLine[]>>;
  importPreview: (text: string) => Promise<Result<CallResult<'servers.importPreview'>>>;
  importApply: (text: string, decisions: ImportDecision[]) => Promise<Result<CallResult<'servers.importApply'>>>;
  setToolEnabled: (serverId: string, toolName: string, enabled: boolean) => Promise<Result<ToolSummary[]>>;
  setToolApproval: (serverId: string, toolName: string, policy: ApprovalPolicy) => Promise<Result<ToolSummary[]>>;
  /** One tool's schemas, fetched from the host when a view needs them. */
  loadToolSchema: (serverId: string, toolName: string) => Promise<Result<ToolSchemas>>;
}

/** Puts one server view into the list (replacing the one with its id, else appending). */
function upsert(list: ServerView[], view: ServerView, previousId?: string): ServerView[] {
  const index = list.findIndex((s) => s.id === (previousId ?? view.id));
  if (index < 0) return [...list, view];
  const next = [...list];
  next[index] = view;
  return next;
}

/** Creates the servers slice; the bridge lives in this closure. */
export const createServersSlice: StateCreator<StoreState, [], [], ServersSlice> = (set) => {
  let bridge: Bridge | undefined;
  const invoke = <K extends CallName>(name: K, params: CallParams<K>): Promise<Result<CallResult<K>>> =>
    bridge ? bridge.invoke(name, params) : Promise.resolve(err('internal', 'The store is not connected to the host yet'));
  const withView = async (pending: Promise<Result<ServerView>>, previousId?: string): Promise<Result<ServerView>> => {
    const result = await pending;
    if (result.ok) set((s) => ({ servers: upsert(s.servers, result.value, previousId) }));
    return result;
  };
  const withTools = async (pending: Promise<Result<ToolSummary[]>>): Promise<Result<ToolSummary[]>> => {
    const result = await pending;
    if (result.ok) set({ toolsByServer: groupTools(result.value) });
    return result;
  };

  return {
    servers: [],
    serversLoaded: false,
    serversError: undefined,
    toolsByServer: groupTools([]),
    logs: {},

    bindServers(next, options) {
      bridge = next;
      // Events are applied once per animation frame: 100 servers starting send hundreds of status, tool and log events,
      // and one store update (one render of the Servers view) each kept the page busy until they stopped.
      const batcher = createFrameBatcher<ServersEvent>((events) => set((s) => applyServersEvents(s, events)), options?.schedule);
      const offServers = next.on('servers.changed', (delta) => batcher.push({ kind: 'servers', delta }));
      const offTools = next.on('tools.changed', (delta) => batcher.push({ kind: 'tools', delta }));
      const offLog = next.on('server.log', (line) => batcher.push({ kind: 'log', line }));
      // Events queued before a whole list arrived are older than it: apply them first, then the list replaces them.
      void next.invoke('servers.list', {}).then((r) => {
        batcher.flush();
        set(r.ok ? { servers: r.value, serversLoaded: true, serversError: undefined } : { serversLoaded: true, serversError: r.error });
      });
      void next.invoke('tools.list', {}).then((r) => {
        batcher.flush();
        if (r.ok) set({ toolsByServer: groupTools(r.value) });
      });
      return () => {
        offServers();
        offTools();
        offLog();
        batcher.flush();
        batcher.dispose();
      };
    },

    addServer: (name, config) => withView(invoke('servers.add', { name, config })),
    updateServer: (id, config, name) => withView(invoke('servers.update', { id, config, ...(name && name !== id ? { name } : {}) }), id),
    async removeServer(id) {
      const result = await invoke('servers.remove', { id });
      if (result.ok) set((s) => ({ servers: s.servers.filter((v) => v.id !== id), toolsByServer: applyToolsDelta(s.toolsByServer, { servers: [{ serverId: id, upsert: [], remove: (ownValue(s.toolsByServer, id) ?? []).map((t) => t.toolName) }] }) }));
      return result;
    },
    setServerEnabled: (id, enabled) => withView(invoke('servers.setEnabled', { id, enabled })),
    setTrustReadOnly: (id, trust) => withView(invoke('servers.setTrustReadOnly', { id, trust })),
    restartServer: (id) => invoke('servers.restart', { id }),
    testServer: (name, config) => invoke('servers.test', { name, config }),
    async loadLogs(id) {
      const result = await invoke('servers.logs', { id, limit: maxLogLines });
      if (result.ok) set((s) => ({ logs: { ...s.logs, [id]: mergeLogs(ownValue(s.logs, id) ?? [], result.value) } }));
      return result;
    },
    importPreview: (text) => invoke('servers.importPreview', { text }),
    importApply: (text, decisions) => invoke('servers.importApply', { text, decisions }),
    setToolEnabled: (serverId, toolName, enabled) => withTools(invoke('tools.setEnabled', { serverId, toolName, enabled })),
    setToolApproval: (serverId, toolName, policy) => withTools(invoke('tools.setApproval', { serverId, toolName, policy })),
    loadToolSchema: (serverId, toolName) => invoke('tools.schema', { serverId, toolName }),
  };
};

/** Selects one server by id. */
export const selectServer = (id: string) => (state: StoreState): ServerView | undefined => state.servers.find((s) => s.id === id);

/** Selects one server's tool summaries (a stable empty list when it has none). */
const noTools: ToolSummary[] = [];
export const selectServerTools = (id: string) => (state: StoreState): ToolSummary[] => ownValue(state.toolsByServer, id) ?? noTools;

/** Selects the log of one server. */
const noLines: LogLine[] = [];
// Own entries only: a server named `constructor` must not read Object.prototype's member as its log.
export const selectLogs = (id: string) => (state: StoreState): LogLine[] => ownValue(state.logs, id) ?? noLines;
