import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Protocol } from 'electron';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callNames, type HostApi } from '../../shared/contract.ts';
import { resolveAppFile } from '../../electron/desktop/appAssets.ts';
import { serveRenderer } from '../../electron/desktop/appProtocol.ts';
import { silentLogger } from '../../electron/host/environment.ts';
import { HostEventHub } from '../../electron/host/events.ts';
import { notImplementedCalls } from '../../electron/host/notImplemented.ts';
import { startWebServer, type WebServer } from '../../electron/web/webServer.ts';

const secret = 'TOP-SECRET-OUTSIDE-THE-RENDERER';

/** A renderer folder with real files, symlinks that escape it, and one symlink that stays inside. */
function makeRenderer(): { top: string; renderer: string } {
  const top = mkdtempSync(join(tmpdir(), 'sb-static-links-'));
  const renderer = join(top, 'renderer');
  const outside = join(top, 'outside');
  mkdirSync(join(renderer, 'assets'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(renderer, 'assets', 'app.js'), 'console.log("app")');
  writeFileSync(join(outside, 'secret.txt'), secret);
  symlinkSync(join(outside, 'secret.txt'), join(renderer, 'leak.txt'));
  symlinkSync(join(outside, 'secret.txt'), join(renderer, 'assets', 'leak.js'));
  symlinkSync('../../outside/secret.txt', join(renderer, 'assets', 'relative-leak.js'));
  symlinkSync(outside, join(renderer, 'linked-dir'));
  symlinkSync('/etc/passwd', join(renderer, 'passwd.txt'));
  symlinkSync(join(renderer, 'assets', 'app.js'), join(renderer, 'alias.js'));
  return { top, renderer };
}

const escapes = ['/leak.txt', '/assets/leak.js', '/assets/relative-leak.js', '/linked-dir/secret.txt', '/passwd.txt'];

describe('web mode static files never follow a symlink out of the renderer folder (issue 9 item 10)', () => {
  const token = 'static-links-token-0123456789abcdefghijklmnop';
  let dirs: { top: string; renderer: string };
  let server: WebServer;
  beforeAll(async () => {
    dirs = makeRenderer();
    const api = notImplementedCalls<HostApi>(callNames);
    server = await startWebServer({ api, events: new HostEventHub(), logger: silentLogger, rendererDir: dirs.renderer, token, port: 0 });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dirs.top, { recursive: true, force: true });
  });

  const get = async (path: string) => {
    const response = await fetch(`http://127.0.0.1:${server.port}${path}?token=${token}`);
    return { status: response.status, body: await response.text() };
  };

  it('refuses every link whose target is outside', async () => {
    for (const path of escapes) {
      const reply = await get(path);
      expect(reply.status, path).toBe(404);
      expect(reply.body, path).not.toContain(secret);
      expect(reply.body, path).not.toContain('root:');
    }
    // A path without an extension falls back to the app page, never to the linked folder's file.
    expect((await get('/linked-dir/secret')).body).not.toContain(secret);
  });

  it('still serves real files and links that stay inside', async () => {
    expect((await get('/assets/app.js')).body).toContain('console.log');
    expect((await get('/alias.js')).body).toContain('console.log');
  });
});

describe('desktop app:// never follows a symlink out of the renderer folder (issue 9 item 10)', () => {
  let dirs: { top: string; renderer: string };
  beforeAll(() => {
    dirs = makeRenderer();
  });
  afterAll(() => rmSync(dirs.top, { recursive: true, force: true }));

  it('resolveAppFile: 404 for escaping links, the real file for inside ones', () => {
    for (const path of escapes) expect(resolveAppFile(dirs.renderer, `app://switchboard${path}`), path).toEqual({ ok: false, status: 404 });
    expect(resolveAppFile(dirs.renderer, 'app://switchboard/alias.js')).toMatchObject({ ok: true, path: join(dirs.renderer, 'assets', 'app.js') });
    expect(resolveAppFile(dirs.renderer, 'app://switchboard/')).toMatchObject({ ok: true, path: join(dirs.renderer, 'index.html') });
  });

  it('the app:// handler answers 404 with no byte of the outside file', async () => {
    let handler: ((request: Request) => Promise<Response>) | undefined;
    // serveRenderer uses only protocol.handle; the rest of Electron's Protocol is not reachable from plain Node.
    const protocol = { handle: (_scheme: string, fn: (request: Request) => Promise<Response>) => (handler = fn) } as unknown as Protocol;
    serveRenderer(protocol, dirs.renderer, silentLogger);
    if (!handler) throw new Error('no handler registered');
    for (const path of escapes) {
      const response = await handler(new Request(`app://switchboard${path}`));
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain(secret);
    }
    const ok = await handler(new Request('app://switchboard/assets/app.js'));
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('console.log');
  });
});
