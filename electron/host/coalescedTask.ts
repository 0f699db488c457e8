/**
 * A task run once, later, however often it was asked for before then: the chat list push (once per loop turn) and
 * the search documents of ended runs (a second after a run's end) share this shape.
 */

/** Schedules `fire` and returns how to cancel it. */
export type Later = (fire: () => void) => () => void;

/**
 * In the check phase of the loop turn after this one. A setImmediate queued now runs in this turn's check phase, but
 * ahead of the ones queued after it in this turn, such as the HTTP client's write of a request created later in the
 * same turn; the second check phase runs after all of them.
 */
export const afterNextCheckPhase: Later = (fire) => {
  let handle = setImmediate(() => {
    handle = setImmediate(fire);
  });
  return () => clearImmediate(handle);
};

/** After `ms`, without keeping the process alive for it. */
export function afterMs(ms: number): Later {
  return (fire) => {
    const timer = setTimeout(fire, ms);
    timer.unref();
    return () => clearTimeout(timer);
  };
}

/** Runs `task` once per schedule however often `soon` was called; a throw goes to `onError` (never out of a timer). */
export class CoalescedTask {
  private readonly task: () => void;
  private readonly onError: (cause: unknown) => void;
  private readonly later: Later;
  private cancel: (() => void) | undefined;
  private closed = false;

  constructor(task: () => void, onError: (cause: unknown) => void, later: Later) {
    this.task = task;
    this.onError = onError;
    this.later = later;
  }

  /** Asks for a run at the next scheduled moment; asks before then join it. */
  soon(): void {
    if (this.cancel || this.closed) return;
    this.cancel = this.later(() => this.now());
  }

  /** Runs now and drops the run asked for. */
  now(): void {
    this.cancel?.();
    this.cancel = undefined;
    if (this.closed) return;
    try {
      this.task();
    } catch (cause) {
      this.onError(cause);
    }
  }

  /** No run after this (what it works on is closing); a run asked for is dropped. */
  close(): void {
    this.cancel?.();
    this.cancel = undefined;
    this.closed = true;
  }
}
