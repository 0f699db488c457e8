/** One live MCP client for one server: requests, catalog refresh on list changes, elicitation routing, close. */
import type { ChildProcess } from 'node:child_process';
import { StreamableHTTPClientTransport, type Client, type ServerCapabilities, type CreateMessageRequestParams, type CreateMessageResult, type ElicitRequestParams, type ElicitRequestURLParams, type ElicitResult, type Transport } from '@modelcontextprotocol/client';
import { ok, type Result } from '../../../shared/errors.ts';
import type { PromptMessages, ResourceContents, ResourceInfo, ResourceTemplateInfo, ServerStatus } from '../../../shared/servers.ts';
import type { ElicitationBroker, ElicitationRequestInput, ToolCallOptions } from '../ports.ts';
import { toPromptInfo, toPromptMessages, toResourceContents, toResourceInfo, toResourceTemplateInfo, toServerTool } from './convert.ts';
import { CatalogFreshness, type FreshnessSetup } from './listen/catalogFreshness.ts';
import { ttlOf, type ListTtls } from './listen/catalogTtl.ts';
import type { ChangeStreamDown } from './listen/listenKeeper.ts';
import { ResourceWatches, type StopWatch } from './resourceWatch/resourceWatches.ts';
import { englishOf, hostMessage, type HostMessage } from '../../../shared/hostMessages.ts';
import { describeRequestError, exitMessage, isAuthError, isConnectionLost, type ExitInfo } from './mcpErrors.ts';
import type { HostClient } from './hostClient.ts';
import { InflightCalls, runToolCall, type CallOutcome, type SettleCall, type ToolCallRequest } from './toolCall.ts';
import type { ServerCatalog, ServerTool } from './types.ts';
import type { SamplingBroker } from '../sampling/samplingBroker.ts';
import { announceRootsChanged } from './roots/roots.ts';
import type { UrlElicitations } from './urlRequired/urlRequired.ts';
import { withBackChannelHint } from './protocol/protocolChoice.ts';
import { logLevelMeta } from './logging/logLevel.ts';
import { serverDefaults, type LogLevel } from '../../../shared/serverConfig.ts';

/** What a connection reports to its owner. */
export interface ConnectionHooks {
  log(stream: 'stderr' | 'host' | 'server', text: string, level?: string): void;
  /** The catalog was refreshed after a list change. */
  catalogChanged(catalog: ServerCatalog): void;
  /** A non-fatal problem while ready (e.g. a non-JSON stdout line). */
  warning(text: HostMessage): void;
  /** The connection ended without being asked to (crash, exit, network loss). */
  lost(message: string, text?: HostMessage): void;
  /** The server refused the credentials mid-session (step-up, revoked token): only a sign-in can help. Reported once. */
  authRequired(message: string): void;
  /** The change stream (subscriptions/listen) went down or came back; read `changeStreamDown` again. */
  changeStream(): void;
  /** The server answered 404 to our 2025-era session id: it has forgotten the session, which must be renewed. */
  sessionExpired(): void;
}

/** What a ready connection reports about its server. */
export type ReadyInfo = Pick<Extract<ServerStatus, { state: 'ready' }>, 'era' | 'protocolVersion' | 'serverName' | 'serverVersion' | 'instructions' | 'icon' | 'capabilities'>;

/** Debounce of catalog refreshes, so a burst of list_changed notifications costs one refresh. */
const refreshDebounceMs = 50;

/** A connected client plus what is needed to use, watch and close it. */
export class ServerConnection {
  readonly serverId: string;
  readonly client: HostClient;
  private readonly transport: Transport;
  private readonly hooks: ConnectionHooks;
  private readonly inflight = new InflightCalls();
  private child: ChildProcess | undefined;
  private exit: ExitInfo | undefined;
  private closing = false;
  private refreshTimer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> = Promise.resolve();

