/** Token and origin checks for web mode: every HTTP request and WebSocket upgrade passes through `checkRequest`. */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RequestTarget } from '../host/requestTarget.ts';

/** A fresh random token for one web mode run (256 bits, URL-safe). */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Cookie name carrying the token; per port, because browsers do not scope cookies by port. */
export function cookieName(port: number): string {
  return `switchboard_token_${port}`;
}

/** The Set-Cookie value that lets a tokened page load its assets and survive reloads without the token in the URL. */
export function tokenCookie(port: number, token: string): string {
  return `${cookieName(port)}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}

/** Outcome of checking one request. `viaQuery` tells the server to (re)set the cookie. */
export type AuthVerdict =
  | { ok: true; viaQuery: boolean }
  | { ok: false; status: 401 | 403; reason: string };

/** Constant-time comparison, so the token cannot be guessed byte by byte from response times. */
export function tokensEqual(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The hosts this server answers to; anything else is a DNS-rebinding attempt or a foreign page. */
function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

/**
 * Checks Host, Origin and token. A foreign Host or Origin is 403 (even with the right token: a page elsewhere must
 * never drive the host); a missing or wrong token is 401. Non-browser clients send no Origin and are judged by token.
 */
export function checkRequest(request: IncomingMessage, target: RequestTarget, port: number, token: string): AuthVerdict {
  const hosts = allowedHosts(port);
  const host = request.headers.host;
  if (!host || !hosts.has(host.toLowerCase())) return { ok: false, status: 403, reason: 'Host not allowed' };
  const origin = request.headers.origin;
  if (origin !== undefined) {
    let originHost: string | undefined;
    try {
      const parsed = new URL(origin);
      originHost = parsed.protocol === 'http:' ? parsed.host.toLowerCase() : undefined;
    } catch {
      originHost = undefined;
    }
    if (!originHost || !hosts.has(originHost)) return { ok: false, status: 403, reason: 'Origin not allowed' };
  }
  const queryToken = target.query.get('token') ?? undefined;
  if (queryToken !== undefined) {
    return tokensEqual(queryToken, token) ? { ok: true, viaQuery: true } : { ok: false, status: 401, reason: 'Wrong token' };
  }
  const cookieToken = readCookie(request.headers.cookie, cookieName(port));
  if (tokensEqual(cookieToken, token)) return { ok: true, viaQuery: false };
  return { ok: false, status: 401, reason: cookieToken === undefined ? 'Missing token' : 'Wrong token' };
}
