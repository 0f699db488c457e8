/** One configured server's lifecycle: connecting, ready, error, restarting with backoff, stopped. Every transition is reported. */
import type { OAuthClientProvider } from '@modelcontextprotocol/client';
import type { ServerConfig } from '../../../shared/serverConfig.ts';
import type { ServerStatus } from '../../../shared/servers.ts';
import { hostError } from '../../../shared/errors.ts';
import { englishOf, hostMessage, type HostMessage } from '../../../shared/hostMessages.ts';
import { authRequiredStatus } from './statusParts.ts';
import { errorParts } from './statusParts.ts';
import { backoffDelay, nextAttempt, type BackoffTiming } from './backoff.ts';
import type { ConnectionHooks, ReadyInfo, ServerConnection } from './connection.ts';
import { openServer, type OpenResult, type OpenSetup } from './openServer.ts';
import { rootsDiffer } from './roots/roots.ts';
import type { StartQueue } from './startQueue/startQueue.ts';
import type { ServerLogs } from './serverLogs.ts';
import type { ManagedServer, ServerCatalog, ServerManagerListener } from './types.ts';

/** What every slot shares: how to open a server, where to report, the clock and the backoff timing. */
export interface SlotContext {
  open: Omit<OpenSetup, 'serverId' | 'config' | 'hooks' | 'cancel' | 'authProvider' | 'current'>;
  authProvider: (serverId: string) => OAuthClientProvider | undefined;
  /** The line to show with "Sign in required" (e.g. the access a step-up asked for); undefined keeps the SDK's reason. */
  authStatusMessage?: (serverId: string) => string | undefined;
  logs: ServerLogs;
  listener: ServerManagerListener;
  backoff: BackoffTiming;
  now: () => number;
  /** Bounds concurrent starts; without it every start spawns at once. */
  queue?: StartQueue;
}

/** Warnings shown on a ready status, at most this many (plus a count of the rest). */
const maxWarnings = 5;

/** Two session renewals closer than this go through the restart backoff instead of renewing at once. */
const renewalWindowMs = 10_000;

/** Failures a second try cannot fix: the first start is not retried for these. */
const finalCodes = new Set(['command_not_found', 'cancelled', 'invalid_config']);

const emptyCatalog: ServerCatalog = { tools: [], prompts: [], resourceCount: 0 };

/** A configured server and its current connection, if any. */
export class ServerSlot {
  readonly id: string;
  entry: ManagedServer;
  private readonly ctx: SlotContext;
  private current: ServerStatus;
  /** Set by a stop that reported 'connecting' because a start follows at once. */
  private reconnecting = false;
  private catalogValue: ServerCatalog | undefined;
  private connection: ServerConnection | undefined;
  /** Connections left after a mid-session sign-in request, closing once their calls finish. */
  private readonly retired = new Set<ServerConnection>();
  private info: ReadyInfo | undefined;
  private readySince: number | undefined;
  private warnings: HostMessage[] = [];
  private moreWarnings = 0;
  private generation = 0;
  private cancel: AbortController | undefined;
  private settling: Promise<void> | undefined;
  private restartTimer: NodeJS.Timeout | undefined;
  private attempt = 0;
  /** Set once the slot is removed or the app shuts down: a start still queued behind a stop must not spawn anything. */
  private disposed = false;
  /** A 2025-era session being renewed after the server forgot it; requests wait for it instead of failing. */
  private renewing: Promise<void> | undefined;
  private lastRenewalAt: number | undefined;
  /** The one automatic retry of a start that never got ready has been used (reset by a start from outside). */
  private firstRetryUsed = false;

  constructor(id: string, entry: ManagedServer, initial: ServerStatus, ctx: SlotContext) {
    this.id = id;
    this.entry = entry;
    this.ctx = ctx;
    this.current = initial;
  }

  /** The current status. */
  get status(): ServerStatus {
    return this.current;
  }

  /** The catalog while ready. */
  get catalog(): ServerCatalog | undefined {
    return this.catalogValue;
  }

  /** The connection, only while ready. */
  get live(): ServerConnection | undefined {
    return this.current.state === 'ready' ? this.connection : undefined;
  }