  private watching = false;
  private closedEarly = false;
  private authReported = false;
  private retiring = false;
  private freshness: CatalogFreshness | undefined;
  private watches: ResourceWatches | undefined;
  private sessionGone = false;
  /**
   * Tools that declare no output schema, on a 2025-era connection: for them the SDK's `callTool` adds only its async
   * wrapper and a cache look-up that finds no validator (its header mirroring is 2026-07-28 only), so the call goes
   * straight to `request` (issue 12, `call` fifth look). Empty until the catalog is read: any other tool, and every
   * tool on 2026-07-28, goes through `callTool`.
   */
  private plainTools: ReadonlySet<string> = new Set();
  /** Set by the opener: shows -32042 URLs and tracks `notifications/elicitation/complete`. */
  urlElicitations: UrlElicitations | undefined;
  /** Set by the opener: the least severe log message wanted (sent per request on 2026-07-28). */
  logLevel: LogLevel = serverDefaults.logLevel;
  /** Set by the opener: what the server declared at connect (the live discover on 2026-07-28; the SDK keeps a pin's stand-in). */
  serverCapabilities: ServerCapabilities | undefined;

  /** What the server declared: the opener's record, else the SDK's. */
  get capabilities(): ServerCapabilities | undefined {
    return this.serverCapabilities ?? this.client.getServerCapabilities();
  }

  constructor(serverId: string, client: HostClient, transport: Transport, hooks: ConnectionHooks) {
    this.serverId = serverId;
    this.client = client;
    this.transport = transport;
    this.hooks = hooks;
    client.onclose = () => {
      if (!this.watching) {
        // Before watch() a close fails the connect attempt itself; remember it in case it lands just after.
        this.closedEarly = true;
        return;
      }
      if (this.closing) return;
      this.closing = true;
      const text = this.exit ? exitMessage(this.exit, 'lost') : hostMessage('lost.closed');
      this.hooks.lost(englishOf(text), text);
    };
  }

  /** Remembers the child process (set by the opener once spawned). */
  attachChild(child: ChildProcess): void {
    this.child = child;
    child.once('exit', (code, signal) => {
      this.exit = { code, signal };
    });
  }

  /** How the child ended, if it did. */
  get exitInfo(): ExitInfo | undefined {
    return this.exit;
  }

  /** From now on an unexpected close is reported as lost (also one that happened between connect and this call). */
  watch(): void {
    this.watching = true;
    if (this.closedEarly) this.client.onclose?.();
  }

