import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type E2eApp } from './harness.ts';

/** Another service on 127.0.0.1 (any port): records the headers of every request the browser sends it. */
async function startNeighbour(): Promise<{ server: Server; port: number; seen: IncomingHttpHeaders[] }> {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((request, response) => {
    seen.push(request.headers);
    response.writeHead(200, { 'Content-Type': 'text/html' });
    response.end('<!doctype html><title>neighbour</title><p>another service</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, seen };
}

describe('web mode token', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startApp({ open: false });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('sends a tab without the token to the "open the link" page, and refuses a wrong token', async () => {
    const page = await app.context.newPage();
    const base = `http://127.0.0.1:${app.web.port}/`;
    await page.goto(base);
    await page.waitForURL('**/link-needed');
    expect(await page.textContent('body')).toContain('Open Switchboard from its link');
    const wrong = await page.goto(`${base}?token=not-the-token`);
    expect(wrong?.status()).toBe(401);
    expect(await page.locator('#root').count()).toBe(0);
    await page.close();
  });

  it('opens with the token, hides it from the address bar, survives a reload, and sets no cookie', async () => {
    const { page } = app;
    await app.open();
    expect(page.url()).not.toContain('token=');
    await page.reload();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    // The socket is up again: settings arrive from the host after the reload.
    await page.keyboard.press('Control+Comma');
    await expect.poll(() => page.getByTestId('api-key-status').isVisible()).toBe(true);
    expect(await app.context.cookies()).toEqual([]);
  });

  it('never sends the token to another service on 127.0.0.1 (browsers share cookies across ports)', async () => {
    await app.open();
    const neighbour = await startNeighbour();
    try {
      const page = await app.context.newPage();
      await page.goto(`http://127.0.0.1:${neighbour.port}/`);
      await page.goto(`http://127.0.0.1:${neighbour.port}/ws`);
      expect(neighbour.seen.length).toBeGreaterThanOrEqual(2);
      for (const headers of neighbour.seen) {
        expect(headers.cookie).toBeUndefined();
        expect(JSON.stringify(headers)).not.toContain(app.web.token);
      }
      await page.close();
    } finally {
      // The browser keeps its connection alive; close() alone would wait for it.
      neighbour.server.closeAllConnections();
      await new Promise((resolve) => neighbour.server.close(resolve));
    }
  });

  it('opens from a one-time code link (what --open hands the browser) once; the same link again is refused', async () => {
    const link = app.web.oneTimeUrl();
    expect(link).not.toContain(app.web.token);
    const first = await app.context.newPage();
    await first.goto(link);
    await first.locator('nav.sb').waitFor();
    expect(first.url()).not.toContain('code=');
    await first.keyboard.press('Control+Comma');
    await expect.poll(() => first.getByTestId('api-key-status').isVisible()).toBe(true);
    const second = await app.context.newPage();
    await second.goto(link);
    await second.waitForURL('**/link-needed');
    await first.close();
    await second.close();
  });

  it('sends a tab whose token is refused (web mode restarted with a new one) to the "open the link" page', async () => {
    const page = await app.context.newPage();
    await page.goto(app.web.url);
    await page.locator('nav.sb').waitFor();
    await page.evaluate("window.sessionStorage.setItem('switchboard.token', 'a-token-from-an-earlier-run')");
    await page.reload();
    await page.waitForURL('**/link-needed');
    expect(await page.textContent('body')).toContain('Open Switchboard from its link');
    await page.close();
  });

  it('refuses a socket from a foreign page even with the right token', async () => {
    const page = await app.context.newPage();
    await page.goto('about:blank');
    const url = `ws://127.0.0.1:${app.web.port}/ws?token=${app.web.token}`;
    const outcome = await page.evaluate(
      (target) =>
        new Promise<string>((resolve) => {
          const socket = new WebSocket(target);
          socket.onopen = () => resolve('open');
          socket.onerror = () => resolve('refused');
        }),
      url,
    );
    expect(outcome).toBe('refused');
    await page.close();
  });
});
