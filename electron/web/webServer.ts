/** The web mode HTTP + WebSocket server on 127.0.0.1: token/origin checks, the built renderer, the socket bridge. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { HostApi } from '../../shared/contract.ts';
import type { HostEventHub } from '../host/events.ts';
import type { Logger } from '../host/environment.ts';
import { parseRequestTarget } from '../host/requestTarget.ts';
import { unauthorizedCloseCode, webPaths } from '../../shared/webMode.ts';
import { checkOrigin, queryToken } from './auth.ts';
import { OneTimeCodes } from './openCodes.ts';
import { answerSession } from './sessionEndpoint.ts';
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
  /** Origins the page may frame: only MCP Apps' sandbox proxy (electron/web/appSandboxServer.ts). */
  frameSrc?: string[];
}

/** A listening web server. */
export interface WebServer {
  port: number;
  /** The URL to print for the user, with the token. */
  url: string;
  /** A URL with a fresh one-time code instead of the token, for a browser command line (visible to all in /proc). */
  oneTimeUrl(): string;
  /** Closes every socket and stops listening. */
  close(): Promise<void>;
}

// The token sits in the page URL once, so no Referer may carry it anywhere; frames and foreign scripts are refused.
function securityHeaders(port: number, frameSrc: string[] = []): Record<string, string> {
  return {
    'Content-Security-Policy': [
      "default-src 'self'",
      `frame-src ${frameSrc.length > 0 ? frameSrc.join(' ') : "'none'"}`,
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
  `<p>${reason}. Web mode only answers the link it printed in the terminal when it started (it carries a token that changes every run).</p></body>`;

const statusText = { 400: 'Bad Request', 403: 'Forbidden', 404: 'Not Found', 500: 'Internal Server Error' } as const;

function refuseUpgrade(socket: Duplex, status: keyof typeof statusText): void {
  socket.end(`HTTP/1.1 ${status} ${statusText[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

// What a handler failed on is logged; the client only hears that it failed. The host and its servers keep running.
function answerFailure(response: ServerResponse, logger: Logger, cause: unknown): void {
  logger.error('web: request handler failed', { cause: String(cause) });
  if (response.headersSent) {
    response.destroy();
    return;
  }
  response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'close' });
  response.end('Internal error');
}

/** Starts listening on 127.0.0.1 only; resolves once the port is known. */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const { api, events, logger, rendererDir, token } = options;
  // 48 MB: an attached file travels as base64 in one call (32 MB of file is 43 MB); the renderer refuses larger files
  // before sending, since ws closes the whole socket on a frame over this size.
  const wss = new WebSocketServer({ noServer: true, maxPayload: 48 * 1024 * 1024 });
  const codes = new OneTimeCodes();
  let port = options.port ?? 0;

  // The renderer's files are public (the same bundle ships in the desktop app) and carry no credential: they are
  // served without the token, so a reload or a new asset load needs no cookie. Only the socket drives the host.
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const headers = securityHeaders(port, options.frameSrc);
    const refuse = (status: 401 | 403, reason: string) => {
      response.writeHead(status, { ...headers, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      response.end(refusedPage(status, reason));
    };
    const target = parseRequestTarget(request.url);
    if (!target) {
      response.writeHead(400, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'close' });
      response.end('Bad request target');
      return;
    }
    const origin = checkOrigin(request, port);
    if (!origin.ok) return refuse(origin.status, origin.reason);
    if (target.pathname === webPaths.session) return answerSession(request, response, codes, token, headers);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { ...headers, Allow: 'GET, HEAD' });
      response.end();
      return;
    }
    if (target.pathname === webPaths.linkNeeded) return refuse(401, 'This tab has no valid token');
    // A wrong token in the link is said at once instead of after the app has loaded.
    if (queryToken(target, token) === 'wrong') return refuse(401, 'Wrong token');
    if (!rendererBuilt(rendererDir)) {
      response.writeHead(503, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      response.end(notBuiltMessage);
      return;
    }
    serveStatic(rendererDir, target.pathname, response, headers);
  };

  const upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const target = parseRequestTarget(request.url);
    if (!target) return refuseUpgrade(socket, 400);
    const origin = checkOrigin(request, port);
    if (!origin.ok) return refuseUpgrade(socket, origin.status);
    if (target.pathname !== webPaths.socket) return refuseUpgrade(socket, 404);
    const authorised = queryToken(target, token) === 'right';
    wss.handleUpgrade(request, socket, head, (ws) => {
      // A browser cannot read an HTTP 401 on an upgrade; this close code lets the page say "open the link" instead
      // of retrying forever. The socket is closed before anything is read from it or sent to it.
      if (!authorised) return ws.close(unauthorizedCloseCode, 'Open Switchboard from its link');
      attachSocket(ws, api, events, logger);
    });
  };

  // A throw inside a request listener is an uncaught exception, which ends web mode and every MCP server with it.
  const server: Server = createServer((request, response) => {
    try {
      handle(request, response);
    } catch (cause) {
      answerFailure(response, logger, cause);
    }
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node hands the raw socket over without its error listener: a client resetting mid-handshake (refused or not)
    // would throw ECONNRESET and end web mode. Such a socket has nothing left to say; ws adds its own once accepted.
    socket.on('error', () => socket.destroy());
    try {
      upgrade(request, socket, head);
    } catch (cause) {
      logger.error('web: upgrade handler failed', { cause: String(cause) });
      refuseUpgrade(socket, 500);
    }
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
    oneTimeUrl: () => `http://127.0.0.1:${port}/?code=${codes.issue()}`,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
