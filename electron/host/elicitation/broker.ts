/** The elicitation broker: server requests for user input wait here, keyed by id, until answered, timed out or cancelled. */
import type { ElicitationAnswer, PendingElicitation } from '../../../shared/elicitation.ts';
import type { HostEventHub } from '../events.ts';
import { PendingRequests } from '../pendingRequests.ts';
import type { ElicitationBroker, ElicitationRequestInput } from '../ports.ts';

/** How long a request waits for the user before it is cancelled on its own. */
export const defaultElicitationTimeoutMs = 10 * 60_000;

const cancelAnswer = (): ElicitationAnswer => ({ action: 'cancel' });

/** Builds the broker; every change to the pending list is pushed as 'elicitations.changed'. */
export function createElicitationBroker(events: HostEventHub, options: { defaultTimeoutMs?: number; now?: () => number } = {}): ElicitationBroker {
  const now = options.now ?? Date.now;
  const pending = new PendingRequests<PendingElicitation, ElicitationAnswer>((list) => events.emit('elicitations.changed', list));

  return {
    request(input: ElicitationRequestInput, requestOptions = {}) {
      const timeoutMs = requestOptions.timeoutMs ?? options.defaultTimeoutMs ?? defaultElicitationTimeoutMs;
      const createdAt = now();
      const { answer } = pending.add(
        (id): PendingElicitation => ({ ...input, id, createdAt, expiresAt: createdAt + timeoutMs }),
        cancelAnswer,
        {
          timeoutMs,
          ...(input.chatId !== undefined ? { group: input.chatId } : {}),
          ...(requestOptions.signal ? { signal: requestOptions.signal } : {}),
        },
      );
      return answer;
    },
    list: () => pending.list(),
    answer: (id, answer) => pending.answer(id, answer),
    cancelAll: (chatId) => pending.cancelAll(chatId),
  };
}