  /** Refreshes the catalog soon (debounced); called on every list_changed, legacy or via subscriptions/listen. */
  scheduleRefresh(): void {
    if (this.closing) return;
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = undefined;
      this.refreshing = this.refreshing.then(async () => {
        if (this.closing) return;
        try {
          const { catalog, ttls } = await fetchCatalogWithTtls(this.client, this.serverId, {}, this.capabilities);
          if (this.closing) return;
          this.freshness?.noteTtls(ttls);
          this.noteTools(catalog.tools);
          this.hooks.catalogChanged(catalog);
        } catch (error) {
          this.hooks.log('host', `Refreshing the tool list failed: ${describeRequestError(error).message}`);
          if (isAuthError(error)) this.reportAuthRequired(describeRequestError(error).message);
        }
      });
    }, refreshDebounceMs);
  }

  /**
   * Starts keeping the catalog fresh beyond list_changed: opens the listen stream on a 2026-07-28 connection (waiting at
   * most `ackTimeoutMs` for it; a failure only schedules a reopen) and arms the ttl fallback from the first lists' ttls.
   */
  async keepFresh(setup: Omit<FreshnessSetup, 'client' | 'refresh' | 'streamChanged' | 'log'>, ackTimeoutMs: number): Promise<void> {
    const freshness = new CatalogFreshness({
      ...setup,
      client: this.client,
      refresh: () => this.scheduleRefresh(),
      streamChanged: () => {
        if (!this.closing) this.hooks.changeStream();
      },
      log: (text) => this.hooks.log('host', text),
    });
    this.freshness = freshness;
    await freshness.start(ackTimeoutMs);
  }

  /** Records the ttls of the lists read at connect (see keepFresh). */
  noteTtls(ttls: ListTtls): void {
    this.freshness?.noteTtls(ttls);
  }

  /** Notes which tools declare no output schema, from a catalog just read through this client (the SDK's own cache of it). */
  noteTools(tools: readonly ServerTool[]): void {
    this.plainTools = new Set(tools.filter((tool) => tool.outputSchema === undefined).map((tool) => tool.name));
  }

  /** While the 2026-07-28 change stream is down and being reopened: since when, why, and the next try. */
  get changeStreamDown(): ChangeStreamDown | undefined {
    return this.closing ? undefined : this.freshness?.down;
  }

  /** True once the server has answered 404 to this connection's session: a failed request never ran and may be sent again. */
  get sessionExpired(): boolean {
    return this.sessionGone;
  }

  /** Called by the transport's fetch on a 404 to our session id (reported once; nothing is reported while closing). */
  sessionNotFound(): void {
    if (this.sessionGone || this.closing) return;
    this.sessionGone = true;
    this.hooks.log('host', 'The server no longer knows this session (HTTP 404); starting a new one.');
    this.hooks.sessionExpired();
  }

  /** The transport gave up reopening the server's event stream: nothing more will arrive, so the connection is lost. */
  streamGaveUp(detail: string): void {
    if (!this.watching) return;
    this.reportLost(hostMessage('servers.streamLost', { detail }));
  }

  /** The elicitation handler: routes the request to the broker, tied to the call in flight when that can be told. */
  async elicit(broker: ElicitationBroker, params: ElicitRequestParams, requestSignal: AbortSignal): Promise<ElicitResult> {
    const attribution = this.inflight.attribute();
    const base = { serverId: this.serverId, message: params.message, ...(attribution.chatId !== undefined ? { chatId: attribution.chatId } : {}) };
    const input: ElicitationRequestInput =
      params.mode === 'url'
        ? { ...base, mode: 'url', url: params.url, ...(params.elicitationId !== undefined ? { elicitationId: params.elicitationId } : {}) }
        : { ...base, mode: 'form', requestedSchema: params.requestedSchema };
    const signal = attribution.signal ? AbortSignal.any([requestSignal, attribution.signal]) : requestSignal;
    // The user's thinking time must not count against the tool call's timeout.
    const resume = attribution.pause();
    try {
      const answer = await broker.request(input, { signal });
      return answer.action === 'accept' ? { action: 'accept', ...(answer.content ? { content: answer.content } : {}) } : { action: answer.action };
    } finally {
      resume();
    }
  }

  /** The sampling handler (2025 era only): routes the request to the broker, tied to the chat whose call caused it. */
  async sample(broker: SamplingBroker, params: CreateMessageRequestParams, alwaysAllow: boolean, requestSignal: AbortSignal): Promise<CreateMessageResult> {
    const attribution = this.inflight.attribute();
    const signal = attribution.signal ? AbortSignal.any([requestSignal, attribution.signal]) : requestSignal;
    // Approving and the model's answer must not count against the tool call's timeout.
    const resume = attribution.pause();
    try {
      return await broker.request({ serverId: this.serverId, params, alwaysAllow, ...(attribution.chatId !== undefined ? { chatId: attribution.chatId } : {}) }, { signal });
    } finally {
      resume();
    }
  }

  /** The user edited this server's roots: a 2025-era server is told (2026-07-28 servers ask again in-band). */
  async rootsChanged(): Promise<void> {
    if (this.closing) return;
    this.hooks.log('host', await announceRootsChanged(this.client, this.client.getProtocolEra()));
  }

  /** Calls a tool; see runToolCall for timeout and abort semantics. Not async: the call's own promise goes back as it is. */
  callTool(toolName: string, args: Record<string, unknown>, options: ToolCallOptions, timeoutMs: number): Promise<CallOutcome> {
    const resultSchema = this.plainTools.has(toolName) && this.client.getProtocolEra() === 'legacy' ? this.client.callResultSchema() : undefined;
    const request: ToolCallRequest = { toolName, args, options, timeoutMs, meta: logLevelMeta(this.client, this.logLevel), resultSchema };
    return runToolCall(this.client, this.inflight, request, this.settleCall);
  }

  /** What follows every call, once it is no longer in flight (one function for the connection, not one per call). */
  private readonly settleCall: SettleCall = (outcome, request) =>
    outcome.urlRequired && this.urlElicitations && !this.closing ? this.afterUrlRequired(this.urlElicitations, outcome.urlRequired, request) : this.finishCall(outcome);

  /** -32042: the user opens the URL, the server completes it, and the call is sent once more (once only). */
  private async afterUrlRequired(elicitations: UrlElicitations, urls: ElicitRequestURLParams[], request: ToolCallRequest): Promise<CallOutcome> {
    const { options } = request;
    const context = { ...(options.chatId !== undefined ? { chatId: options.chatId } : {}), ...(options.signal ? { signal: options.signal } : {}) };
    const satisfied = await elicitations.satisfy(urls, context);
    return this.finishCall(satisfied.ok ? await runToolCall(this.client, this.inflight, request) : { result: satisfied, connectionLost: false });
  }

  private finishCall(outcome: CallOutcome): CallOutcome {
    let settled = outcome;
    // A server that needs the 2025 back-channel fails on 2026-07-28 in its own words; say what may help.
    if (this.client.getProtocolEra() === 'modern') {
      // Copied only when the hint changed the result (almost never): not a new outcome per call.
      const hinted = withBackChannelHint(outcome.result);
      if (hinted !== outcome.result) settled = { ...outcome, result: hinted };
    }
    if (settled.connectionLost && !settled.result.ok) this.reportLost(settled.result.error.text ?? settled.result.error.message);
    if (settled.authRequired && !settled.result.ok) this.reportAuthRequired(settled.result.error.message);
    if (this.retiring && this.inflight.size === 0) void this.close();
    return settled;
  }

  /**
   * Closes once the calls in flight have finished: after a step-up the other calls may still be allowed, so they are
   * not cut off. Nothing is reported as lost from here on.
   */
  retire(): void {
    this.retiring = true;
    this.closing = true;
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    this.freshness?.stop();
    this.watches?.stop();
    if (this.inflight.size === 0) void this.close();
  }

  /** One page of resources (or all of them when no cursor is given: the SDK walks the pages). */
  listResources(cursor?: string): Promise<Result<{ resources: ResourceInfo[]; nextCursor?: string }>> {
    return this.request(async () => {
      const page = await this.client.listResources(cursor !== undefined ? { cursor } : undefined, { cacheMode: 'refresh' });
      return { resources: page.resources.map((r) => toResourceInfo(this.serverId, r)), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
    });
  }

  /** Every resource template. */
  listResourceTemplates(): Promise<Result<ResourceTemplateInfo[]>> {
    return this.request(async () => (await this.client.listResourceTemplates(undefined, { cacheMode: 'refresh' })).resourceTemplates.map((t) => toResourceTemplateInfo(this.serverId, t)));
  }

  /** Reads one resource. */
  readResource(uri: string): Promise<Result<ResourceContents[]>> {
    return this.request(async () => toResourceContents(await this.readRaw(uri)));
  }

  /** Reads one resource with the `ttlMs` its result carried (a 2026-07-28 CacheableResult; 2025 results carry none). */
  readResourceWithTtl(uri: string): Promise<Result<{ contents: ResourceContents[]; ttlMs?: number }>> {
    return this.request(async () => {
      const result = await this.readRaw(uri);
      const ttlMs = ttlOf(result);
      return { contents: toResourceContents(result), ...(ttlMs !== undefined ? { ttlMs } : {}) };
    });
  }

  /** Asks the server to say when `uri` changes; undefined when it cannot (no resources.subscribe, refused, closing). */
  watchResource(uri: string, onUpdated: () => void): Promise<StopWatch | undefined> {
    if (this.closing) return Promise.resolve(undefined);
    if (!this.watches) {
      const era = this.client.getProtocolEra() === 'modern' ? 'modern' : 'legacy';
      const watches = new ResourceWatches({ client: this.client, era, canSubscribe: this.capabilities?.resources?.subscribe === true, log: (text) => this.hooks.log('host', text) });
      this.client.setNotificationHandler('notifications/resources/updated', (notification) => watches.updated(notification.params.uri));
      this.watches = watches;
    }
    return this.watches.watch(uri, onUpdated);
  }

  // The host keeps its own cache of what it reads (apps/appResources.ts), bounded and dropped on updates; the SDK's would
  // be a second, unbounded copy.
  private readRaw(uri: string) {
    const meta = logLevelMeta(this.client, this.logLevel);
    return this.client.readResource({ uri, ...(meta ? { _meta: meta } : {}) }, { cacheMode: 'bypass' });
  }

  /** Renders one prompt. */
  getPrompt(name: string, args: Record<string, string> | undefined): Promise<Result<PromptMessages>> {
    const meta = logLevelMeta(this.client, this.logLevel);
    return this.request(async () => toPromptMessages(await this.client.getPrompt({ name, ...(args ? { arguments: args } : {}), ...(meta ? { _meta: meta } : {}) })));
  }

  /** Closes the client and makes sure the child is gone (SIGKILL after the SDK's own grace periods). */
  async close(): Promise<void> {
    this.closing = true;
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    this.freshness?.stop();
    this.watches?.stop();
    await closeQuietly(this.client, this.transport);
    await reap(this.child);
  }

  private async request<T>(run: () => Promise<T>): Promise<Result<T>> {
    try {
      return ok(await run());
    } catch (error) {
      const appErr = describeRequestError(error);
      if (isConnectionLost(error)) this.reportLost(appErr.text ?? appErr.message);
      if (isAuthError(error)) this.reportAuthRequired(appErr.message);
      // The text goes too: it is what the window translates (the English message stays for logs).
      return { ok: false, error: { code: appErr.code, message: appErr.message, ...(appErr.detail !== undefined ? { detail: appErr.detail } : {}), ...(appErr.text ? { text: appErr.text } : {}) } };
    }
  }

  private reportAuthRequired(message: string): void {
    if (this.closing || this.authReported) return;
    this.authReported = true;
    this.hooks.authRequired(message);
  }

  /** Reports the connection lost; a reason the host worded is nested by its code, so the window translates all of it. */
  private reportLost(reason: string | HostMessage): void {
    if (this.closing) return;
    this.closing = true;
    if (typeof reason === 'string') {
      const text = hostMessage('lost.other', { reason });
      this.hooks.lost(englishOf(text), text);
      return;
    }
    if (reason.code === 'servers.streamLost') {
      this.hooks.lost(englishOf(reason), reason);
      return;
    }
    // The English is built from the nested sentence's own English (englishOf nests one level; i18next any depth).
    const message = englishOf(hostMessage('lost.other', { reason: englishOf(reason) }));
    this.hooks.lost(message, { code: 'servers.lostRequest', params: { ...reason.params, lostCode: reason.code } });
  }
}

