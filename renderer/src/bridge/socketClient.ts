/** The web mode bridge: the contract's invoke/on carried over one WebSocket, reconnecting when the link drops. */
import type { Bridge, CallName, CallParams, CallResult, EventName, HostEvents } from '../../../shared/contract.ts';
import { err, type Result } from '../../../shared/errors.ts';
import { unauthorizedCloseCode } from '../../../shared/webMode.ts';
import type { ConnectionSource, ConnectionState } from './connection.ts';

/** A call awaiting its answer; `sent` is false while it waits in the queue for the socket to open. */
interface Pending {
  resolve: (result: Result<unknown>) => void;
  sent: boolean;
}
type AnyListener = (payload: unknown) => void;

/** Reconnect delays in ms; the last one repeats. */
const backoff = [250, 500, 1000, 2000, 4000];
/** After this many failed attempts in a row the banner says web mode looks stopped (attempts continue). */
const offlineAfter = 4;

/** The socket URL (or a promise of it: the token may first be traded for a one-time code), and a factory for tests. */
export interface SocketClientOptions {
  /** undefined: this tab has no token, so there is nothing to connect with. */
  url: string | Promise<string | undefined>;
  createSocket?: (url: string) => WebSocket;
  /** The tab has no token or web mode refused it (it restarted with a new one); the client stops trying. */
  onUnauthorized?: () => void;
}

/** A Bridge plus its connection state, over a WebSocket. */
export class SocketClient implements Bridge, ConnectionSource {
  private url: string | undefined;
  private readonly createSocket: (url: string) => WebSocket;
  private readonly onUnauthorized: (() => void) | undefined;
  private refused = false;
  private socket: WebSocket | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly queue: { id: number; frame: string }[] = [];
  private readonly listeners = new Map<string, Set<AnyListener>>();
  private readonly stateListeners = new Set<(state: ConnectionState) => void>();
  private readonly reconnectListeners = new Set<() => void>();
  private current: ConnectionState = 'connecting';
  private failures = 0;
  private everOpened = false;

  constructor(options: SocketClientOptions) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
    this.onUnauthorized = options.onUnauthorized;
    if (typeof options.url === 'string') {
      this.url = options.url;
      this.connect();
    } else {
      void options.url.then(
        (url) => {
          this.url = url;
          if (url) this.connect();
          else this.refuse();
        },
        () => this.refuse(),
      );
    }
  }

  /** Sends one call; resolves with its Result (a lost connection is a Result too, never a throw). */
  invoke<K extends CallName>(name: K, params: CallParams<K>): Promise<Result<CallResult<K>>> {
    if (this.refused) return Promise.resolve(err('unauthorized', 'Open Switchboard from the link web mode printed in its terminal'));
    const id = this.nextId++;
    const frame = JSON.stringify({ id, call: name, params });
    return new Promise((resolve) => {
      const entry: Pending = { resolve: resolve as (result: Result<unknown>) => void, sent: false };
      this.pending.set(id, entry);
      if (this.socket?.readyState === WebSocket.OPEN) {
        this.socket.send(frame);
        entry.sent = true;
      } else {
        this.queue.push({ id, frame });
      }
    });
  }

  /** Listens to one host event; returns the unsubscribe function. Survives reconnects. */
  on<E extends EventName>(event: E, listener: (payload: HostEvents[E]) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    const wrapped = listener as AnyListener;
    set.add(wrapped);
    return () => set.delete(wrapped);
  }

  /** The connection state now. */
  state(): ConnectionState {
    return this.current;
  }

  /** Listens to connection state changes. */
  onState(listener: (state: ConnectionState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Listens to reconnections (not the first connection). */
  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  private setState(state: ConnectionState): void {
    if (state === this.current) return;
    this.current = state;
    for (const listener of this.stateListeners) listener(state);
  }

  // Calls waiting or in flight get an answer; no reconnect follows, a new link is needed.
  private refuse(): void {
    if (this.refused) return;
    this.refused = true;
    this.queue.splice(0);
    for (const [id, entry] of this.pending) {
      this.pending.delete(id);
      entry.resolve(err('unauthorized', 'Open Switchboard from the link web mode printed in its terminal'));
    }
    this.setState('offline');
    this.onUnauthorized?.();
  }

  private connect(): void {
    if (this.url === undefined || this.refused) return;
    const socket = this.createSocket(this.url);
    this.socket = socket;
    socket.onopen = () => {
      const reconnected = this.everOpened;
      this.everOpened = true;
      this.failures = 0;
      this.setState('open');
      for (const { id, frame } of this.queue.splice(0)) {
        const entry = this.pending.get(id);
        if (!entry) continue;
        socket.send(frame);
        entry.sent = true;
      }
      if (reconnected) for (const listener of this.reconnectListeners) listener();
    };
    socket.onmessage = (message: MessageEvent) => {
      if (typeof message.data === 'string') this.receive(message.data);
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      if (event.code === unauthorizedCloseCode) return this.refuse();
      // Calls in flight may or may not have run; the caller hears so instead of waiting forever.
      for (const [id, entry] of this.pending) {
        if (!entry.sent) continue;
        this.pending.delete(id);
        entry.resolve(err('internal', 'The connection to Switchboard was lost before it answered'));
      }
      this.failures += 1;
      this.setState(this.failures >= offlineAfter ? 'offline' : this.everOpened ? 'reconnecting' : 'connecting');
      const delay = backoff[Math.min(this.failures - 1, backoff.length - 1)] ?? 4000;
      setTimeout(() => this.connect(), delay);
    };
  }

  private receive(text: string): void {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return;
    }
    if (!data || typeof data !== 'object') return;
    const message = data as { id?: unknown; result?: Result<unknown>; event?: unknown; payload?: unknown };
    if (typeof message.id === 'number' && message.result) {
      const entry = this.pending.get(message.id);
      this.pending.delete(message.id);
      entry?.resolve(message.result);
      return;
    }
    if (typeof message.event === 'string') {
      for (const listener of this.listeners.get(message.event) ?? []) {
        try {
          listener(message.payload);
        } catch (cause) {
          // One broken view must not stop the other mirrors from updating.
          console.error(`Listener of ${message.event} failed`, cause);
        }
      }
    }
  }
}
