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
import { cookieName } from './auth.ts';
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

/** Opens a socket; resolves with the open socket or the HTTP status that refused it. */
function openSocket(port: number, query: string, headers: Record<string, string> = {}): Promise<WebSocket | number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws${query}`, { headers });
    ws.once('open', () => resolve(ws));
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

  it('refuses pages without a token or with a wrong one', async () => {
    expect((await get(server.port, '/')).status).toBe(401);
    expect((await get(server.port, '/assets/app.js')).status).toBe(401);
    const wrong = await get(server.port, '/?token=nope');
    expect(wrong.status).toBe(401);
    expect(wrong.body).not.toContain('<div id="root">');
    expect((await get(server.port, '/', { Cookie: `${cookieName(server.port)}=nope` })).status).toBe(401);
  });

  it('serves the tokened page, sets an HttpOnly SameSite=Strict cookie, and serves assets and reloads with it', async () => {
    const page = await get(server.port, `/?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const cookie = String(page.headers['set-cookie']);
    expect(cookie).toContain(`${cookieName(server.port)}=${token}`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    const jar = { Cookie: `${cookieName(server.port)}=${token}` };
    expect((await get(server.port, '/assets/app.js', jar)).body).toContain('console.log');
    expect((await get(server.port, '/', jar)).status).toBe(200);
  });

  it('refuses a foreign Origin or Host even with the right token', async () => {
    expect((await get(server.port, `/?token=${token}`, { Origin: 'http://evil.example' })).status).toBe(403);
    expect((await get(server.port, `/?token=${token}`, { Host: `evil.example:${server.port}` })).status).toBe(403);
    expect((await get(server.port, `/?token=${token}`, { Origin: `http://127.0.0.1:${server.port}` })).status).toBe(200);
  });

  it('never serves files outside the renderer folder', async () => {
    const jar = { Cookie: `${cookieName(server.port)}=${token}` };
    const escaped = await get(server.port, '/..%2f..%2f..%2fetc%2fpasswd.txt', jar);
    expect(escaped.status).toBe(404);
    expect(escaped.body).not.toContain('root:');
  });

  it('refuses WebSocket upgrades without a token, with a wrong one, or from a foreign Origin', async () => {
    expect(await openSocket(server.port, '')).toBe(401);
    expect(await openSocket(server.port, '?token=wrong')).toBe(401);
    expect(await openSocket(server.port, `?token=${token}`, { Origin: 'http://evil.example' })).toBe(403);
  });

  it('answers calls with their Result and pushes host events over an authorised socket', async () => {
    const ws = await openSocket(server.port, `?token=${token}`, { Origin: `http://127.0.0.1:${server.port}` });
    if (typeof ws === 'number') throw new Error(`refused with ${ws}`);
    try {
      ws.send(JSON.stringify({ id: 1, call: 'app.info', params: {} }));
      expect(await nextMessage(ws)).toEqual({ id: 1, result: { ok: true, value: expect.objectContaining({ version: '9.9.9', mode: 'web' }) as unknown } });
      ws.send(JSON.stringify({ id: 2, call: 'servers.explode', params: {} }));
      expect(await nextMessage(ws)).toMatchObject({ id: 2, result: { ok: false, error: { code: 'unknown_method' } } });
      ws.send(JSON.stringify({ id: 3, call: 'servers.remove', params: { id: '' } }));
      expect(await nextMessage(ws)).toMatchObject({ id: 3, result: { ok: false, error: { code: 'invalid_params' } } });
      const pushed = nextMessage(ws);
      events.emit('servers.changed', []);
      expect(await pushed).toEqual({ event: 'servers.changed', payload: [] });
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

  it('accepts the socket with the page cookie instead of a query token', async () => {
    const ws = await openSocket(server.port, '', { Cookie: `${cookieName(server.port)}=${token}` });
    expect(typeof ws).not.toBe('number');
    if (typeof ws !== 'number') ws.close();
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
