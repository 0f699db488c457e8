/** Raw-TCP HTTP helpers for attack tests: the test controls every byte, which no HTTP client library allows. */
import { connect } from 'node:net';

/**
 * Sends `bytes` on a fresh connection and resolves with the response's status line ('' when the server closed without
 * one). A request the server still waits on (incomplete on purpose) is half-closed after a while; half-closing at once
 * would make Node drop a response that is written asynchronously (a file being streamed).
 */
export function sendRaw(port: number, bytes: string | Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    const giveUp = setTimeout(() => socket.end(), 3000);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      received += chunk;
      // One answer is enough; a server that keeps the connection open (keep-alive, an accepted upgrade) is not waited for.
      if (received.includes('\r\n')) socket.destroy();
    });
    socket.on('error', () => {}); // A reset is one of the expected answers to garbage.
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve(received.split('\r\n')[0] ?? '');
    });
    socket.on('connect', () => socket.write(bytes));
  });
}

/** Request-targets that broke `new URL(target, base)` (issue 9) and their relatives. */
export const hostileTargets = [
  '//x:99999',
  '//[',
  'http://[',
  '//%zz',
  'http://a:b@[::1',
  '//x:99999/callback?state=s',
  'https://[::1]:99999/',
  'http://127.0.0.1:99999/ws',
  '/%zz',
  '/?%zz=%',
  '/%00',
  '/..%2f..%2f..%2fetc%2fpasswd',
  '/\\..\\..\\x',
  '*',
  'example.com:443',
  'javascript:alert(1)',
  '/a#b',
  `/${'a'.repeat(8000)}`,
  '/\u00ff\u00fe',
];

const upgradeHeaders = 'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n';

/**
 * The corpus: each hostile target as a plain GET and as a WebSocket upgrade (with and without `suffix`, e.g. a real
 * token query, so the request gets past authorisation), plus malformed request lines and headers.
 */
export function malformedRequests(host: string, suffix = ''): (string | Buffer)[] {
  const requests: (string | Buffer)[] = [];
  for (const target of hostileTargets) {
    for (const t of suffix ? [target, target + (target.includes('?') ? '&' : '?') + suffix.replace(/^\?/, '')] : [target]) {
      requests.push(`GET ${t} HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
      requests.push(`GET ${t} HTTP/1.1\r\nHost: ${host}\r\n${upgradeHeaders}\r\n`);
      requests.push(`POST ${t} HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 3\r\n\r\nabc`);
    }
  }
  const good = `/${suffix}`;
  requests.push(
    'GARBAGE\r\n\r\n',
    'GET\r\n\r\n',
    `GET ${good} HTTP/9.9\r\nHost: ${host}\r\n\r\n`,
    `CONNECT ${host} HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
    `OPTIONS * HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
    `GET ${good} HTTP/1.1\r\nHost: [\r\n\r\n`,
    `GET ${good} HTTP/1.1\r\nHost: ${host}\r\nHost: evil.example\r\n\r\n`,
    `GET ${good} HTTP/1.1\r\nHost: 127.0.0.1:99999\r\n\r\n`,
    `GET ${good} HTTP/1.1\r\n\r\n`,
    `GET ${good} HTTP/1.0\r\n\r\n`,
    `GET ${good} HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://[\r\n\r\n`,
    `GET ${good} HTTP/1.1\r\nHost: ${host}\r\nOrigin: //x:99999\r\n\r\n`,
    `GET ${good} HTTP/1.1\r\nHost: ${host}\r\nOrigin: null\r\n\r\n`,
    `GET ${good} HTTP/1.1\r\nHost: ${host}\r\nCookie: =;;;=%zz; a=\r\n\r\n`,
    `GET ${good} HTTP/1.1\r\nHost: ${host}\r\nNo colon here\r\n\r\n`,
    `GET ${good} HTTP/1.1\r\nHost: ${host}\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
    `GET ${good} HTTP/1.1\nHost: ${host}\n\n`,
    `POST ${good} HTTP/1.1\r\nHost: ${host}\r\nContent-Length: -1\r\n\r\n`,
    `POST ${good} HTTP/1.1\r\nHost: ${host}\r\nContent-Length: abc\r\n\r\n`,
    `POST ${good} HTTP/1.1\r\nHost: ${host}\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nxx\r\n0\r\n\r\n`,
    `POST ${good} HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    `GET ${good} HTTP/1.1\r\nHost: ${host}\r\n${upgradeHeaders.replace('Sec-WebSocket-Version: 13', 'Sec-WebSocket-Version: 99')}\r\n`,
    `GET /ws${suffix} HTTP/1.1\r\nHost: ${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n`,
    `GET /ws${suffix} HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://[\r\n${upgradeHeaders}\r\n`,
    Buffer.from([0x47, 0x45, 0x54, 0x20, 0x2f, 0x00, 0xff, 0xfe, 0x20, 0x48, 0x54, 0x54, 0x50, 0x0d, 0x0a, 0x0d, 0x0a]),
    Buffer.from('\u0000\u0001\u0002\r\n\r\n'),
  );
  return requests;
}