  /** The connect attempt in progress, if any. */
  get pending(): Promise<void> | undefined {
    return this.settling;
  }

  /** The session renewal in progress, if any: a request waits for it, then uses the new connection. */
  get renewal(): Promise<void> | undefined {
    return this.renewing;
  }

  /**
   * Starts a new session after the server answered 404 to ours (it restarted and forgot it): the old connection is
   * closed and the server opened again, which re-reads its catalog. A renewal that fails goes on with backoff like a
   * lost connection. Concurrent callers share one renewal.
   */
  renewSession(): Promise<void> {
    this.renewing ??= (async () => {
      const now = this.ctx.now();
      const readyFor = this.readySince !== undefined ? now - this.readySince : undefined;
      // A server that forgets every new session at once would be renewed in a tight loop: the second renewal within
      // the window waits its turn with backoff, like a restart.
      const again = this.lastRenewalAt !== undefined && now - this.lastRenewalAt < renewalWindowMs;
      this.lastRenewalAt = now;
      this.attempt = nextAttempt(this.attempt, readyFor, this.ctx.backoff);
      if (again) {
        await this.stop();
        this.scheduleRestart('The server keeps forgetting the session (HTTP 404).');
        return;
      }
      await this.stop({ state: 'connecting', since: now });
      await this.start();
    })().finally(() => {
      this.renewing = undefined;
    });
    return this.renewing;
  }

  /** Called after the entry changed without a restart: a live server whose roots were edited is told. */
  noteRootsChange(previous: ManagedServer): void {
    const before = 'config' in previous ? previous.config.roots : undefined;
    if (rootsDiffer(before, this.config?.roots)) void this.live?.rootsChanged();
  }

  /** The config of a valid entry. */
  get config(): ServerConfig | undefined {
    return 'config' in this.entry ? this.entry.config : undefined;
  }

  /** Starts connecting now (ending any attempt or restart timer in progress); resolves once settled. */
  start(): Promise<void> {
    this.firstRetryUsed = false;
    return this.begin();
  }

  /** A start, from outside or from a retry timer. */
  private begin(): Promise<void> {
    const config = this.config;
    // The entry may have changed while a stop queued this start (disabled, made invalid, removed): then nothing starts.
    if (!config || config.enabled === false || this.disposed) return Promise.resolve();
    const generation = ++this.generation;
    this.clearRestartTimer();
    this.cancel?.abort();
    const cancel = new AbortController();
    this.cancel = cancel;
    // A reconnect already reads as connecting since its stop began; one transition is enough.
    const quiet = this.reconnecting;
    this.reconnecting = false;
    const run = async () => {
      // A first start that fails gets one more try after a pause (many servers starting at once can time out under
      // load); inside this run, so whenSettled waits for it. The first try may also fail on a probe timeout (a sign of
      // load, not of a legacy server); the retry accepts the legacy verdict.
      const firstStart = this.attempt === 0;
      for (let tries = 1; ; tries += 1) {
        const retryable = firstStart && tries === 1 && !this.firstRetryUsed;
        const result = await this.queuedOpen(config, generation, cancel.signal, retryable, quiet && tries === 1);
        if (!result || generation !== this.generation) {
          if (result?.ok) await result.connection.close();
          return;
        }
        if (result.ok || result.failure.kind !== 'error' || !retryable || finalCodes.has(result.failure.error.code)) {
          this.settle(result);
          return;
        }
        this.firstRetryUsed = true;
        const delay = backoffDelay(1, this.ctx.backoff);
        const { message, text } = result.failure.error;
        this.setStatus({ state: 'restarting', attempt: 1, nextTryAt: this.ctx.now() + delay, lastError: message, ...(text ? { lastErrorText: text } : {}) });
        await abortableDelay(delay, cancel.signal);
        if (generation !== this.generation) return;
      }
    };
    const tracked: Promise<void> = run().finally(() => {
      if (this.settling === tracked) this.settling = undefined;
    });
    this.settling = tracked;
    return tracked;
  }

