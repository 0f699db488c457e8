/**
 * Toasts never lie over a button: after importing seven servers (five of which fail to start) the toasts sit in the
 * strip the layout reserves above the Import dialog, three at most with "+N" for the rest, and none overlaps a button
 * of the dialog (bounding boxes); Done is clicked at once. On the chat page they stay clear of the composer. Before a
 * key exists, no "your API key is kept in a file" notice is shown.
 */
import { copyFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverScripts, startApp, type E2eApp } from './harness.ts';

const docsShot = fileURLToPath(new URL('../../docs/screenshots/toasts-import.png', import.meta.url));
const refreshDocs = process.env.SWITCHBOARD_DOCS_SCREENSHOTS === '1';

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

// All boxes read in one go in the page: a toast can time out between two separate reads.
type Rect = { x: number; y: number; width: number; height: number };
const boxes = (locator: Locator): Promise<Box[]> =>
  locator.evaluateAll((elements: { getBoundingClientRect(): Rect }[]) =>
    elements.map((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return { x, y, width, height };
    }),
  );

/** Boxes of `targets` that a toast overlaps. */
async function covered(toasts: Locator, targets: Locator): Promise<Box[]> {
  const toastBoxes = await boxes(toasts);
  return (await boxes(targets)).filter((target) => toastBoxes.some((toast) => overlaps(toast, target)));
}

describe('toasts', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startApp({ apiKey: null });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('shows the key-storage notice only once there is a key', async () => {
    const { page, api } = app;
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    await page.locator('nav.sb').getByRole('button', { name: 'Settings' }).click();
    // The Settings page shows the version from app.info: the notices arrived with it.
    await page.getByText(/Version/i).first().waitFor();
    const notice = page.getByTestId('toast').filter({ hasText: 'Your API key is kept in a file' });
    expect(await notice.count()).toBe(0);
    const saved = await api['settings.setApiKey']({ apiKey: 'sk-test' });
    expect(saved.ok).toBe(true);
    await notice.waitFor();
    await app.dismissToasts();
  });

  it('keeps the toasts of an import of seven servers off the dialog buttons', async () => {
    const { page } = app;
    // Servers that start and then exit: each is seen starting before it fails, so each failure is a toast (a new server
    // that fails at once only shows on its card, see serverNotices.ts).
    const exiting = (name: string) => ({ command: process.execPath, args: ['-e', `setTimeout(() => process.exit(3), 1500); // ${name}`] });
    const config = {
      mcpServers: {
        memory: { command: process.execPath, args: [serverScripts.memory] },
        everything: { command: process.execPath, args: [serverScripts.everything, 'stdio'] },
        alpha: exiting('alpha'),
        beta: exiting('beta'),
        gamma: exiting('gamma'),
        delta: exiting('delta'),
        epsilon: exiting('epsilon'),
      },
    };
    await app.open('#/servers');
    await page.getByRole('button', { name: 'Import' }).first().click();
    const dialog = page.getByTestId('import-dialog');
    await dialog.getByLabel('Config JSON').fill(JSON.stringify(config, null, 2));
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => dialog.getByTestId('import-row').count()).toBe(7);
    await dialog.getByRole('button', { name: 'Add 7 servers' }).click();
    await expect.poll(() => dialog.getByTestId('import-result').textContent()).toContain('Added');

    const toasts = page.getByTestId('toast');
    // The import's own toast and one per server that fails to start: more than three, so "+N" shows.
    await expect.poll(() => page.getByTestId('toast-more').count(), { timeout: 45_000 }).toBe(1);
    expect(await toasts.count()).toBeGreaterThan(0);
    expect(await toasts.count()).toBeLessThanOrEqual(3);
    expect(await page.getByTestId('toast-more').textContent()).toMatch(/^\+\d+ more/);
    const shot = await app.screenshot('toasts-over-import');
    if (refreshDocs) copyFileSync(shot, docsShot);

    const buttons = page.getByRole('dialog').getByRole('button');
    expect(await buttons.count()).toBeGreaterThan(1);
    expect(await covered(toasts, buttons)).toEqual([]);
    expect(await covered(toasts, page.getByRole('dialog'))).toEqual([]);
    // Clicked at once: no toast is in the way (Playwright would wait while another element takes the click).
    await dialog.getByRole('button', { name: 'Done' }).click({ timeout: 5000 });
    await dialog.waitFor({ state: 'detached' });

    // The chat page: the remaining toasts stay clear of the composer and its Send button.
    await page.getByRole('button', { name: 'New chat' }).click();
    const composer = page.locator('.chat-composer-wrap');
    await composer.waitFor();
    if ((await toasts.count()) > 0) expect(await covered(toasts, composer)).toEqual([]);
    expect(await covered(toasts, page.locator('.app button'))).toEqual([]);
  });

  it('moves the strip with the sidebar: beside the rail when collapsed, beside the full sidebar again when expanded', async () => {
    const { page } = app;
    const strip = page.getByTestId('toast-strip');
    const sidebarRight = () => page.locator('.app > :first-child').evaluate((element: { getBoundingClientRect(): Rect }) => Math.round(element.getBoundingClientRect().width));
    const stripLeft = () => strip.evaluate((element: { getBoundingClientRect(): Rect }) => Math.round(element.getBoundingClientRect().x));
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(sidebarRight).toBe(56);
    await expect.poll(stripLeft).toBe(56);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(sidebarRight).toBeGreaterThan(56);
    await expect.poll(async () => (await stripLeft()) === (await sidebarRight())).toBe(true);
  });
});
