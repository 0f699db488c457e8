/** Keeps a 2026-07-28 `subscriptions/listen` stream open for one connection: opened on connect, reopened with backoff. */
import { METHOD_NOT_FOUND, ProtocolError, type Client, type McpSubscription, type SubscriptionFilter } from '@modelcontextprotocol/client';

/** Why and since when the change stream is down, and when the next try is due (shown on the server card). */
export interface ChangeStreamDown {
  since: number;
  nextTryAt: number;
  reason: string;
}

/** What the keeper reports to its connection. */
export interface ListenEvents {
  /** The stream is open; `reopened` after a drop, when changes made in the gap may have been missed. */
  up(honored: SubscriptionFilter, reopened: boolean): void;
  /** The stream is down and a reopen is scheduled. */
  down(state: ChangeStreamDown): void;
  log(text: string): void;
}

/** Reopen timing: base doubling to max; the ack of each open waits at most ackTimeoutMs. */
export interface ListenTiming {
  baseMs: number;
  maxMs: number;
  ackTimeoutMs: number;
}

/** The product's timing: 1 s doubling to 30 s. */
export const defaultListenTiming: ListenTiming = { baseMs: 1000, maxMs: 30_000, ackTimeoutMs: 30_000 };

/** One listen stream kept open until stop(): the SDK never re-listens by itself, so a dropped stream would lose every later change. */
export class ListenKeeper {
  private readonly client: Client;
  private readonly filter: SubscriptionFilter;
  private readonly events: ListenEvents;
  private readonly timing: ListenTiming;
  private readonly now: () => number;
  private subscription: McpSubscription | undefined;
  private honoredFilter: SubscriptionFilter | undefined;
  private timer: NodeJS.Timeout | undefined;
  private failures = 0;
  private downState: ChangeStreamDown | undefined;
  private stopped = false;

  constructor(client: Client, filter: SubscriptionFilter, events: ListenEvents, timing: ListenTiming = defaultListenTiming, now: () => number = Date.now) {
    this.client = client;
    this.filter = filter;
    this.events = events;
    this.timing = timing;
    this.now = now;
  }

  /** The filter the server honours while the stream is open; undefined while it is down. */
  get honored(): SubscriptionFilter | undefined {
    return this.honoredFilter;
  }

  /** The down state while the stream is being reopened. */
  get down(): ChangeStreamDown | undefined {
    return this.downState;
  }

  /** Opens the stream (resolves once acknowledged or once a failure has scheduled the next try; never rejects). */
  async open(ackTimeoutMs = this.timing.ackTimeoutMs): Promise<void> {
    if (this.stopped) return;
    try {
      const subscription = await this.client.listen(this.filter, { timeout: ackTimeoutMs });
      if (this.stopped) {
        void subscription.close().catch(() => {});
        return;
      }
      const reopened = this.downState !== undefined;
      this.subscription = subscription;
      this.honoredFilter = subscription.honoredFilter;
      this.failures = 0;
      this.downState = undefined;
      if (reopened) this.events.log('Change notifications (subscriptions/listen) are flowing again.');
      this.events.up(subscription.honoredFilter, reopened);
      void subscription.closed.then((cause) => this.onClosed(subscription, cause));
    } catch (error) {
      // A server without subscriptions/listen will not grow it by being asked again: the ttl fallback is all there is.
      if (error instanceof ProtocolError && error.code === METHOD_NOT_FOUND) {
        this.events.log('The server does not support subscriptions/listen; its lists are re-read only when their ttlMs runs out.');
        return;
      }
      this.onFailed(`could not be opened: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Closes the stream for good. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const subscription = this.subscription;
    this.subscription = undefined;
    this.honoredFilter = undefined;
    void subscription?.close().catch(() => {});
  }

  private onClosed(subscription: McpSubscription, cause: 'local' | 'graceful' | 'remote'): void {
    if (this.subscription !== subscription) return;
    this.subscription = undefined;
    this.honoredFilter = undefined;
    if (this.stopped || cause === 'local') return;
    this.onFailed(cause === 'graceful' ? 'were ended by the server' : 'dropped');
  }

  private onFailed(reason: string): void {
    if (this.stopped) return;
    this.failures += 1;
    const delay = Math.min(this.timing.maxMs, this.timing.baseMs * 2 ** Math.min(this.failures - 1, 20));
    const now = this.now();
    this.downState = { since: this.downState?.since ?? now, nextTryAt: now + delay, reason: `Change notifications ${reason}.` };
    this.events.log(`Change notifications (subscriptions/listen) ${reason}; reopening in ${Math.round(delay / 100) / 10} s.`);
    this.events.down(this.downState);
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.open();
    }, delay);
  }
}