  /**
   * Waits for a start permit (reading as queued meanwhile), then opens the server; the connect timeout only begins
   * once the permit is held. Undefined when stopped, disabled, removed or shut down while queued: nothing was spawned.
   */
  private async queuedOpen(config: ServerConfig, generation: number, cancel: AbortSignal, probeTimeoutFails: boolean, quiet: boolean): Promise<OpenResult | undefined> {
    const queue = this.ctx.queue;
    const queued = queue !== undefined && !queue.hasRoom;
    if (queued) this.setStatus({ state: 'queued', since: this.ctx.now() });
    else if (!quiet) this.setStatus({ state: 'connecting', since: this.ctx.now() });
    const release = queue ? await queue.acquire(cancel) : () => {};
    if (!release) return undefined;
    if (generation !== this.generation) {
      release();
      return undefined;
    }
    if (queued) this.setStatus({ state: 'connecting', since: this.ctx.now() });
    const authProvider = this.ctx.authProvider(this.id);
    try {
      return await openServer({
        ...this.ctx.open,
        serverId: this.id,
        config,
        hooks: this.hooks(generation),
        cancel,
        current: () => this.config,
        probeTimeoutFails,
        ...(authProvider ? { authProvider } : {}),
      });
    } catch (error) {
      return { ok: false, failure: { kind: 'error', error: hostError('internal', hostMessage('connect.startFailed', { reason: String(error) })) } };
    } finally {
      release();
    }
  }

  /** Applies the outcome of a current attempt: ready, sign-in, a retry or restart, or error. */
  private settle(result: OpenResult): void {
    if (result.ok) {
      this.connection = result.connection;
      this.info = result.info;
      this.readySince = this.ctx.now();
      this.warnings = result.warnings;
      this.moreWarnings = 0;
      this.catalogValue = result.catalog;
      this.emitReady();
      this.reportCatalog(result.catalog);
      this.firstRetryUsed = false;
      return;
    }
    if (result.failure.kind === 'auth_required') {
      this.setStatus(this.authStatus(result.failure.message));
      return;
    }
    const { error } = result.failure;
    const stderrTail = this.ctx.logs.stderrTail(this.id);
    // Inside a restart loop a failed attempt schedules the next one; a first start that failed twice stays in error.
    if (this.attempt > 0) {
      this.attempt = nextAttempt(this.attempt, undefined, this.ctx.backoff);
      this.scheduleRestart(error.message, error.text);
      return;
    }
    this.setStatus({ state: 'error', message: error.message, code: error.code, stderrTail, at: this.ctx.now(), ...errorParts(error) });
  }

  /** Stops the server (any attempt, timer or connection) and reports `final` as its status. */
  async stop(final?: ServerStatus): Promise<void> {
    this.generation += 1;
    this.reconnecting = final?.state === 'connecting';
    this.clearRestartTimer();
    this.cancel?.abort();
    this.cancel = undefined;
    const connection = this.connection;
    const pending = this.settling;
    this.connection = undefined;
    this.readySince = undefined;
    if (this.catalogValue) {
      this.catalogValue = undefined;
      this.reportCatalog(emptyCatalog);
    }
    if (final) this.setStatus(final);
    await connection?.close();
    await Promise.all([...this.retired].map((old) => old.close()));
    this.retired.clear();
    await pending;
  }

  /** Stops for good (server removed, app shutting down): any start still queued behind a stop does nothing. */
  dispose(final?: ServerStatus): Promise<void> {
    this.disposed = true;
    return this.stop(final);
  }

  /** True once disposed. */
  get isDisposed(): boolean {
    return this.disposed;
  }

  /** Stops and starts again with the backoff reset; resolves once settled. */
  async restartNow(): Promise<void> {
    await this.stop({ state: 'connecting', since: this.ctx.now() });
    this.attempt = 0;
    await this.start();
  }

  private hooks(generation: number): ConnectionHooks {
    const current = () => generation === this.generation;
    return {
      log: (stream, text, level) => this.ctx.logs.append(this.id, stream, text, level),
      catalogChanged: (catalog) => {
        if (!current() || !this.connection) return;
        this.catalogValue = catalog;
        this.emitReady();
        this.reportCatalog(catalog);
      },
      warning: (text) => {
        if (!current()) return;
        if (this.warnings.length < maxWarnings) this.warnings.push(text);
        else this.moreWarnings += 1;
        if (this.current.state === 'ready') this.emitReady();
      },
      lost: (message, text) => {
        if (!current()) return;
        this.onLost(message, text);
      },
      authRequired: (message) => {
        if (!current()) return;
        this.onAuthRequired(message);
      },
      changeStream: () => {
        if (current() && this.connection && this.current.state === 'ready') this.emitReady();
      },
      sessionExpired: () => {
        if (current() && this.connection) void this.renewSession();
      },
    };
  }

