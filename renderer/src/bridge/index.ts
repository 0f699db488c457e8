/** The one way the renderer reaches the host: Electron's preload bridge when present, else web mode's WebSocket. */
import type { Bridge, CallName, CallParams, CallResult } from '../../../shared/contract.ts';
import type { Result } from '../../../shared/errors.ts';
import { alwaysOpen, type ConnectionSource } from './connection.ts';
import { SocketClient } from './socketClient.ts';
import { takeToken } from './token.ts';

declare global {
  interface Window {
    /** Exposed by electron/preload.ts through contextBridge. */
    switchboard?: Bridge;
  }
}

let bridge: Bridge | undefined;
let connection: ConnectionSource = alwaysOpen;

function socketUrl(token: string | undefined): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  // The HttpOnly cookie also authorises the socket; the query token covers browsers that drop it.
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  return `${scheme}//${window.location.host}/ws${query}`;
}

/** The bridge for this window, created once. */
export function getBridge(): Bridge {
  if (bridge) return bridge;
  if (window.switchboard) {
    bridge = window.switchboard;
  } else {
    const client = new SocketClient({ url: socketUrl(takeToken()) });
    connection = client;
    bridge = client;
  }
  return bridge;
}

/** The connection state of the bridge (always open on the desktop). */
export function getConnection(): ConnectionSource {
  getBridge();
  return connection;
}

/** Calls the host; always resolves with a Result. */
export function call<K extends CallName>(name: K, params: CallParams<K>): Promise<Result<CallResult<K>>> {
  return getBridge().invoke(name, params);
}

/** Replaces the bridge (component tests). */
export function setBridgeForTests(next: Bridge, source: ConnectionSource = alwaysOpen): void {
  bridge = next;
  connection = source;
}

export type { ConnectionState } from './connection.ts';
