import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { callNames, type HostApi } from '../../shared/contract.ts';
import { ok } from '../../shared/errors.ts';
import { HostEventHub } from '../host/events.ts';
import { silentLogger } from '../host/environment.ts';
import { notImplementedCalls } from '../host/notImplemented.ts';
import { frameText } from './socketBridge.ts';
import { startWebServer, type WebServer } from './webServer.ts';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Opens a socket; resolves with the open socket, the HTTP status that refused it, or `close <code>` if closed at once. */
function openSocket(port: number, query: string, headers: Record<string, string> = {}): Promise<WebSocket | number | string> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws${query}`, { headers });
    ws.once('open', () => {
      // An unauthorised socket is closed by the server before any message; wait a moment to tell the two apart.
      const timer = setTimeout(() => resolve(ws), 300);
      ws.once('close', (code) => {
        clearTimeout(timer);
        resolve(`close ${code}`);
      });
    });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', reject);
  });
}

function nextMessage(ws: WebSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve) => ws.once('message', (data) => resolve(JSON.parse(frameText(data)) as Record<string, unknown>)));
}

describe('web mode server', () => {
  const token = 'test-token-abcdefghijklmnopqrstuvwxyz012345';
  const events = new HostEventHub();
  let dir: string;
  let server: WebServer;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sb-web-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Switchboard</title><div id="root"></div>');
    writeFileSync(join(dir, 'assets', 'app.js'), 'console.log("app")');
    const api: HostApi = {
      ...notImplementedCalls<HostApi>(callNames),
      'app.info': () => Promise.resolve(ok({ version: '9.9.9', mode: 'web', dataDir: dir, platform: 'linux', notices: [] })),
    };
    server = await startWebServer({ api, events, logger: silentLogger, rendererDir: dir, token, port: 0 });
  });

  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints a 127.0.0.1 URL that carries the token', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=${token}`);
  });

  it('serves the app\'s files without the token (they are public, the socket is what needs it) and never sets a cookie', async () => {
    for (const path of ['/', '/assets/app.js', `/?token=${token}`, '/#/servers']) {
      const reply = await get(server.port, path);
      expect(reply.status, path).toBe(200);
      expect(reply.headers['set-cookie'], path).toBeUndefined();
    }
    const page = await get(server.port, `/?token=${token}`);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
  });

  it('answers a wrong token in the link, and the page for tabs without a token, with 401 "open the link"', async () => {
    const wrong = await get(server.port, '/?token=nope');
    expect(wrong.status).toBe(401);
    expect(wrong.body).not.toContain('<div id="root">');
    const linkNeeded = await get(server.port, '/link-needed');
    expect(linkNeeded.status).toBe(401);
    expect(linkNeeded.body).toContain('Open Switchboard from its link');
  });

  it('refuses a foreign Origin or Host even with the right token', async () => {
    expect((await get(server.port, `/?token=${token}`, { Origin: 'http://evil.example' })).status).toBe(403);
    expect((await get(server.port, `/?token=${token}`, { Host: `evil.example:${server.port}` })).status).toBe(403);
    expect((await get(server.port, `/?token=${token}`, { Origin: `http://127.0.0.1:${server.port}` })).status).toBe(200);
  });

  it('never serves files outside the renderer folder', async () => {
    const escaped = await get(server.port, '/..%2f..%2f..%2fetc%2fpasswd.txt');
    expect(escaped.status).toBe(404);
    expect(escaped.body).not.toContain('root:');
  });

  it('closes sockets without the token or with a wrong one (4401, before any message), refuses a foreign Origin (403)', async () => {
    expect(await openSocket(server.port, '')).toBe('close 4401');
    expect(await openSocket(server.port, '?token=wrong')).toBe('close 4401');
    expect(await openSocket(server.port, `?token=${token}`, { Origin: 'http://evil.example' })).toBe(403);
  });

  it('answers calls with their Result and pushes host events over an authorised socket', async () => {
    const ws = await openSocket(server.port, `?token=${token}`, { Origin: `http://127.0.0.1:${server.port}` });
    if (!(ws instanceof WebSocket)) throw new Error(`refused with ${ws}`);
    try {
      ws.send(JSON.stringify({ id: 1, call: 'app.info', params: {} }));
      expect(await nextMessage(ws)).toEqual({ id: 1, result: { ok: true, value: expect.objectContaining({ version: '9.9.9', mode: 'web' }) as unknown } });
      ws.send(JSON.stringify({ id: 2, call: 'servers.explode', params: {} }));
      expect(await nextMessage(ws)).toMatchObject({ id: 2, result: { ok: false, error: { code: 'unknown_method' } } });
      ws.send(JSON.stringify({ id: 3, call: 'servers.remove', params: { id: '' } }));
      expect(await nextMessage(ws)).toMatchObject({ id: 3, result: { ok: false, error: { code: 'invalid_params' } } });
      const pushed = nextMessage(ws);
      events.emit('servers.changed', { changed: [], order: [] });
      expect(await pushed).toEqual({ event: 'servers.changed', payload: { changed: [], order: [] } });
    } finally {
      ws.close();
    }
  });

  it('survives clients that reset the connection during a refused or unknown WebSocket upgrade', async () => {
    // A reset while the refusal is written used to throw ECONNRESET with no listener: web mode crashed, token or not.
    const resetDuringUpgrade = (path: string) =>
      new Promise<void>((resolve) => {
        const socket = connect(server.port, '127.0.0.1', () => {
          socket.write(
            `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
              'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
          );
          socket.resetAndDestroy();
          resolve();
        });
        socket.on('error', () => resolve());
      });
    // In web mode an uncaught exception ends the process; here it is recorded so the test fails on it.
    const crashes: string[] = [];
    const record = (cause: Error) => crashes.push(cause.message);
    process.on('uncaughtException', record);
    try {
      for (let i = 0; i < 50; i++) {
        await resetDuringUpgrade('/ws');
        await resetDuringUpgrade(`/elsewhere?token=${token}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await get(server.port, `/?token=${token}`)).status).toBe(200);
    } finally {
      process.off('uncaughtException', record);
    }
    expect(crashes).toEqual([]);
  });

  it('takes no cookie in place of the token', async () => {
    expect(await openSocket(server.port, '', { Cookie: `switchboard_token_${server.port}=${token}; token=${token}` })).toBe('close 4401');
  });
});

describe('web mode server without a built renderer', () => {
  it('says to run the renderer build', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-web-empty-'));
    const api = notImplementedCalls<HostApi>(callNames);
    const server = await startWebServer({ api, events: new HostEventHub(), logger: silentLogger, rendererDir: dir, token: 't0k', port: 0 });
    try {
      const reply = await get(server.port, '/?token=t0k');
      expect(reply.status).toBe(503);
      expect(reply.body).toContain('npm run build:renderer');
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
