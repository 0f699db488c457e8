// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SocketClient } from './socketClient.ts';
import { takeToken } from './token.ts';

/** A stand-in for the browser's WebSocket that the test opens, feeds and closes by hand. */
class FakeSocket {
  static instances: FakeSocket[] = [];
  readyState: number = WebSocket.CONNECTING;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: (() => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSocket.instances.push(this);
  }
  send(frame: string) {
    this.sent.push(frame);
  }
  open() {
    this.readyState = WebSocket.OPEN;
    this.onopen?.();
  }
  receive(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
  drop() {
    this.readyState = WebSocket.CLOSED;
    this.onclose?.();
  }
}

function client() {
  // The factory returns the fake where the browser's WebSocket would be; only the members the client uses exist.
  return new SocketClient({ url: 'ws://127.0.0.1:1/ws', createSocket: (url) => new FakeSocket(url) as unknown as WebSocket });
}
const last = () => FakeSocket.instances.at(-1) as FakeSocket;

beforeEach(() => {
  FakeSocket.instances = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('web mode socket client', () => {
  it('queues calls until the socket opens, then matches answers by id', async () => {
    const bridge = client();
    const pending = bridge.invoke('servers.list', {});
    expect(last().sent).toEqual([]);
    last().open();
    const frame = JSON.parse(last().sent[0] ?? '{}') as { id: number; call: string };
    expect(frame.call).toBe('servers.list');
    last().receive({ id: frame.id, result: { ok: true, value: [] } });
    expect(await pending).toEqual({ ok: true, value: [] });
  });

  it('answers calls in flight with an error when the link drops, and reconnects', async () => {
    const bridge = client();
    const states: string[] = [];
    const reconnected = vi.fn();
    bridge.onState((s) => states.push(s));
    bridge.onReconnect(reconnected);
    last().open();
    const pending = bridge.invoke('app.info', {});
    last().drop();
    const result = await pending;
    expect(result.ok).toBe(false);
    expect(states).toEqual(['open', 'reconnecting']);
    await vi.advanceTimersByTimeAsync(300);
    expect(FakeSocket.instances).toHaveLength(2);
    last().open();
    expect(reconnected).toHaveBeenCalledTimes(1);
    expect(bridge.state()).toBe('open');
  });

  it('says offline after repeated failures and keeps trying', async () => {
    const bridge = client();
    for (let i = 0; i < 4; i++) {
      last().drop();
      await vi.advanceTimersByTimeAsync(5000);
    }
    expect(bridge.state()).toBe('offline');
    expect(FakeSocket.instances.length).toBeGreaterThan(4);
  });

  it('delivers host events to their listeners until unsubscribed', () => {
    const bridge = client();
    last().open();
    const seen: unknown[] = [];
    const off = bridge.on('servers.changed', (servers) => seen.push(servers));
    last().receive({ event: 'servers.changed', payload: [] });
    off();
    last().receive({ event: 'servers.changed', payload: [] });
    expect(seen).toEqual([[]]);
  });
});

describe('takeToken', () => {
  it('moves the token from the address bar to sessionStorage', () => {
    window.history.replaceState(null, '', '/?token=abc123#/servers');
    expect(takeToken()).toBe('abc123');
    expect(window.location.search).toBe('');
    expect(window.location.hash).toBe('#/servers');
    expect(window.sessionStorage.getItem('switchboard.token')).toBe('abc123');
    // A reload has no token in the URL; the tab still knows it.
    expect(takeToken()).toBe('abc123');
  });
});
