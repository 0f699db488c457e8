/**
 * The one-shot loopback redirect listener of a sign-in (RFC 8252 §7.3): an HTTP server on 127.0.0.1 that waits for the
 * browser to come back with the authorization response, accepts only the `state` it was started with, answers with a
 * page telling the user to return to Switchboard, and closes after that callback or a timeout.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { parseRequestTarget } from '../requestTarget.ts';
import { SignInAbortedError } from './errors.ts';
import { loopbackLanguage, loopbackPage, type LoopbackLanguage, type LoopbackPageKey } from './loopbackPages.ts';

/** Options of one listener. */
export interface LoopbackOptions {
  /** The `state` the authorization request carries; any other callback is turned away. */
  expectedState: string;
  /** How long to wait for the browser; default 5 minutes. */
  timeoutMs?: number;
  /** Port to listen on; 0 (the default) lets the OS pick a free one. */
  port?: number;
  /** Path of the redirect URI; default `/callback`. */
  path?: string;
}

/** A started listener. */
export interface LoopbackListener {
  /** The redirect URI to put in the authorization request, e.g. `http://127.0.0.1:53123/callback`. */
  readonly redirectUri: string;
  readonly port: number;
  /** The callback's query parameters, once the browser arrives with the expected state; rejects on timeout or close(). */
  readonly result: Promise<URLSearchParams>;
  /** Stops listening now (cancels a pending wait). Idempotent. */
  close(): void;
}

/** Default time a user gets to finish signing in in the browser. */
export const defaultSignInTimeoutMs = 5 * 60_000;

function sameState(received: string | null, expected: string): boolean {
  if (received === null) return false;
  const a = Buffer.from(received);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

// The page never repeats anything from the query: on a mix-up the callback's text is attacker-controlled (RFC 9207).
function page(response: ServerResponse, status: number, key: LoopbackPageKey, language: LoopbackLanguage): void {
  const { title, text } = loopbackPage(key, language);
  const body = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;line-height:1.5"><h1 style="font-size:1.25rem">${title}</h1><p>${text}</p></body></html>`;
  response.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    Connection: 'close',
  });
  response.end(body);
}

/** Starts a listener on 127.0.0.1; rejects (e.g. EADDRINUSE) when the port cannot be bound. */
export function startLoopbackListener(options: LoopbackOptions): Promise<LoopbackListener> {
  const path = options.path ?? '/callback';
  const timeoutMs = options.timeoutMs ?? defaultSignInTimeoutMs;
  let settle: { resolve: (params: URLSearchParams) => void; reject: (error: Error) => void } | undefined;
  const result = new Promise<URLSearchParams>((resolve, reject) => (settle = { resolve, reject }));
  // A caller that only awaits after the listener ends must not see an unhandled rejection in between.
  result.catch(() => {});
  let done = false;
  let timer: NodeJS.Timeout | undefined;

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const language = loopbackLanguage(request.headers['accept-language']);
    const target = parseRequestTarget(request.url);
    if (!target) {
      page(response, 400, 'badRequest', language);
      return;
    }
    const params = target.query;
    if (request.method !== 'GET' || target.pathname !== path || done) {
      page(response, 404, 'notFound', language);
      return;
    }
    if (!sameState(params.get('state'), options.expectedState)) {
      page(response, 400, 'unknownSignIn', language);
      return;
    }
    const hasCode = params.has('code');
    page(response, 200, hasCode ? 'signedIn' : 'notCompleted', language);
    finish(() => settle?.resolve(params));
  };

  // The listener runs inside the desktop app and web mode: a throw here must not become an uncaught exception.
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    try {
      handle(request, response);
    } catch {
      if (response.headersSent) response.destroy();
      else page(response, 500, 'failed', loopbackLanguage(request.headers['accept-language']));
    }
  });

  function finish(outcome: () => void): void {
    if (done) return;
    done = true;
    if (timer) clearTimeout(timer);
    outcome();
    server.close();
    server.closeIdleConnections();
  }

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      timer = setTimeout(() => finish(() => settle?.reject(new SignInAbortedError('timeout'))), timeoutMs);
      resolve({
        redirectUri: `http://127.0.0.1:${port}${path}`,
        port,
        result,
        close: () => finish(() => settle?.reject(new SignInAbortedError('cancelled'))),
      });
    });
  });
}
