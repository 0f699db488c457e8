import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type E2eApp } from './harness.ts';

describe('web mode token', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startApp({ open: false });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('refuses the page without the token or with a wrong one', async () => {
    const page = await app.context.newPage();
    const base = `http://127.0.0.1:${app.web.port}/`;
    const missing = await page.goto(base);
    expect(missing?.status()).toBe(401);
    expect(await page.textContent('body')).toContain('Open Switchboard from its link');
    const wrong = await page.goto(`${base}?token=not-the-token`);
    expect(wrong?.status()).toBe(401);
    expect(await page.locator('#root').count()).toBe(0);
    await page.close();
  });

  it('opens with the token, hides it from the address bar, and survives a reload', async () => {
    const { page } = app;
    await app.open();
    expect(page.url()).not.toContain('token=');
    await page.reload();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    // The socket is up again: settings arrive from the host after the reload.
    await page.keyboard.press('Control+Comma');
    await expect.poll(() => page.getByTestId('api-key-status').isVisible()).toBe(true);
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
