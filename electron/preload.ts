/** Preload (sandboxed): exposes one generic invoke/on bridge to the page; no per-call code, no Node access. */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { Bridge, CallName, CallParams, CallResult, EventName, HostEvents } from '../shared/contract.ts';
import type { Result } from '../shared/errors.ts';
import { BRIDGE_GLOBAL, EVENT_CHANNEL, INVOKE_CHANNEL } from './desktop/ipcChannels.ts';

type AnyListener = (payload: unknown) => void;
const listeners = new Map<string, Set<AnyListener>>();

// One IPC listener for all events, fanned out here, so subscribing never adds IPC listeners.
ipcRenderer.on(EVENT_CHANNEL, (_event: IpcRendererEvent, name: unknown, payload: unknown) => {
  if (typeof name !== 'string') return;
  for (const listener of listeners.get(name) ?? []) {
    try {
      listener(payload);
    } catch (cause) {
      console.error(`switchboard: a listener of ${name} threw`, cause);
    }
  }
});

const bridge: Bridge = {
  invoke<K extends CallName>(name: K, params: CallParams<K>): Promise<Result<CallResult<K>>> {
    return ipcRenderer.invoke(INVOKE_CHANNEL, name, params).then(
      // The main side answers every call with the contract's Result for `name`.
      (value: unknown) => value as Result<CallResult<K>>,
      // Only a broken channel lands here (main crashed, handler missing); it still arrives as data, not a throw.
      (cause: unknown): Result<CallResult<K>> => ({
        ok: false,
        error: { code: 'internal', message: `${name} could not reach the host: ${cause instanceof Error ? cause.message : String(cause)}` },
      }),
    );
  },
  on<E extends EventName>(event: E, listener: (payload: HostEvents[E]) => void): () => void {
    let set = listeners.get(event);
    if (!set) {
      set = new Set();
      listeners.set(event, set);
    }
    // Payloads on the channel for `event` are HostEvents[event], as sent by the main process.
    const untyped = listener as AnyListener;
    set.add(untyped);
    return () => {
      listeners.get(event)?.delete(untyped);
    };
  },
};

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, bridge);
