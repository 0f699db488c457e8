/**
 * The elicitation broker: server requests for user input wait here, keyed by id, until answered, timed out or
 * cancelled. A server may only have a few requests on screen at once; more wait in its queue, and beyond a limit they
 * are refused, so one server cannot bury the user (or the host's memory) in forms.
 */
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import type { ElicitationAnswer, PendingElicitation } from '../../../shared/elicitation.ts';
import type { HostEventHub } from '../events.ts';
import { PendingRequests } from '../pendingRequests.ts';
import type { ElicitationBroker, ElicitationRequestInput } from '../ports.ts';

/** How long a request waits for the user before it is cancelled on its own (counted from when it is shown). */
export const defaultElicitationTimeoutMs = 10 * 60_000;

/** Per-server limits on elicitation requests. */
export interface ElicitationLimits {
  /** Requests of one server shown at once; later ones queue until one is answered. */
  shownPerServer: number;
  /** Requests of one server shown or queued; beyond it a request is refused with an MCP error. */
  pendingPerServer: number;
}

/** Default limits: 3 shown, 20 pending per server. */
export const defaultElicitationLimits: ElicitationLimits = { shownPerServer: 3, pendingPerServer: 20 };

/** Options of the broker. */
export interface ElicitationBrokerOptions {
  defaultTimeoutMs?: number;
  now?: () => number;
  limits?: Partial<ElicitationLimits>;
  /** Writes a line to a server's log (queueing and refusals are told there). */
  note?: (serverId: string, text: string) => void;
}

type RequestOptions = Parameters<ElicitationBroker['request']>[1];

interface Waiting {
  input: ElicitationRequestInput;
  options: RequestOptions;
  resolve: (answer: Promise<ElicitationAnswer> | ElicitationAnswer) => void;
  detach: () => void;
}

const cancelAnswer = (): ElicitationAnswer => ({ action: 'cancel' });

/** Builds the broker; every change to the shown list is pushed as an 'elicitations.delta' (added requests, removed ids). */
export function createElicitationBroker(events: HostEventHub, options: ElicitationBrokerOptions = {}): ElicitationBroker {
  const now = options.now ?? Date.now;
  const limits = { ...defaultElicitationLimits, ...options.limits };
  const queues = new Map<string, Waiting[]>();
  let shown = new Set<string>();

  // Deltas rather than the whole list: 20 forms with big schemas re-sent on every answer added up to megabytes.
  const publish = (list: PendingElicitation[]) => {
    const current = new Set(list.map((request) => request.id));
    const added = list.filter((request) => !shown.has(request.id));
    const removed = [...shown].filter((id) => !current.has(id));
    shown = current;
    if (added.length > 0 || removed.length > 0) events.emit('elicitations.delta', { added, removed });
    if (removed.length > 0) promote();
  };
  const pending = new PendingRequests<PendingElicitation, ElicitationAnswer>(publish);

  const shownBy = (serverId: string) => pending.list().filter((request) => request.serverId === serverId).length;

  const show = (input: ElicitationRequestInput, requestOptions: RequestOptions = {}): Promise<ElicitationAnswer> => {
    const timeoutMs = requestOptions.timeoutMs ?? options.defaultTimeoutMs ?? defaultElicitationTimeoutMs;
    const createdAt = now();
    return pending.add((id): PendingElicitation => ({ ...input, id, createdAt, expiresAt: createdAt + timeoutMs }), cancelAnswer, {
      timeoutMs,
      ...(input.chatId !== undefined ? { group: input.chatId } : {}),
      ...(requestOptions.signal ? { signal: requestOptions.signal } : {}),
    }).answer;
  };

  /** Moves queued requests on screen while their server has room. */
  function promote(): void {
    for (const [serverId, queue] of queues) {
      while (queue.length > 0 && shownBy(serverId) < limits.shownPerServer) {
        const next = queue.shift();
        if (!next) break;
        next.detach();
        next.resolve(show(next.input, next.options));
      }
      if (queue.length === 0) queues.delete(serverId);
    }
  }

  const dequeue = (waiting: Waiting) => {
    const queue = queues.get(waiting.input.serverId);
    const index = queue?.indexOf(waiting) ?? -1;
    if (queue && index >= 0) queue.splice(index, 1);
    if (queue?.length === 0) queues.delete(waiting.input.serverId);
    waiting.detach();
    waiting.resolve(cancelAnswer());
  };

  return {
    request(input, requestOptions = {}) {
      const { serverId } = input;
      const queue = queues.get(serverId) ?? [];
      const count = shownBy(serverId) + queue.length;
      if (count >= limits.pendingPerServer) {
        const message = `Too many requests for user input: ${serverId} already has ${count} waiting (the limit is ${limits.pendingPerServer}); this one was refused.`;
        options.note?.(serverId, message);
        return Promise.reject(new ProtocolError(ProtocolErrorCode.InvalidRequest, message));
      }
      if (queue.length === 0 && shownBy(serverId) < limits.shownPerServer) return show(input, requestOptions);
      if (queue.length === 0) options.note?.(serverId, `The server asks for input more than ${limits.shownPerServer} times at once; further requests wait until one is answered.`);
      return new Promise<ElicitationAnswer>((resolve) => {
        const signal = requestOptions.signal;
        const waiting: Waiting = { input, options: requestOptions, resolve, detach: () => signal?.removeEventListener('abort', onAbort) };
        function onAbort() {
          dequeue(waiting);
        }
        if (signal?.aborted) return resolve(cancelAnswer());
        signal?.addEventListener('abort', onAbort, { once: true });
        queues.set(serverId, [...queue, waiting]);
      });
    },
    list: () => pending.list(),
    answer: (id, answer) => pending.answer(id, answer),
    cancelAll(chatId) {
      // Queued ones first, or cancelling the shown ones would bring them on screen.
      for (const queue of [...queues.values()]) for (const waiting of [...queue]) if (chatId === undefined || waiting.input.chatId === chatId) dequeue(waiting);
      pending.cancelAll(chatId);
    },
  };
}
