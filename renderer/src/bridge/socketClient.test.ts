// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SocketClient } from './socketClient.ts';
import { obtainToken, takeToken } from './token.ts';

/** A stand-in for the browser's WebSocket that the test opens, feeds and closes by hand. */
class FakeSocket {
  static instances: FakeSocket[] = [];
  readyState: number = WebSocket.CONNECTING;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
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
  drop(code = 1006) {
    this.readyState = WebSocket.CLOSED;
    this.onclose?.(new CloseEvent('close', { code }));
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

describe('web mode socket client without a valid token', () => {
  it('stops and says so when web mode refuses the token (close 4401): calls answer unauthorized, no reconnect', async () => {
    const unauthorized = vi.fn();
    const bridge = new SocketClient({ url: 'ws://127.0.0.1:1/ws?token=old', createSocket: (url) => new FakeSocket(url) as unknown as WebSocket, onUnauthorized: unauthorized });
    const pending = bridge.invoke('app.info', {});
    last().drop(4401);
    expect(await pending).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(bridge.state()).toBe('offline');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(await bridge.invoke('app.info', {})).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
  });

  it('waits for the token before connecting, and never connects without one', async () => {
    let give: (url: string | undefined) => void = () => {};
    const later = new SocketClient({ url: new Promise((resolve) => (give = resolve)), createSocket: (url) => new FakeSocket(url) as unknown as WebSocket });
    const pending = later.invoke('servers.list', {});
    expect(FakeSocket.instances).toHaveLength(0);
    give('ws://127.0.0.1:1/ws?token=t');
    await vi.advanceTimersByTimeAsync(0);
    last().open();
    const frame = JSON.parse(last().sent[0] ?? '{}') as { id: number };
    last().receive({ id: frame.id, result: { ok: true, value: [] } });
    expect(await pending).toEqual({ ok: true, value: [] });

    const unauthorized = vi.fn();
    new SocketClient({ url: Promise.resolve(undefined), createSocket: (url) => new FakeSocket(url) as unknown as WebSocket, onUnauthorized: unauthorized });
    await vi.advanceTimersByTimeAsync(0);
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(FakeSocket.instances).toHaveLength(1);
  });
});

describe('obtainToken', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('trades a one-time ?code= for the token, removes the code from the address bar and keeps the token for reloads', async () => {
    window.history.replaceState(null, '', '/?code=one-time#/servers');
    const fetchFn = vi.fn((_input: RequestInfo | URL, init?: RequestInit) =>
      Promise.resolve(new Response(JSON.stringify({ token: init?.body === JSON.stringify({ code: 'one-time' }) ? 'the-token' : 'nope' }), { status: 200 })),
    );
    expect(await obtainToken(window.location, window.history, window.sessionStorage, fetchFn)).toBe('the-token');
    expect(fetchFn).toHaveBeenCalledWith('/session', expect.objectContaining({ method: 'POST' }));
    expect(window.location.search).toBe('');
    expect(window.location.hash).toBe('#/servers');
    expect(await obtainToken(window.location, window.history, window.sessionStorage, fetchFn)).toBe('the-token');
    expect(fetchFn).toHaveBeenCalledTimes(1);
  });

  it('has no token when the code was already used and the tab had none', async () => {
    window.history.replaceState(null, '', '/?code=used');
    const fetchFn = vi.fn(() => Promise.resolve(new Response('{"error":"used"}', { status: 401 })));
    expect(await obtainToken(window.location, window.history, window.sessionStorage, fetchFn)).toBeUndefined();
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
