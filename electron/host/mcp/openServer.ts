/** Opens one server: transport, client, era negotiation (or the cached verdict), catalog, all within the connect timeout. */
import { isSpecType, ProtocolError, type Client, ProtocolErrorCode, SERVER_INFO_META_KEY, type DiscoverResult, type Implementation, type OAuthClientProvider, type PriorDiscovery, type Transport } from '@modelcontextprotocol/client';
import type { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { hostError, type Result } from '../../../shared/errors.ts';
import { isHttpConfig, serverDefaults, type ServerConfig } from '../../../shared/serverConfig.ts';
import type { ElicitationBroker } from '../ports.ts';
import { withdrawSampling } from '../sampling/eraCapabilities.ts';
import type { SamplingBroker } from '../sampling/samplingBroker.ts';
import { closeQuietly, fetchCatalogWithTtls, ServerConnection, type ConnectionHooks, type ReadyInfo } from './connection.ts';
import { toCapabilitySummary } from './convert.ts';
import { HostClient } from './hostClient.ts';
import { launchKey, type EraCache } from './eraCache.ts';
import { httpTransport, onTransportStarted, resolveCommand, serverEnvironment, stdioTransport } from './launch.ts';
import { describeConnectFailure, isConnectionLost, isStreamGaveUp, quoteLine, type ConnectFailure } from './mcpErrors.ts';
import { lineHeads, lineSplitter } from './serverLogs.ts';
import { toRootsResult } from './roots/roots.ts';
import { redactUrl } from './serversFileMask.ts';
import type { ServerCatalog } from './types.ts';
import { UrlElicitations } from './urlRequired/urlRequired.ts';
import { negotiationFor, pinnedPrior } from './protocol/protocolChoice.ts';
import { InPlaceProbeStdioTransport, inPlaceProbeTimeoutMs, lostToProbe } from './eraProbe/inPlaceProbe.ts';
import { applyLegacyLogLevel, logLevelOf } from './logging/logLevel.ts';
import { resolveIcon } from './icons/iconFetch.ts';
import { appsCapability } from '../apps/appsCapability.ts';
import { hostMessage, mapParams, type HostMessage } from '../../../shared/hostMessages.ts';

/** Everything needed to open one server. */
export interface OpenSetup {
  serverId: string;
  config: ServerConfig;
  baseEnv: Record<string, string | undefined>;
  broker: ElicitationBroker;
  eraCache: EraCache;
  authProvider?: OAuthClientProvider;
  clientInfo: Implementation;
  hooks: ConnectionHooks;
  /** Aborted when the owner gives up on this attempt (stop, restart, shutdown). */
  cancel: AbortSignal;
  /** Answers 2025-era `sampling/createMessage`; without it sampling is not declared. */
  sampling?: SamplingBroker;
  /** The server's config as it is now (roots and allowSampling change without a restart); default `config`. */
  current?: () => ServerConfig | undefined;
  /** Reads the values the config keeps in the secret store (`secretEnv` / `secretHeaders`) into the config used to launch. */
  resolveSecrets?: (serverId: string, config: ServerConfig) => Promise<Result<ServerConfig>>;
  /** A legacy verdict reached by the probe timing out fails the attempt (code `timeout`) instead: under load a
   * slow modern server misses the probe window; the caller retries once and accepts the verdict then. */
  probeTimeoutFails?: boolean;
}

/** A ready connection with what it found, or why it failed. */
export type OpenResult =
  | { ok: true; connection: ServerConnection; info: ReadyInfo; catalog: ServerCatalog; warnings: HostMessage[] }
  | { ok: false; failure: ConnectFailure };

type AttemptResult = OpenResult | { ok: false; failure: ConnectFailure; priorRejected: boolean; lostToProbe?: boolean };

/** Opens the server, using (and maintaining) the cached era verdict; a cached modern verdict that fails is forgotten and
 * the server is probed afresh once; a server that exits on the in-place probe is started once more with `initialize`. */
export async function openServer(setup: OpenSetup): Promise<OpenResult> {
  const key = launchKey(setup.config);
  const choice = setup.config.protocol ?? 'auto';
  // A pinned server is never probed nor judged by a cached verdict: the pin is the verdict.
  const prior = choice === 'auto' ? await setup.eraCache.get(key) : pinnedPrior(choice);
  const first = await attempt(setup, key, prior);
  if (!first.ok && 'lostToProbe' in first && first.lostToProbe && !setup.cancel.aborted) {
    // Some SDKs end the process on any request before `initialize`: the one case that still costs a second spawn.
    setup.hooks.log('host', 'The server exited before answering the protocol probe (server/discover); starting it once more with the 2025 handshake, in case the probe ended it.');
    const again = await attempt(setup, key, { kind: 'legacy' });
    // Cached, so later starts skip the probe that this server does not survive.
    if (again.ok) void setup.eraCache.set(key, { kind: 'legacy' });
    return again;
  }
  if (first.ok || choice !== 'auto' || prior?.kind !== 'modern' || setup.cancel.aborted || !('priorRejected' in first) || !first.priorRejected) return first;
  setup.hooks.log('host', 'The cached protocol verdict (2026-07-28) no longer works; probing the server again.');
  await setup.eraCache.forget(key);
  return attempt(setup, key, undefined);
}

/** Stray stdout is told by its first character: every MCP message is a JSON object (key order varies, so "jsonrpc" may
 * come last in a megabyte-long line; the SDK itself reports JSON that is not JSON-RPC). */
function looksLikeJson(head: string): boolean {
  const trimmed = head.trimStart();
  return trimmed === '' || trimmed.startsWith('{');
}

/** True when a stdio server was judged legacy only because the era probe ran out of time: no answer came in time, and
 * no late error answer on the same pipe proved it 2025 either. */
function guessedLegacy(client: Client, stdio: StdioClientTransport | undefined, config: ServerConfig, prior: PriorDiscovery | undefined, elapsedMs: number, probeTimeoutMs: number): boolean {
  if (!stdio || (config.protocol ?? 'auto') !== 'auto' || prior || client.getProtocolEra() !== 'legacy') return false;
  // Every stdio transport here is probed in place; the elapsed-time proxy only covers one that is not.
  return stdio instanceof InPlaceProbeStdioTransport ? stdio.legacyVerdictIsGuess : elapsedMs >= probeTimeoutMs;
}

async function attempt(setup: OpenSetup, key: string, prior: PriorDiscovery | undefined): Promise<AttemptResult> {
  const { serverId, config, hooks } = setup;
  // A key in a remote server's URL (?api_key=...) must not reach the status or the log through an error message.
  const redact = (text: string) => (isHttpConfig(config) ? redactUrl(text, config.url) : text);
  const timeoutMs = config.connectTimeoutMs ?? serverDefaults.connectTimeoutMs;
  const startedAt = Date.now();
  const garbage: string[] = [];
  let stderrLines = 0;
  let connected = false;
  // Set once discover or initialize has been answered: a later exit is not the probe's doing.
  let handshakeDone = false;

  let transport: Transport;
  let stdio: StdioClientTransport | undefined;
  // Bound once the connection exists: a 404 can only answer a request that carries a session id, i.e. after initialize.
  let onSessionNotFound = () => {};
  // Secrets are read when launching, so they live only in this process's memory and the child's environment.
  const launched = setup.resolveSecrets ? await setup.resolveSecrets(serverId, config) : { ok: true as const, value: config };
  if (!launched.ok) return { ok: false, failure: { kind: 'error', error: launched.error }, priorRejected: false };
  const launch = launched.value;
  if (isHttpConfig(launch)) {
    transport = httpTransport(launch, setup.authProvider, () => onSessionNotFound());
  } else {
    const env = serverEnvironment(setup.baseEnv, launch.env);
    const resolved = resolveCommand(launch.command, env, launch.cwd);
    if (!resolved.ok) return { ok: false, failure: { kind: 'error', error: resolved.error }, priorRejected: false };
    stdio = stdioTransport(launch, env);
    transport = stdio;
  }

  // A silent stdio server is a legacy one only after this long; a verdict reached by timing out is not cached.
  const probeTimeoutMs = inPlaceProbeTimeoutMs(timeoutMs);
  // A server cached as 2026-07-28 is never offered sampling; one found modern by probing has it withdrawn after connect.
  const choice = config.protocol ?? 'auto';
  const sampling = prior?.kind === 'modern' ? undefined : setup.sampling;
  const client = new HostClient(setup.clientInfo, {
    // Roots on both eras (deprecated but defined in 2026-07-28, asked in-band there); sampling is withdrawn on 2026-07-28.
    capabilities: { elicitation: { form: {}, url: {} }, roots: { listChanged: true }, ...(sampling ? { sampling: {} } : {}), ...appsCapability(config) },
    // No `listChanged` option: with it the SDK opens subscriptions/listen only after a probe (never from a cached
    // verdict) and never reopens it; the connection keeps its own stream open instead (CatalogFreshness).
    versionNegotiation: negotiationFor(choice, isHttpConfig(config) ? undefined : probeTimeoutMs),
  });
  const connection = new ServerConnection(serverId, client, transport, hooks);
  onSessionNotFound = () => connection.sessionNotFound();

  client.setRequestHandler('elicitation/create', (request, ctx) => connection.elicit(setup.broker, request.params, ctx.mcpReq.signal));
  const current = () => (setup.current ? setup.current() : config) ?? config;
  client.setRequestHandler('roots/list', () => toRootsResult(current().roots ?? []));
  if (sampling) {
    client.setRequestHandler('sampling/createMessage', (request, ctx) => {
      if (client.getProtocolEra() === 'modern') throw new ProtocolError(ProtocolErrorCode.MethodNotFound, 'Switchboard offers sampling to 2025-era servers only.');
      return connection.sample(sampling, request.params, current().allowSampling === true, ctx.mcpReq.signal);
    });
  }
  const urlElicitations = new UrlElicitations(serverId, setup.broker);
  connection.urlElicitations = urlElicitations;
  connection.logLevel = logLevelOf(config);
  // 2025-11-25 only (the 2026-07-28 revision has no such notification): a URL flow finished in the browser.
  client.setNotificationHandler('notifications/elicitation/complete', (notification) => urlElicitations.complete(notification.params.elicitationId));
  client.setNotificationHandler('notifications/message', (notification) => {
    const data = notification.params.data;
    hooks.log('server', typeof data === 'string' ? data : JSON.stringify(data), notification.params.level);
  });
  // Registered whatever the server declares: some send list_changed without declaring listChanged, and a stale list is worse.
  client.setNotificationHandler('notifications/tools/list_changed', () => connection.scheduleRefresh());
  client.setNotificationHandler('notifications/prompts/list_changed', () => connection.scheduleRefresh());
  client.setNotificationHandler('notifications/resources/list_changed', () => connection.scheduleRefresh());
  client.onerror = (error) => {
    hooks.log('host', redact(`Protocol: ${error.message}`));
    // The SDK only logs that it gave up on the server's event stream; the server must not keep reading as ready.
    if (isStreamGaveUp(error)) connection.streamGaveUp(redact(error.message));
  };

  if (stdio) {
    const splitter = lineSplitter((line) => {
      stderrLines += 1;
      hooks.log('stderr', line);
    });
    stdio.stderr?.on('data', (chunk: Buffer) => splitter.push(chunk));
    stdio.stderr?.on('end', () => splitter.flush());
    onTransportStarted(stdio, (child) => {
      connection.attachChild(child);
      child.stdout?.on(
        'data',
        lineHeads((head) => {
          if (looksLikeJson(head)) return;
          hooks.log('host', `Ignored a line on stdout that is not MCP JSON: ${quoteLine(head)}`);
          if (!connected) garbage.push(head);
          else hooks.warning(hostMessage('ready.stdoutIgnored', { line: quoteLine(head) }));
          // 0x7b: a line starting with `{` looks like JSON and is not decoded here at all (the read buffer decodes it once).
        }, 200, 0x7b),
      );
    });
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error('connect timeout'));
  }, timeoutMs);
  const onCancel = () => controller.abort(new Error('cancelled'));
  setup.cancel.addEventListener('abort', onCancel, { once: true });
  if (setup.cancel.aborted) onCancel();
  // Closing the transport is what ends a probe in flight; the signal alone does not.
  controller.signal.addEventListener('abort', () => void closeQuietly(client, transport), { once: true });
  const remaining = () => Math.max(1, timeoutMs - (Date.now() - startedAt));

  try {
    await client.connect(transport, { timeout: timeoutMs, signal: controller.signal, ...(prior ? { prior } : {}) });
    handshakeDone = true;
    const guessed = guessedLegacy(client, stdio, config, prior, Date.now() - startedAt, probeTimeoutMs);
    if (setup.probeTimeoutFails && guessed) {
      // A modern server that answered too late has still told us its era: the retry adopts it instead of probing again.
      const late = stdio instanceof InPlaceProbeStdioTransport ? stdio.lateResult : undefined;
      if (isSpecType.DiscoverResult(late)) await setup.eraCache.set(key, { kind: 'modern', discover: late });
      await connection.close();
      return { ok: false, failure: { kind: 'error', error: hostError('timeout', hostMessage('servers.probeTimeout', { ms: probeTimeoutMs })) }, priorRejected: false };
    }
    let discover = client.getDiscoverResult();
    if (prior?.kind === 'modern') {
      // Zero-round-trip adoption trusts an old answer; one discover on the live connection confirms the era and refreshes
      // capabilities and instructions, without the probe process.
      discover = await client.discover({ timeout: remaining(), signal: controller.signal });
    }
    const era = client.getProtocolEra() ?? 'legacy';
    if (era === 'modern') withdrawSampling(client);
    const caps = discover?.capabilities ?? client.getServerCapabilities();
    const listChanged = { tools: caps?.tools?.listChanged === true, prompts: caps?.prompts?.listChanged === true, resources: caps?.resources?.listChanged === true };
    // The stream opens before the lists are read, so a change made in between is announced, not lost. A stream that
    // cannot open does not fail the connect: it is retried with backoff and the card says so meanwhile.
    await connection.keepFresh({ era, listChanged }, Math.max(1, Math.min(10_000, Math.floor(remaining() / 2))));
    // Bounded on its own: a server that never answers setLevel must not use up the connect timeout.
    await applyLegacyLogLevel(client, connection.logLevel, { timeout: Math.min(5000, remaining()), signal: controller.signal }, (text) => hooks.log('host', text));
    connection.serverCapabilities = caps;
    const { catalog, ttls } = await fetchCatalogWithTtls(client, serverId, { timeout: remaining(), signal: controller.signal }, caps);
    connection.noteTtls(ttls);
    connection.noteTools(catalog.tools);
    connected = true;
    connection.watch();
    // Readiness does not wait for the cache file: writes queue behind each other, and shutdown flushes them.
    // A pin is the user's verdict: nothing is cached from it.
    if (choice === 'auto' && era === 'modern' && discover) void setup.eraCache.set(key, { kind: 'modern', discover });
    // Re-saving a cached legacy verdict would push its horizon forever; a legacy verdict reached by probe timeout is a guess.
    else if (choice === 'auto' && era === 'legacy' && !prior && !guessed) void setup.eraCache.set(key, { kind: 'legacy' });
    // A pin's stand-in has no server info; the live discover carries it in its _meta.
    const version = client.getServerVersion() ?? serverInfoOf(discover);
    const instructions = discover?.instructions ?? client.getInstructions();
    // Checked and, for https, fetched by the host: the window only ever gets a data: URL (icons/).
    const icon = await resolveIcon(version?.icons, { timeoutMs: Math.max(1, Math.min(3_000, remaining())) });
    const info: ReadyInfo = {
      era,
      protocolVersion: client.getNegotiatedProtocolVersion() ?? '',
      serverName: version?.name ?? serverId,
      serverVersion: version?.version ?? '',
      ...(instructions !== undefined ? { instructions } : {}),
      ...(icon !== undefined ? { icon } : {}),
      capabilities: toCapabilitySummary(discover?.capabilities ?? client.getServerCapabilities()),
    };
    const warnings = garbage.slice(0, 3).map((line) => hostMessage('ready.stdoutIgnored', { line: quoteLine(line) }));
    return { ok: true, connection, info, catalog, warnings };
  } catch (error) {
    const exit = connection.exitInfo;
    await connection.close();
    if (setup.cancel.aborted) return { ok: false, failure: { kind: 'error', error: hostError('cancelled', hostMessage('servers.connectStopped')) }, priorRejected: false };
    const described = describeConnectFailure(error, {
      timedOut,
      timeoutMs,
      garbage,
      ...(exit ? { exit } : {}),
      ...(isHttpConfig(config) ? { url: config.url } : { stderrLines }),
    });
    const failure: ConnectFailure =
      described.kind === 'error'
        ? {
            kind: 'error',
            error: {
              ...described.error,
              message: redact(described.error.message),
              ...(described.error.detail !== undefined ? { detail: redact(described.error.detail) } : {}),
              ...(described.error.text ? { text: mapParams(described.error.text, redact) } : {}),
            },
          }
        : { kind: 'auth_required', message: redact(described.message) };
    // Only an answer that refuses the modern era disproves the cached verdict; a crash, an exit or silence does not.
    const priorRejected = prior?.kind === 'modern' && !timedOut && !exit && !isConnectionLost(error);
    const probedInPlace = stdio !== undefined && choice === 'auto' && !prior;
    return { ok: false, failure, priorRejected, lostToProbe: lostToProbe({ probedInPlace, exited: exit !== undefined, handshakeDone, timedOutOrCancelled: timedOut }) };
  } finally {
    clearTimeout(timer);
    setup.cancel.removeEventListener('abort', onCancel);
  }
}

/** The server's name and version from a 2026-07-28 discover result's _meta, when it is well formed. */
function serverInfoOf(discover: DiscoverResult | undefined): Implementation | undefined {
  const info: unknown = discover?._meta?.[SERVER_INFO_META_KEY];
  if (typeof info !== 'object' || info === null) return undefined;
  const { name, version } = info as { name?: unknown; version?: unknown };
  return typeof name === 'string' && typeof version === 'string' ? { name, version } : undefined;
}
