/** The web mode HTTP + WebSocket server on 127.0.0.1: token/origin checks, the built renderer, the socket bridge. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { HostApi } from '../../shared/contract.ts';
import type { HostEventHub } from '../host/events.ts';
import type { Logger } from '../host/environment.ts';
import { checkRequest, tokenCookie } from './auth.ts';
import { attachSocket } from './socketBridge.ts';
import { notBuiltMessage, rendererBuilt, serveStatic } from './staticFiles.ts';

/** What the web server needs: the host's calls and events, where the renderer lives, and the token. */
export interface WebServerOptions {
  api: HostApi;
  events: HostEventHub;
  logger: Logger;
  rendererDir: string;
  token: string;
  /** 0 picks a free port. */
  port?: number;
}

/** A listening web server. */
export interface WebServer {
  port: number;
  /** The URL to open, with the token. */
  url: string;
  /** Closes every socket and stops listening. */
  close(): Promise<void>;
}

/** The socket path the renderer connects to. */
export const socketPath = '/ws';

// The token sits in the page URL once, so no Referer may carry it anywhere; frames and foreign scripts are refused.
function securityHeaders(port: number): Record<string, string> {
  return {
    'Content-Security-Policy': [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "media-src 'self' data: blob:",
      "font-src 'self' data:",
      `connect-src 'self' ws://127.0.0.1:${port} ws://localhost:${port}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
      "form-action 'none'",
    ].join('; '),
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}

const refusedPage = (status: number, reason: string) =>
  `<!doctype html><meta charset="utf-8"><title>Switchboard</title><body style="font-family:system-ui;margin:3rem;max-width:40rem">` +
  `<h1>${status === 401 ? 'Open Switchboard from its link' : 'Not allowed'}</h1>` +
  `<p>${reason}. Web mode only answers the link it printed in the terminal when it started (it carries a one-time token).</p></body>`;

function refuseUpgrade(socket: Duplex, status: 401 | 403): void {
  const text = status === 401 ? 'Unauthorized' : 'Forbidden';
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** Starts listening on 127.0.0.1 only; resolves once the port is known. */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const { api, events, logger, rendererDir, token } = options;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 * 1024 });
  let port = options.port ?? 0;

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const headers = securityHeaders(port);
    const verdict = checkRequest(request, port, token);
    if (!verdict.ok) {
      response.writeHead(verdict.status, { ...headers, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      response.end(refusedPage(verdict.status, verdict.reason));
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { ...headers, Allow: 'GET, HEAD' });
      response.end();
      return;
    }
    const withCookie: Record<string, string> = verdict.viaQuery ? { ...headers, 'Set-Cookie': tokenCookie(port, token) } : headers;
    if (!rendererBuilt(rendererDir)) {
      response.writeHead(503, { ...withCookie, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      response.end(notBuiltMessage);
      return;
    }
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    serveStatic(rendererDir, path, response, withCookie);
  };

  const server: Server = createServer(handle);
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node hands the raw socket over without its error listener: a client resetting mid-handshake (refused or not)
    // would throw ECONNRESET and end web mode. Such a socket has nothing left to say; ws adds its own once accepted.
    socket.on('error', () => socket.destroy());
    const verdict = checkRequest(request, port, token);
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    if (!verdict.ok) return refuseUpgrade(socket, verdict.status);
    if (path !== socketPath) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      attachSocket(ws, api, events, logger);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : port;

  return {
    port,
    url: `http://127.0.0.1:${port}/?token=${token}`,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
