/** Batches high-rate items (stream deltas) into one flush per animation frame, so the UI renders once per frame. */

/** Schedules a flush; returns a cancel function. */
export type Schedule = (flush: () => void) => () => void;

/**
 * Once per animation frame, just after it: the frame's callback only posts a task that flushes. In the frame itself
 * the flush (store update, React's render and commit) and the frame's own style, layout and paint ran as one task of
 * their sum, and input waited for all of it; as two tasks, input waits for the longer. What a flush changes is drawn in
 * the next frame (one frame later than before). A timer is the backstop: hidden tabs and jsdom do not run frames.
 */
export const frameSchedule: Schedule = (flush) => {
  let done = false;
  let channel: MessageChannel | undefined;
  const run = (): void => {
    if (done) return;
    done = true;
    channel?.port1.close();
    flush();
  };
  const afterFrame = (): void => {
    if (done) return;
    if (typeof MessageChannel !== 'function') return run();
    channel = new MessageChannel();
    channel.port1.onmessage = run;
    channel.port2.postMessage(null);
  };
  const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(afterFrame) : undefined;
  const timer = setTimeout(run, 100);
  return () => {
    done = true;
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(timer);
    channel?.port1.close();
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
