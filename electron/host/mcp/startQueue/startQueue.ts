/**
 * Bounds how many servers start (spawn, handshake, catalog) at once. Starting 100 stdio servers together on a small
 * machine starved them all past their connect timeouts; a FIFO of permits lets each one start with the CPU it needs,
 * and its connect timeout only begins once it holds a permit.
 */
import { availableParallelism } from 'node:os';

/** Frees a permit; calling it twice is harmless. */
export type ReleaseStart = () => void;

interface Waiter {
  grant: (release: ReleaseStart | undefined) => void;
  signal: AbortSignal;
  onAbort: () => void;
}

/** The default number of concurrent starts: about two per core (0 in the setting means this). */
export function defaultMaxConcurrentStarts(): number {
  return Math.max(2, availableParallelism() * 2);
}

/** A FIFO of start permits with a limit that can change at run time. */
export class StartQueue {
  private limitOf: () => number;
  private running = 0;
  private closed = false;
  private readonly waiters: Waiter[] = [];

  /** `limit` may be a reader (the setting), consulted at every admission so a change applies without a restart. */
  constructor(limit: number | (() => number)) {
    this.limitOf = typeof limit === 'function' ? limit : () => limit;
  }

  private get limit(): number {
    return StartQueue.normalize(this.limitOf());
  }

  /** 0 (or anything below 1) means the default for this machine. */
  private static normalize(limit: number): number {
    return Number.isFinite(limit) && limit >= 1 ? Math.floor(limit) : defaultMaxConcurrentStarts();
  }

  /** Changes the limit; a higher one admits waiting starts at once. */
  setLimit(limit: number): void {
    this.limitOf = () => limit;
    this.pump();
  }

  /** Starts running now. */
  get active(): number {
    return this.running;
  }

  /** Starts waiting for a permit. */
  get waiting(): number {
    return this.waiters.length;
  }

  /** True when an `acquire` now would be granted without waiting. */
  get hasRoom(): boolean {
    return !this.closed && this.waiters.length === 0 && this.running < this.limit;
  }

  /**
   * Waits for a permit. Resolves with its release, or undefined when `signal` aborts first (the server was stopped,
   * disabled or removed while queued) or the queue is closed (shutdown): then nothing may be spawned.
   */
  acquire(signal: AbortSignal): Promise<ReleaseStart | undefined> {
    if (this.closed || signal.aborted) return Promise.resolve(undefined);
    if (this.hasRoom) return Promise.resolve(this.take());
    return new Promise((resolve) => {
      const waiter: Waiter = {
        grant: resolve,
        signal,
        onAbort: () => {
          const index = this.waiters.indexOf(waiter);
          if (index >= 0) this.waiters.splice(index, 1);
          resolve(undefined);
        },
      };
      signal.addEventListener('abort', waiter.onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  /** Shutdown: every waiting start gets no permit, and none is granted from now on. */
  close(): void {
    this.closed = true;
    for (const waiter of this.waiters.splice(0)) {
      waiter.signal.removeEventListener('abort', waiter.onAbort);
      waiter.grant(undefined);
    }
  }

  private take(): ReleaseStart {
    this.running += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running -= 1;
      this.pump();
    };
  }

  private pump(): void {
    while (!this.closed && this.running < this.limit && this.waiters.length > 0) {
      const waiter = this.waiters.shift();
      if (!waiter) break;
      waiter.signal.removeEventListener('abort', waiter.onAbort);
      waiter.grant(this.take());
    }
  }
}
