/** The MCP connection manager: one client per configured server, started a few at a time (StartQueue), restarted on crash, reconciled on change. */
import type { OAuthClientProvider } from '@modelcontextprotocol/client';
import { hostErr, ok, type Result } from '../../../shared/errors.ts';
import { isHttpConfig, serverDefaults, type ServerConfig } from '../../../shared/serverConfig.ts';
import type { ServerStatus, TestConnectionReport, ToolResult } from '../../../shared/servers.ts';
import type { HostEnvironment } from '../environment.ts';
import type { SamplingBroker } from '../sampling/samplingBroker.ts';
import type { ElicitationBroker, ToolCallOptions } from '../ports.ts';
import { defaultBackoff, type BackoffTiming } from './backoff.ts';
import { EraCache, launchKey, type EraCacheHorizons } from './eraCache.ts';
import type { ServerConnection } from './connection.ts';
import { openServer } from './openServer.ts';
import { redactStatus, redactText, ServerLogs, type ServerLogLimits } from './serverLogs.ts';
import { requestCompletion } from './completions/complete.ts';
import { secretValues } from './serversFileMask.ts';
import { resolveLaunchSecrets } from './serversFileSecrets.ts';
import { ServerSlot, type SlotContext } from './serverSlot.ts';
import { StartQueue } from './startQueue/startQueue.ts';
import type { ManagedServer, McpServerManager, ServerManagerListener } from './types.ts';
import { authRequiredStatus, errorParts } from './statusParts.ts';
import { invalidServer, noServer } from './serverRefusals.ts';
import { noCallOptions, type CallOutcome } from './toolCall.ts';
import { englishOf, hostMessage } from '../../../shared/hostMessages.ts';

/** Tuning knobs, mainly for tests: restart timing, log limits, era horizons, the clock. */
export interface ServerManagerOptions {
  backoff?: Partial<BackoffTiming>;
  logLimits?: Partial<ServerLogLimits>;
  eraHorizons?: Partial<EraCacheHorizons>;
  now?: () => number;
  /** Servers starting at once (spawn to ready), or a reader of the setting; 0 or undefined = about two per core. */
  maxConcurrentStarts?: number | (() => number | undefined);
}

/** What the manager needs: the environment, the elicitation broker, where to report, and an optional OAuth seam. */
export interface ServerManagerDeps {
  env: HostEnvironment;
  broker: ElicitationBroker;
  /** Answers 2025-era sampling requests; without it sampling is not offered. */
  sampling?: SamplingBroker;
  listener: ServerManagerListener;
  authProvider?: (serverId: string) => OAuthClientProvider | undefined;
  /** The line to show when a ready server turns to "Sign in required" (the auth service's statusMessage). */
  authStatusMessage?: (serverId: string) => string | undefined;
  options?: ServerManagerOptions;
}

/** Lines of stderr shown with an error or a test report. */
const stderrTailLines = 20;

/**
 * What decides whether a running server must be restarted after a config change (not tool settings or timeouts). For
 * a remote server that includes its OAuth settings: a new client ID, scopes or callback port only count on reconnect.
 */
