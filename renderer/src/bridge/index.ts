/** The one way the renderer reaches the host: Electron's preload bridge when present, else web mode's WebSocket. */
import type { Bridge, CallName, CallParams, CallResult } from '../../../shared/contract.ts';
import type { Result } from '../../../shared/errors.ts';
import { alwaysOpen, type ConnectionSource } from './connection.ts';
import { webPaths } from '../../../shared/webMode.ts';
import { SocketClient } from './socketClient.ts';
import { forgetToken, obtainToken } from './token.ts';

declare global {
  interface Window {
    /** Exposed by electron/preload.ts through contextBridge. */
    switchboard?: Bridge;
  }
}

let bridge: Bridge | undefined;
let connection: ConnectionSource = alwaysOpen;

function socketUrl(token: string): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  // The token travels only here, in the handshake; no cookie carries it (decision 005).
  return `${scheme}//${window.location.host}${webPaths.socket}?token=${encodeURIComponent(token)}`;
}

// No token, or web mode restarted with a new one: its own page tells the user to open the printed link.
function sendToLinkNeeded(): void {
  forgetToken();
  window.location.replace(webPaths.linkNeeded);
}

/** The bridge for this window, created once. */
export function getBridge(): Bridge {
  if (bridge) return bridge;
  if (window.switchboard) {
    bridge = window.switchboard;
  } else {
    const url = obtainToken().then((token) => (token ? socketUrl(token) : undefined));
    const client = new SocketClient({ url, onUnauthorized: sendToLinkNeeded });
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
