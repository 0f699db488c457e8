/** A typed event hub for HostEvents: the host emits, bridges subscribe. */
import type { EventName, HostEvents } from '../../shared/contract.ts';

/** Listener of any host event. */
export type AnyEventListener = <E extends EventName>(event: E, payload: HostEvents[E]) => void;

/** Typed publish/subscribe for host events; listeners that throw are isolated from each other. */
export class HostEventHub {
  private readonly listeners = new Set<AnyEventListener>();

  /** Publishes one event to every subscriber. */
  emit<E extends EventName>(event: E, payload: HostEvents[E]): void {
    for (const listener of this.listeners) {
      try {
        listener(event, payload);
      } catch {
        // A broken subscriber (e.g. a closed socket) must not stop the others.
      }
    }
  }

  /** Subscribes to every event; returns the unsubscribe function. */
  subscribe(listener: AnyEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
