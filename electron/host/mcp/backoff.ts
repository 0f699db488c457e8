/** Restart backoff: 1 s doubling to 60 s, reset after a minute of healthy running. */

/** Timing of automatic restarts; injectable so tests need not wait a minute. */
export interface BackoffTiming {
  baseMs: number;
  maxMs: number;
  /** A server ready at least this long before it failed starts over at the first delay. */
  healthyResetMs: number;
}

/** The product's timing. */
export const defaultBackoff: BackoffTiming = { baseMs: 1000, maxMs: 60_000, healthyResetMs: 60_000 };

/** Delay before restart number `attempt` (1-based): base, 2×base, 4×base... capped at max. */
export function backoffDelay(attempt: number, timing: BackoffTiming): number {
  const exponent = Math.max(0, attempt - 1);
  // Cap the exponent too, so a long outage cannot overflow to Infinity.
  return Math.min(timing.maxMs, timing.baseMs * 2 ** Math.min(exponent, 30));
}

/** The attempt number of the next restart after a failure, given how long the server had been ready. */
export function nextAttempt(previousAttempt: number, readyForMs: number | undefined, timing: BackoffTiming): number {
  if (readyForMs !== undefined && readyForMs >= timing.healthyResetMs) return 1;
  return previousAttempt + 1;
}
