/** Keeps one connection's catalog fresh: the 2026-07-28 listen stream (kept open), and the `ttlMs` fallback for lists it does not cover. */
import type { Client, SubscriptionFilter } from '@modelcontextprotocol/client';
import type { ProtocolEra } from '../../../../shared/servers.ts';
import { ttlRefreshDelay, type ListKind, type ListTtls } from './catalogTtl.ts';
import { ListenKeeper, type ChangeStreamDown, type ListenTiming } from './listenKeeper.ts';

/** What the freshness keeper needs from its connection. */
export interface FreshnessSetup {
  client: Client;
  era: ProtocolEra;
  /** Which lists the server says it announces changes for. */
  listChanged: Record<ListKind, boolean>;
  /** Re-reads the catalog (debounced by the connection). */
  refresh(): void;
  /** The change stream went down or came back: the status shown must be re-read. */
  streamChanged(): void;
  log(text: string): void;
  timing?: ListenTiming;
}

const filterKey = { tools: 'toolsListChanged', prompts: 'promptsListChanged', resources: 'resourcesListChanged' } as const;

/** The listen stream and the ttl timer of one connection. */
export class CatalogFreshness {
  private readonly setup: FreshnessSetup;
  private readonly keeper: ListenKeeper | undefined;
  private ttls: ListTtls = {};
  private ttlTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(setup: FreshnessSetup) {
    this.setup = setup;
    const filter: SubscriptionFilter = {};
    for (const kind of ['tools', 'prompts', 'resources'] as const) if (setup.listChanged[kind]) filter[filterKey[kind]] = true;
    // Only a 2026-07-28 connection listens; a 2025 server sends its list_changed notifications unasked.
    if (setup.era === 'modern' && Object.keys(filter).length > 0) {
      this.keeper = new ListenKeeper(
        setup.client,
        filter,
        {
          up: (_honored, reopened) => {
            // Changes made while the stream was down were never announced: read the lists again.
            if (reopened) setup.refresh();
            this.arm();
            setup.streamChanged();
          },
          down: () => {
            this.arm();
            setup.streamChanged();
          },
          log: (text) => setup.log(text),
        },
        setup.timing,
      );
    }
  }

  /** Opens the listen stream (if any), waiting at most `ackTimeoutMs` for the first acknowledgement. */
  async start(ackTimeoutMs: number): Promise<void> {
    await this.keeper?.open(ackTimeoutMs);
  }

  /** Why change notifications are not arriving, while the stream is being reopened. */
  get down(): ChangeStreamDown | undefined {
    return this.keeper?.down;
  }

  /** Records the ttl of each list just read and re-arms the refresh timer. */
  noteTtls(ttls: ListTtls): void {
    this.ttls = ttls;
    this.arm();
  }

  /** Stops the stream and the timer. */
  stop(): void {
    this.stopped = true;
    if (this.ttlTimer) clearTimeout(this.ttlTimer);
    this.ttlTimer = undefined;
    this.keeper?.stop();
  }

  /** A list is covered when its changes are announced: by the open listen stream (2026) or by list_changed (2025). */
  private covered(kind: ListKind): boolean {
    if (this.setup.era === 'legacy') return this.setup.listChanged[kind];
    return this.keeper?.honored?.[filterKey[kind]] === true;
  }

  private arm(): void {
    if (this.ttlTimer) clearTimeout(this.ttlTimer);
    this.ttlTimer = undefined;
    if (this.stopped) return;
    const delay = ttlRefreshDelay(this.ttls, (kind) => this.covered(kind));
    if (delay === undefined) return;
    this.ttlTimer = setTimeout(() => {
      this.ttlTimer = undefined;
      this.setup.refresh();
    }, delay);
  }
}
