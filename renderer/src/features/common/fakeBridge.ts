/** A scripted Bridge for component tests: answers calls from a handler table and records them. */
import type { Bridge, CallName, CallParams, CallResult, EventName, HostEvents } from '../../../../shared/contract.ts';
import { err, type Result } from '../../../../shared/errors.ts';

/** Handlers by call name; calls without one answer `not_implemented`. */
export type FakeHandlers = { [K in CallName]?: (params: CallParams<K>) => Result<CallResult<K>> };

/** A bridge whose calls are recorded and answered by `handlers`, and whose events tests can emit. */
export function fakeBridge(handlers: FakeHandlers) {
  const calls: { name: CallName; params: unknown }[] = [];
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const bridge: Bridge = {
    invoke<K extends CallName>(name: K, params: CallParams<K>): Promise<Result<CallResult<K>>> {
      calls.push({ name, params });
      const handler = handlers[name];
      return Promise.resolve(handler ? handler(params) : err('not_implemented', `${name} is not scripted`));
    },
    on<E extends EventName>(event: E, listener: (payload: HostEvents[E]) => void) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      const wrapped = listener as (payload: unknown) => void;
      set.add(wrapped);
      return () => set.delete(wrapped);
    },
  };
  const emit = <E extends EventName>(event: E, payload: HostEvents[E]) => {
    for (const listener of listeners.get(event) ?? []) listener(payload);
  };
  return { bridge, calls, emit };
}
