/**
 * Where a conversation's time goes, by the API requests it makes: from its start to its first request, from each
 * request to the next (the answer streaming in, the tool calls, the next request built), and from its last request to
 * its end (the last answer and what the side does after it). Both sides of a bench make the same requests through the
 * same HTTP client in this process, so the phases line up and their differences say where one side's excess lies.
 * Requests are seen on undici's `undici:request:create` diagnostics channel, which Node's fetch (and so the SDK)
 * publishes to as each request is created.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { median } from './lib.ts';

const channel = 'undici:request:create';

/** The median phases of one side, in ms. */
export interface PhaseMedians {
  toFirstRequest: number;
  /** One entry per gap between consecutive requests. */
  betweenRequests: number[];
  afterLastRequest: number;
}

/** Records the request times of conversations run one at a time. */
export class RequestPhases {
  private readonly requests: number[] = [];
  private startedAt = 0;
  private readonly samples = new Map<string, number[][]>();
  private readonly onRequest = (): void => {
    this.requests.push(performance.now());
  };

  constructor() {
    subscribe(channel, this.onRequest);
  }

  /** A conversation starts now. */
  begin(): void {
    this.requests.length = 0;
    this.startedAt = performance.now();
  }

  /** The conversation begun last ended now, on `side`; a conversation with another request count than the first is left out. */
  end(side: string): void {
    const times = [this.startedAt, ...this.requests, performance.now()];
    const phases = times.slice(1).map((t, i) => t - (times[i] ?? t));
    const kept = this.samples.get(side) ?? [];
    if (kept.length === 0 || kept[0]?.length === phases.length) kept.push(phases);
    this.samples.set(side, kept);
  }

  /** Each side's median phases. */
  medians(): Record<string, PhaseMedians> {
    const out: Record<string, PhaseMedians> = {};
    for (const [side, runs] of this.samples) {
      const count = runs[0]?.length ?? 0;
      const at = (i: number) => median(runs.map((run) => run[i] ?? 0));
      out[side] = { toFirstRequest: at(0), betweenRequests: Array.from({ length: Math.max(0, count - 2) }, (_, i) => at(i + 1)), afterLastRequest: at(count - 1) };
    }
    return out;
  }

  /** Stops listening. */
  close(): void {
    unsubscribe(channel, this.onRequest);
  }
}