  /**
   * The server refused the credentials while ready (a step-up, or a token revoked mid-session that could not be
   * refreshed). No retry can fix that, so no restart is scheduled: the server waits for a sign-in, which restarts it.
   */
  private onAuthRequired(reason: string): void {
    const connection = this.connection;
    this.generation += 1;
    this.clearRestartTimer();
    this.connection = undefined;
    this.readySince = undefined;
    this.attempt = 0;
    if (connection) {
      this.retired.add(connection);
      connection.retire();
    }
    if (this.catalogValue) {
      this.catalogValue = undefined;
      this.reportCatalog(emptyCatalog);
    }
    this.ctx.logs.append(this.id, 'host', `The server refused the credentials: ${reason}`);
    this.setStatus(this.authStatus(reason));
  }

  /** "Sign in required" with the auth service's line, or else the connection's reason (translated when it is the host's sentence). */
  private authStatus(reason: string): ServerStatus {
    const line = this.authMessage();
    return line !== undefined ? { state: 'auth_required', message: line } : authRequiredStatus(reason);
  }

  /** The auth service's line for "Sign in required", if it has one; a failing lookup must not break the state machine. */
  private authMessage(): string | undefined {
    try {
      return this.ctx.authStatusMessage?.(this.id);
    } catch {
      return undefined;
    }
  }

  private onLost(message: string, text?: HostMessage): void {
    const readyFor = this.readySince !== undefined ? this.ctx.now() - this.readySince : undefined;
    const connection = this.connection;
    this.connection = undefined;
    this.readySince = undefined;
    void connection?.close();
    this.ctx.logs.append(this.id, 'host', message);
    if (this.catalogValue) {
      this.catalogValue = undefined;
      this.reportCatalog(emptyCatalog);
    }
    this.attempt = nextAttempt(this.attempt, readyFor, this.ctx.backoff);
    this.scheduleRestart(message, text);
  }

  private scheduleRestart(lastError: string, lastErrorText?: HostMessage): void {
    const delay = backoffDelay(this.attempt, this.ctx.backoff);
    const generation = this.generation;
    this.clearRestartTimer();
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (generation === this.generation) void this.begin();
    }, delay);
    this.setStatus({ state: 'restarting', attempt: this.attempt, nextTryAt: this.ctx.now() + delay, lastError, ...(lastErrorText ? { lastErrorText } : {}) });
  }

  private clearRestartTimer(): void {
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = undefined;
  }

  private emitReady(): void {
    const info = this.info;
    const catalog = this.catalogValue ?? emptyCatalog;
    if (!info) return;
    const texts = this.moreWarnings > 0 ? [...this.warnings, hostMessage('ready.moreWarnings', { count: this.moreWarnings })] : [...this.warnings];
    const changeStreamDown = this.connection?.changeStreamDown;
    this.setStatus({
      state: 'ready',
      since: this.readySince ?? this.ctx.now(),
      ...info,
      counts: { tools: catalog.tools.length, resources: catalog.resourceCount, prompts: catalog.prompts.length },
      warnings: texts.map(englishOf),
      warningTexts: texts,
      ...(changeStreamDown ? { changeStreamDown: { ...changeStreamDown } } : {}),
    });
  }

  /** Reports a status; a broken listener must not break the state machine. */
  setStatus(status: ServerStatus): void {
    this.current = status;
    try {
      this.ctx.listener.onStatus(this.id, status);
    } catch (error) {
      this.ctx.logs.append(this.id, 'host', `A status listener failed: ${String(error)}`);
    }
  }

  private reportCatalog(catalog: ServerCatalog): void {
    try {
      this.ctx.listener.onCatalog(this.id, catalog);
    } catch (error) {
      this.ctx.logs.append(this.id, 'host', `A catalog listener failed: ${String(error)}`);
    }
  }
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