export function connectionFingerprint(config: ServerConfig): string {
  // The protocol choice and log level are set when connecting, so changing either reconnects.
  const session = `${config.protocol ?? 'auto'}:${config.logLevel ?? 'info'}`;
  if (!isHttpConfig(config)) return `stdio:${launchKey(config)}:${session}`;
  const oauth = config.oauth ? JSON.stringify(Object.entries(config.oauth).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : '';
  return `${config.type}:${launchKey(config)}:${oauth}:${session}`;
}

function initialStatus(entry: ManagedServer): ServerStatus {
  if ('invalid' in entry) return { state: 'invalid', ...entry.invalid };
  if (entry.config.enabled === false) return { state: 'disabled' };
  return { state: 'connecting', since: Date.now() };
}

/** Builds the manager. Nothing starts until `setServers`. */
export function createServerManager(deps: ServerManagerDeps): McpServerManager {
  const options = deps.options ?? {};
  const now = options.now ?? Date.now;
  const logs = new ServerLogs((line) => deps.listener.onLog(line), options.logLimits, now);
  const limit = options.maxConcurrentStarts;
  const queue = new StartQueue(typeof limit === 'function' ? () => limit() ?? 0 : (limit ?? 0));
  const eraCache = new EraCache(deps.env.dataDir, { ...(options.eraHorizons ? { horizons: options.eraHorizons } : {}), now });
  const open: SlotContext['open'] = {
    baseEnv: deps.env.baseEnv ?? process.env,
    broker: deps.broker,
    ...(deps.sampling ? { sampling: deps.sampling } : {}),
    eraCache,
    clientInfo: { name: 'switchboard', version: deps.env.version },
    // The values read from the secret store are redacted from the server's log and status like those in the file.
    resolveSecrets: async (serverId, config) => {
      const resolved = await resolveLaunchSecrets(deps.env.secrets, serverId, config);
      if (!resolved.ok) return resolved;
      const { config: launched, argValues } = resolved.value;
      // Argument values are redacted by value (their place says nothing); longest first, as secretValues orders them.
      if (launched !== config && slots.has(serverId)) logs.setSecrets(serverId, [...secretValues(launched), ...argValues.filter((value) => value.length >= 6)].sort((a, b) => b.length - a.length));
      return ok(launched);
    },
  };
  const ctx: SlotContext = {
    open,
    authProvider: (serverId) => deps.authProvider?.(serverId),
    ...(deps.authStatusMessage ? { authStatusMessage: deps.authStatusMessage } : {}),
    logs,
    // A status carries what the server wrote (stderr tail, stdout lines in messages): its secrets are redacted first.
    listener: { ...deps.listener, onStatus: (serverId, status) => deps.listener.onStatus(serverId, redactStatus(status, (text) => logs.redact(serverId, text))) },
    backoff: { ...defaultBackoff, ...options.backoff },
    now,
    queue,
  };
  const slots = new Map<string, ServerSlot>();
  const fingerprints = new Map<string, string>();
  const background = new Set<Promise<void>>();
  const tests = new Set<AbortController>();
  let shuttingDown = false;

  const track = (promise: Promise<void>) => {
    const tracked = promise.catch(() => {}).finally(() => background.delete(tracked));
    background.add(tracked);
  };

  /** Why a server cannot take a request right now, or its live connection (after any session renewal in progress). */
  const liveConnection = async (serverId: string) => {
    await slots.get(serverId)?.renewal;
    return liveNow(serverId);
  };
  /** The live connection as it is now: a tool call reads it without a wait when no session renewal is under way. */
  const liveNow = (serverId: string) => {
    const slot = slots.get(serverId);
    if (!slot) return { ok: false as const, result: noServer(serverId) };
    const status = slot.status;
    if (status.state === 'disabled') return { ok: false as const, result: hostErr('server_disabled', hostMessage('state.disabled', { server: serverId })) };
    if (status.state === 'invalid') return { ok: false as const, result: invalidServer(serverId, status, 'servers.invalidConfig') };
    if (status.state === 'auth_required') return { ok: false as const, result: hostErr('auth_required', hostMessage('state.needsSignIn', { server: serverId }), { detail: status.message }) };
    const connection = slot.live;
    if (!connection) return { ok: false as const, result: { ok: false as const, error: { code: 'server_not_ready' as const, message: `The server "${serverId}" is not ready (${describeState(status)}).`, text: hostMessage('call.notReady', { server: serverId }) } } };
    return { ok: true as const, connection, slot };
  };

  /**
   * A call on the live connection. Not async, and a failed one goes on in afterFailedCall: a suspended async frame per
   * call cost more than this one `then` (issue 12, `call` bench).
   */
  const callLive = (serverId: string, toolName: string, args: Record<string, unknown>, callOptions: ToolCallOptions, routedTimeoutMs: number | undefined): Promise<Result<ToolResult>> => {
    const live = liveNow(serverId);
    if (!live.ok) return Promise.resolve(live.result);
    const timeoutMs = routedTimeoutMs ?? callOptions.timeoutMs ?? live.slot.config?.toolTimeoutMs ?? serverDefaults.toolTimeoutMs;
    return live.connection
      .callTool(toolName, args, callOptions, timeoutMs)
      .then((outcome) => (outcome.result.ok ? outcome.result : afterFailedCall(serverId, toolName, args, callOptions, timeoutMs, live, outcome)));
  };

  /** A call that failed: sent once more after a session renewal, or its error completed from the slot and the log. */
  const afterFailedCall = async (
    serverId: string,
    toolName: string,
    args: Record<string, unknown>,
    callOptions: ToolCallOptions,
    timeoutMs: number,
    first: { connection: ServerConnection; slot: ServerSlot },
    firstOutcome: CallOutcome,
  ): Promise<Result<ToolResult>> => {
    let live = first;
    let outcome = firstOutcome;
    // A 404 to our session means the server never ran the call: once the session is renewed it is sent once more.
    if (!outcome.result.ok && live.connection.sessionExpired && callOptions.signal?.aborted !== true) {
      const renewed = await liveConnection(serverId);
      if (!renewed.ok) return renewed.result;
      live = renewed;
      outcome = await live.connection.callTool(toolName, args, callOptions, timeoutMs);
    }
    // The slot has turned to "Sign in required"; its line says what to do (e.g. the access a step-up asks for).
    if (outcome.authRequired && live.slot.status.state === 'auth_required') {
      const { message, text } = live.slot.status;
      return { ok: false, error: { code: 'auth_required', message, ...(text ? { text } : {}) } };
    }
    if (!outcome.result.ok && outcome.result.error.code === 'process_exited') {
      const tail = logs.stderrTail(serverId, 10);
      if (tail.length > 0) return { ok: false, error: { ...outcome.result.error, detail: tail.join('\n') } };
    }
    return outcome.result;
  };

  const manager: McpServerManager = {
    setServers(servers) {
      if (shuttingDown) return;
      const wanted = new Set<string>();
      for (const entry of servers) {
        wanted.add(entry.id);
        let slot = slots.get(entry.id);
        const fresh = !slot;
        if (!slot) {
          slot = new ServerSlot(entry.id, entry, initialStatus(entry), ctx);
          slots.set(entry.id, slot);
        }
        const previous = slot.entry;
        slot.entry = entry;
        if (!('invalid' in entry)) logs.setSecrets(entry.id, secretValues(entry.config));
        if ('invalid' in entry) {
          fingerprints.delete(entry.id);
          track(slot.stop(initialStatus(entry)));
          continue;
        }
        if (entry.config.enabled === false) {
          fingerprints.delete(entry.id);
          track(slot.stop({ state: 'disabled' }));
          continue;
        }
        const fingerprint = connectionFingerprint(entry.config);
        const wasActive = !fresh && 'config' in previous && previous.config.enabled !== false && fingerprints.get(entry.id) === fingerprint;
        if (wasActive) {
          // Unchanged launch: leave the running (or failed) server alone (restart() is the way to retry); edited roots are announced.
          slot.noteRootsChange(previous);
          continue;
        }
        fingerprints.set(entry.id, fingerprint);
        const target = slot;
        // While the old process stops, the server is already on its way back: never let it read as the old 'ready'.
        track(fresh ? target.start() : target.stop({ state: 'connecting', since: now() }).then(() => target.start()));
      }
      for (const [id, slot] of [...slots]) {
        if (wanted.has(id)) continue;
        slots.delete(id);
        fingerprints.delete(id);
        track(slot.dispose());
        logs.drop(id);
      }
    },

    async whenSettled() {
      // Loop: a setServers during the wait adds attempts that must settle too.
      for (;;) {
        const pending = [...background, ...[...slots.values()].map((slot) => slot.pending)].filter((p): p is Promise<void> => p !== undefined);
        if (pending.length === 0) return;
        await Promise.all(pending);
      }
    },

    status: (serverId) => {
      const status = slots.get(serverId)?.status;
      return status && redactStatus(status, (text) => logs.redact(serverId, text));
    },
    catalog: (serverId) => slots.get(serverId)?.catalog,

    async restart(serverId) {
      const slot = slots.get(serverId);
      if (!slot) return noServer(serverId);
      if (slot.status.state === 'disabled') return hostErr('server_disabled', hostMessage('state.disabledStart', { server: serverId }));
      if (slot.status.state === 'invalid') return invalidServer(serverId, slot.status, 'servers.invalidConfig');
      if (shuttingDown) return hostErr('cancelled', hostMessage('servers.shuttingDown'));
      logs.append(serverId, 'host', 'Restart requested.');
      await slot.restartNow();
      // Removed or shut down while the old process was stopping: nothing was started.
      if (slot.isDisposed) return hostErr('cancelled', shuttingDown ? hostMessage('servers.shuttingDown') : hostMessage('servers.removed', { server: serverId }));
      return ok(null);
    },

    logs: (serverId, limit) => logs.tail(serverId, limit),
    note: (serverId, text) => logs.append(serverId, 'host', text),

    callTool(serverId, toolName, args, callOptions = noCallOptions, routedTimeoutMs) {
      // Waits only while a session renewal is under way: every call goes through here.
      const renewal = slots.get(serverId)?.renewal;
      return renewal ? renewal.then(() => callLive(serverId, toolName, args, callOptions, routedTimeoutMs)) : callLive(serverId, toolName, args, callOptions, routedTimeoutMs);
    },

    listResources: (serverId, cursor) => withSession(serverId, (connection) => connection.listResources(cursor)),
    listResourceTemplates: (serverId) => withSession(serverId, (connection) => connection.listResourceTemplates()),
    readResource: (serverId, uri) => withSession(serverId, (connection) => connection.readResource(uri)),
    readResourceWithTtl: (serverId, uri) => withSession(serverId, (connection) => connection.readResourceWithTtl(uri)),
    async watchResource(serverId, uri, onUpdated) {
      const live = await liveConnection(serverId);
      // Bound to this connection: a reconnect starts without subscriptions (and its catalog drops the cached apps).
      return live.ok ? live.connection.watchResource(uri, onUpdated) : undefined;
    },
    getPrompt: (serverId, name, args) => withSession(serverId, (connection) => connection.getPrompt(name, args)),
    complete: (serverId, params) => withSession(serverId, (connection) => requestCompletion(connection.client, params, connection.capabilities)),

    testConnection: (name, config) => testConnection(name, config),

    async shutdown() {
      shuttingDown = true;
      // Starts still waiting for their turn end here without spawning anything.
      queue.close();
      for (const controller of tests) controller.abort();
      const stops = [...slots.values()].map((slot) => slot.dispose());
      await Promise.all([...stops, ...background]);
      await eraCache.flush();
    },
  };

  /** Runs a request on the live connection; after a 404 to the session it runs once more on the renewed one. */
  async function withSession<T>(serverId: string, run: (connection: ServerConnection) => Promise<Result<T>>): Promise<Result<T>> {
    const live = await liveConnection(serverId);
    if (!live.ok) return live.result;
    const result = await run(live.connection);
    if (result.ok || !live.connection.sessionExpired) return result;
    const renewed = await liveConnection(serverId);
    return renewed.ok ? run(renewed.connection) : renewed.result;
  }

  /** Connects once to an unsaved config, with its own log, and always disconnects. */
  async function testConnection(name: string, config: ServerConfig): Promise<TestConnectionReport> {
    const report = await testConnectionRaw(name, config);
    const secrets = secretValues(config);
    const redact = (text: string) => redactText(text, secrets);
    return { ...report, status: redactStatus(report.status, redact), stderrTail: report.stderrTail.map(redact) };
  }

  async function testConnectionRaw(name: string, config: ServerConfig): Promise<TestConnectionReport> {
    const stderr: string[] = [];
    if (shuttingDown) {
      const text = hostMessage('servers.shuttingDown');
      return { status: { state: 'error', message: englishOf(text), text, code: 'cancelled', stderrTail: [], at: now() }, tools: [], resources: 0, prompts: 0, stderrTail: [] };
    }
    const cancel = new AbortController();
    tests.add(cancel);
    try {
      // The saved server's sign-in only goes with the saved connection: an edited URL under test must not get its token.
      const saved = slots.get(name)?.config;
      const authProvider = saved && connectionFingerprint(saved) === connectionFingerprint(config) ? deps.authProvider?.(name) : undefined;
      const result = await openServer({
        ...open,
        serverId: name,
        config,
        cancel: cancel.signal,
        ...(authProvider ? { authProvider } : {}),
        hooks: {
          log: (stream, text) => {
            if (stream !== 'stderr') return;
            stderr.push(text);
            if (stderr.length > stderrTailLines) stderr.shift();
          },
          catalogChanged: () => {},
          warning: () => {},
          lost: () => {},
          authRequired: () => {},
          changeStream: () => {},
          sessionExpired: () => {},
        },
      });
      if (!result.ok) {
        const status: ServerStatus =
          result.failure.kind === 'auth_required'
            ? authRequiredStatus(result.failure.message)
            : { state: 'error', message: result.failure.error.message, code: result.failure.error.code, stderrTail: [...stderr], at: now(), ...errorParts(result.failure.error) };
        return { status, tools: [], resources: 0, prompts: 0, stderrTail: [...stderr] };
      }
      const { catalog, info } = result;
      await result.connection.close();
      return {
        status: {
          state: 'ready',
          since: now(),
          ...info,
          counts: { tools: catalog.tools.length, resources: catalog.resourceCount, prompts: catalog.prompts.length },
          warnings: result.warnings.map(englishOf),
          warningTexts: result.warnings,
        },
        tools: catalog.tools.map((tool) => ({
          name: tool.name,
          ...(tool.title !== undefined ? { title: tool.title } : {}),
          ...(tool.description !== undefined ? { description: tool.description } : {}),
        })),
        resources: catalog.resourceCount,
        prompts: catalog.prompts.length,
        stderrTail: [...stderr],
      };
    } finally {
      tests.delete(cancel);
    }
  }

  return manager;
}

/** A status in a few words, for "not ready" messages. */
function describeState(status: ServerStatus): string {
  switch (status.state) {
    case 'connecting':
      return 'still connecting';
    case 'queued':
      return 'waiting for its turn to start';
    case 'error':
      return `error: ${status.message}`;
    case 'restarting':
      return `restarting after: ${status.lastError}`;
    case 'auth_required':
      return 'sign-in required';
    case 'ready':
      return 'ready';
    case 'disabled':
      return 'disabled';
    case 'invalid':
      return `invalid configuration: ${status.message}`;
  }
}
