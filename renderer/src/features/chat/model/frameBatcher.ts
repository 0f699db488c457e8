/** Batches high-rate items (stream deltas) into one flush per animation frame, so the UI renders once per frame. */

/** Schedules a flush; returns a cancel function. */
export type Schedule = (flush: () => void) => () => void;

/** Next animation frame, with a timer as a backstop: hidden tabs and jsdom do not run frames. */
export const frameSchedule: Schedule = (flush) => {
  let done = false;
  const run = (): void => {
    if (done) return;
    done = true;
    flush();
  };
  const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(run) : undefined;
  const timer = setTimeout(run, 100);
  return () => {
    done = true;
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
};

/** A queue that hands its items to `apply` in arrival order, at most once per scheduled flush. */
export interface FrameBatcher<T> {
  push(item: T): void;
  /** Applies everything queued now. */
  flush(): void;
  /** Drops the pending schedule. */
  dispose(): void;
}

/** Creates a batcher around `apply`. */
export function createFrameBatcher<T>(apply: (items: T[]) => void, schedule: Schedule = frameSchedule): FrameBatcher<T> {
  let queue: T[] = [];
  let cancel: (() => void) | undefined;
  const flush = (): void => {
    cancel?.();
    cancel = undefined;
    if (queue.length === 0) return;
    const items = queue;
    queue = [];
    apply(items);
  };
  return {
    push(item) {
      queue.push(item);
      cancel ??= schedule(flush);
    },
    flush,
    dispose() {
      cancel?.();
      cancel = undefined;
      queue = [];
    },
  };
}
