/**
 * Web mode's access checks. Host and Origin are checked on every request; the token guards only the WebSocket, the one
 * place the host can be driven from. No cookie: browsers send cookies to every port of 127.0.0.1 (decision 005).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RequestTarget } from '../host/requestTarget.ts';

/** A fresh random token for one web mode run (256 bits, URL-safe). */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Outcome of the Host/Origin check. */
export type OriginVerdict = { ok: true } | { ok: false; status: 403; reason: string };

/** Constant-time comparison, so the token cannot be guessed byte by byte from response times. */
export function tokensEqual(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The hosts this server answers to; anything else is a DNS-rebinding attempt or a foreign page. */
function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

/**
 * A foreign Host or Origin is 403, whatever the request carries: a page elsewhere must never drive the host or read
 * its answers. Non-browser clients send no Origin and are judged by the token alone.
 */
export function checkOrigin(request: IncomingMessage, port: number): OriginVerdict {
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
  return { ok: true };
}

/** What `?token=` of a request says: absent, the run's token, or something else. */
export function queryToken(target: RequestTarget, token: string): 'missing' | 'right' | 'wrong' {
  const given = target.query.get('token');
  if (given === null) return 'missing';
  return tokensEqual(given, token) ? 'right' : 'wrong';
}