/** Lists tools, prompts and resources (each only when the server declares it) in parallel. */
export async function fetchCatalog(client: Client, serverId: string, options: { signal?: AbortSignal; timeout?: number }): Promise<ServerCatalog> {
  return (await fetchCatalogWithTtls(client, serverId, options)).catalog;
}

/** The catalog plus the `ttlMs` each list result carried (2026-07-28 results; 2025 ones carry none). */
export async function fetchCatalogWithTtls(
  client: Client,
  serverId: string,
  options: { signal?: AbortSignal; timeout?: number },
  // A pinned or cached 2026-07-28 connection is adopted with stand-in capabilities that the SDK keeps after the live
  // `server/discover`; the opener passes what that discover answered, or every list would be skipped.
  caps: ServerCapabilities | undefined = client.getServerCapabilities(),
): Promise<{ catalog: ServerCatalog; ttls: ListTtls }> {
  const request = { ...options, cacheMode: 'refresh' as const };
  const [tools, prompts, resources] = await Promise.all([
    caps?.tools ? client.listTools(undefined, request) : Promise.resolve({ tools: [] }),
    caps?.prompts ? client.listPrompts(undefined, request) : Promise.resolve({ prompts: [] }),
    caps?.resources ? client.listResources(undefined, request) : Promise.resolve({ resources: [] }),
  ]);
  const ttls: ListTtls = {};
  const entries = [
    ['tools', caps?.tools ? ttlOf(tools) : undefined],
    ['prompts', caps?.prompts ? ttlOf(prompts) : undefined],
    ['resources', caps?.resources ? ttlOf(resources) : undefined],
  ] as const;
  for (const [kind, ttl] of entries) if (ttl !== undefined) ttls[kind] = ttl;
  const catalog: ServerCatalog = {
    tools: tools.tools.map(toServerTool),
    prompts: prompts.prompts.map((prompt) => toPromptInfo(serverId, prompt)),
    resourceCount: resources.resources.length,
  };
  return { catalog, ttls };
}

/** Closes client and transport, ignoring errors: a close must never throw into shutdown. */
export async function closeQuietly(client: Client, transport: Transport): Promise<void> {
  // A 2025-era HTTP session is ended explicitly so the server can free it (modern connections have no session id).
  if (transport instanceof StreamableHTTPClientTransport && transport.sessionId !== undefined) await transport.terminateSession().catch(() => {});
  await client.close().catch(() => {});
  await transport.close().catch(() => {});
}

/** Waits for a child to exit, killing it if it outlives the SDK's close (stdin end, SIGTERM, SIGKILL). */
export async function reap(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  await Promise.race([exited, new Promise<void>((resolve) => setTimeout(resolve, 2000).unref())]);
}
