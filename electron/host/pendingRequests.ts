/** Pending user decisions (elicitations, approvals): promises in a map keyed by id, with timeouts and cancel-all. */
import { randomUUID } from 'node:crypto';

interface Entry<TRequest, TAnswer> {
  request: TRequest;
  resolve: (answer: TAnswer) => void;
  timer: NodeJS.Timeout | undefined;
  /** The answer given when the request is cancelled. */
  cancelAnswer: () => TAnswer;
  group?: string;
  cleanup: () => void;
}

/** Options for one pending request. */
export interface PendingOptions<TAnswer> {
  /** Answer used when the request times out. */
  timeoutMs?: number;
  onTimeout?: () => TAnswer;
  /** Grouping key (e.g. a chat id) for cancel-all. */
  group?: string;
  /** Aborting settles the request with `onAbort()`. */
  signal?: AbortSignal;
  onAbort?: () => TAnswer;
}

/** A map of requests awaiting an answer; every change calls `onChange` with the current list. */
export class PendingRequests<TRequest, TAnswer> {
  private readonly entries = new Map<string, Entry<TRequest, TAnswer>>();
  private readonly onChange: (pending: TRequest[]) => void;

  constructor(onChange: (pending: TRequest[]) => void = () => {}) {
    this.onChange = onChange;
  }

  /** Adds a request built from its new id; resolves when answered, timed out, aborted or cancelled. */
  add(build: (id: string) => TRequest, cancelAnswer: () => TAnswer, options: PendingOptions<TAnswer> = {}): { id: string; answer: Promise<TAnswer> } {
    const id = randomUUID();
    const request = build(id);
    const answer = new Promise<TAnswer>((resolve) => {
      const onAbort = () => this.settle(id, options.onAbort ? options.onAbort() : cancelAnswer());
      const timer =
        options.timeoutMs !== undefined
          ? setTimeout(() => this.settle(id, options.onTimeout ? options.onTimeout() : cancelAnswer()), options.timeoutMs)
          : undefined;
      options.signal?.addEventListener('abort', onAbort, { once: true });
      const entry: Entry<TRequest, TAnswer> = {
        request,
        resolve,
        timer,
        cancelAnswer,
        cleanup: () => options.signal?.removeEventListener('abort', onAbort),
        ...(options.group !== undefined ? { group: options.group } : {}),
      };
      this.entries.set(id, entry);
    });
    this.onChange(this.list());
    if (options.signal?.aborted) this.settle(id, options.onAbort ? options.onAbort() : cancelAnswer());
    return { id, answer };
  }

  /** Answers one request; false when it is no longer pending. */
  answer(id: string, value: TAnswer): boolean {
    return this.settle(id, value);
  }

  /** Cancels every request (or those of one group) with its cancel answer. */
  cancelAll(group?: string): void {
    for (const [id, entry] of [...this.entries]) {
      if (group === undefined || entry.group === group) this.settle(id, entry.cancelAnswer());
    }
  }

  /** The request with this id, if pending. */
  get(id: string): TRequest | undefined {
    return this.entries.get(id)?.request;
  }

  /** Every pending request, oldest first. */
  list(): TRequest[] {
    return [...this.entries.values()].map((entry) => entry.request);
  }

  private settle(id: string, value: TAnswer): boolean {
    const entry = this.entries.get(id);
    if (!entry) return false;
    this.entries.delete(id);
    if (entry.timer) clearTimeout(entry.timer);
    entry.cleanup();
    entry.resolve(value);
    this.onChange(this.list());
    return true;
  }
}
