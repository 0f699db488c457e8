/** A per-key sliding-window rate limit (e.g. sampling requests per server per minute). */

/** Counts events per key in the last `windowMs`; `take` refuses once `limit` is reached. */
export class SlidingWindowLimit {
  private readonly seen = new Map<string, number[]>();
  readonly limit: number;
  readonly windowMs: number;

  constructor(limit: number, windowMs: number) {
    this.limit = limit;
    this.windowMs = windowMs;
  }

  /** Records one event for `key` and returns true, or returns false (recording nothing) when the limit is reached. */
  take(key: string, now: number): boolean {
    const recent = (this.seen.get(key) ?? []).filter((at) => now - at < this.windowMs);
    if (recent.length >= this.limit) {
      this.seen.set(key, recent);
      return false;
    }
    recent.push(now);
    this.seen.set(key, recent);
    return true;
  }
}
