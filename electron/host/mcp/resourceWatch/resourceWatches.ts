/**
 * Watches single resources of one connection, so a cache can drop what changed: `resources/subscribe` on a 2025-era
 * connection, a `subscriptions/listen` stream carrying `resourceSubscriptions` on a 2026-07-28 one (that revision has
 * no resources/subscribe; the URIs are part of the listen filter, so a changed set means a new stream).
 */
import type { Client, SubscriptionFilter } from '@modelcontextprotocol/client';
import { ListenKeeper, defaultListenTiming, type ListenTiming } from '../listen/listenKeeper.ts';

/** Stops one watch; the server is told once nobody watches the URI any more. */
export type StopWatch = () => void;

/** What the watches need from their connection. */
export interface ResourceWatchSetup {
  client: Client;
  era: 'legacy' | 'modern';
  /** The server declared `resources.subscribe`; without it nothing is watched (the cache's ttl is all there is). */
  canSubscribe: boolean;
  log(text: string): void;
  timing?: ListenTiming;
}

/** The watched URIs of one connection and the subscriptions that back them. */
export class ResourceWatches {
  private readonly setup: ResourceWatchSetup;
  private readonly listeners = new Map<string, Set<() => void>>();
  /** 2025 era: the resources/subscribe in flight or done, per URI (true once the server accepted it). */
  private readonly subscribed = new Map<string, Promise<boolean>>();
  /** 2026-07-28: the stream carrying the current URI set, and the set it was opened with. */
  private keeper: ListenKeeper | undefined;
  private keeperUris = '';
  private reopening: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(setup: ResourceWatchSetup) {
    this.setup = setup;
  }

  /** Watches `uri`; resolves with the stop function once the server will tell, or undefined when it cannot. */
  async watch(uri: string, onUpdated: () => void): Promise<StopWatch | undefined> {
    if (this.stopped || !this.setup.canSubscribe) return undefined;
    let set = this.listeners.get(uri);
    if (!set) {
      set = new Set();
      this.listeners.set(uri, set);
    }
    const listener = () => onUpdated();
    set.add(listener);
    const stop = () => this.unwatch(uri, listener);
    const accepted = this.setup.era === 'legacy' ? await this.subscribeLegacy(uri) : await this.listenFor(uri);
    if (accepted && !this.stopped && set.has(listener)) return stop;
    stop();
    return undefined;
  }

  /** A `notifications/resources/updated` arrived (either era): everyone watching that URI hears of it. */
  updated(uri: string): void {
    for (const listener of [...(this.listeners.get(uri) ?? [])]) listener();
  }

  /** The connection is closing: nothing is watched any more (the server forgets its subscriptions with the session). */
  stop(): void {
    this.stopped = true;
    this.listeners.clear();
    this.subscribed.clear();
    this.keeper?.stop();
    this.keeper = undefined;
  }

  private unwatch(uri: string, listener: () => void): void {
    const set = this.listeners.get(uri);
    if (!set?.delete(listener) || set.size > 0) return;
    this.listeners.delete(uri);
    if (this.stopped) return;
    if (this.setup.era === 'legacy') {
      const pending = this.subscribed.get(uri);
      this.subscribed.delete(uri);
      void pending?.then((accepted) => {
        // Re-watched meanwhile: the subscription is in use again.
        if (!accepted || this.listeners.has(uri) || this.stopped) return;
        return this.setup.client.unsubscribeResource({ uri }).then(
          () => undefined,
          (error: unknown) => this.setup.log(`Unsubscribing from ${uri} failed: ${String(error instanceof Error ? error.message : error)}`),
        );
      });
      return;
    }
    void this.reopen();
  }

  private subscribeLegacy(uri: string): Promise<boolean> {
    let pending = this.subscribed.get(uri);
    if (!pending) {
      pending = this.setup.client.subscribeResource({ uri }).then(
        () => true,
        (error: unknown) => {
          this.setup.log(`Subscribing to ${uri} failed; it is kept only as long as its cache allows: ${String(error instanceof Error ? error.message : error)}`);
          this.subscribed.delete(uri);
          return false;
        },
      );
      this.subscribed.set(uri, pending);
    }
    return pending;
  }

  /** Reopens the stream for the current URI set and tells whether `uri` is among the ones the server honoured. */
  private async listenFor(uri: string): Promise<boolean> {
    await this.reopen();
    return this.keeper?.honored?.resourceSubscriptions?.includes(uri) === true;
  }

  /**
   * Opens a stream for the current URI set before closing the old one, so no update falls in between; serialized, and
   * skipped when the set is the one already listened for.
   */
  private reopen(): Promise<void> {
    this.reopening = this.reopening.then(async () => {
      if (this.stopped) return;
      const uris = [...this.listeners.keys()].sort();
      const key = JSON.stringify(uris);
      // A stream for this very set that is down reopens by itself (ListenKeeper's backoff).
      if (key === this.keeperUris && (this.keeper !== undefined || uris.length === 0)) return;
      const old = this.keeper;
      this.keeper = undefined;
      this.keeperUris = key;
      if (uris.length > 0) {
        const filter: SubscriptionFilter = { resourceSubscriptions: uris };
        const keeper = new ListenKeeper(
          this.setup.client,
          filter,
          {
            up: (_honored, reopened) => {
              // Updates sent while the stream was down were lost: every watched resource may have changed.
              if (reopened) for (const watched of [...this.listeners.keys()]) this.updated(watched);
            },
            down: () => {},
            log: (text) => this.setup.log(`App resources: ${text}`),
          },
          this.setup.timing ?? defaultListenTiming,
        );
        this.keeper = keeper;
        await keeper.open();
        if (this.stopped) keeper.stop();
      }
      old?.stop();
    });
    return this.reopening;
  }
}
