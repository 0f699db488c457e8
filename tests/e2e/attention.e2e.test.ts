/**
 * Attention end to end: an approval raised while the user is on the Servers view shows on the chat in the sidebar
 * (a badge), in the window title ("(1) Switchboard"), in the "Waiting for you" list and as a card at the top of the
 * Servers view; with the window in the background a Web Notification is shown, and clicking it opens the chat with
 * the approval card focused. The page's Notification is the browser's own, wrapped only to record what was made.
 */
import { copyFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptTurn } from '../fixtures/scriptedLlm/index.ts';
import { nodeServer, sendMessage, serverScripts, startApp, type E2eApp } from './harness.ts';

const docsShot = fileURLToPath(new URL('../../docs/screenshots/attention.png', import.meta.url));
const refreshDocs = process.env.SWITCHBOARD_DOCS_SCREENSHOTS === '1';

const script: ScriptTurn[] = [
  { match: { lastUserText: 'hello' }, content: [{ type: 'text', text: 'Hello! What shall we add?' }] },
  { match: { lastUserText: 'add 2 and 3' }, content: [{ type: 'tool_use', tool: 'get-sum', input: { a: 2, b: 3 } }] },
  { expect: { toolResultsContain: ['5'] }, content: [{ type: 'text', text: 'The sum is 5.' }] },
  { match: { lastUserText: 'echo a long text' }, content: [{ type: 'tool_use', tool: 'echo', input: { message: 'a long line of text '.repeat(60) } }] },
  { expect: { toolResultsContain: ['Echo:'] }, content: [{ type: 'text', text: 'Echoed it.' }] },
];

// Page-side code as strings (the tests are type-checked without the DOM library, as find.e2e.test.ts does).
// Records every Notification the app makes (the real constructor still runs) so the test can read and click them.
const recordNotifications = `(() => {
  const Real = window.Notification;
  const made = [];
  class Recorded extends Real {
    constructor(title, options) {
      super(title, options);
      made.push(this);
    }
  }
  Object.defineProperty(window, '__notifications', { value: made });
  window.Notification = Recorded;
})()`;
const notificationsSeen = `window.__notifications.map((n) => ({ title: n.title, body: n.body }))`;
const clickFirstNotification = `window.__notifications[0].onclick(new Event('click'))`;
/** What a click at the centre of `box` would hit: the text of the button there, if any. */
const buttonAt = (box: { x: number; y: number; width: number; height: number }) =>
  `document.elementFromPoint(${box.x + box.width / 2}, ${box.y + box.height / 2})?.closest('button')?.textContent ?? null`;
const approvalFocused = `document.activeElement !== null && document.activeElement.closest('[data-approval-id]') !== null`;

type Seen = { title: string; body: string };

describe('attention', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startApp({ llm: { script }, servers: { everything: nodeServer(serverScripts.everything) }, open: false });
    await app.context.grantPermissions(['notifications'], { origin: new URL(app.web.url).origin });
    await app.context.addInitScript({ content: recordNotifications });
    await app.open();
    await app.dismissToasts();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('shows an approval raised on the Servers view: sidebar badge, title count, list, card; the notification opens the chat', async () => {
    const { page, api } = app;
    await sendMessage(page, 'hello');
    await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent()).toContain('What shall we add');
    const chatId = decodeURIComponent(new URL(page.url()).hash.replace('#/chat/', ''));
    expect(chatId).not.toBe('');
    expect(await page.title()).toBe('Switchboard');

    await page.getByRole('button', { name: /^Servers/ }).click();
    await page.waitForURL(/#\/servers$/);
    // The user switches to another window: the page loses focus.
    await page.evaluate(`window.dispatchEvent(new Event('blur'))`);

    // The approval is raised by the host while the user is on Servers.
    const sent = await api['chat.send']({ chatId, text: 'Please add 2 and 3' });
    expect(sent.ok).toBe(true);

    const item = page.getByTestId('chat-item').filter({ has: page.getByTestId('chat-badge') });
    await expect.poll(() => item.count(), { timeout: 30_000 }).toBe(1);
    expect(await item.getByTestId('chat-badge').textContent()).toBe('1, 1 decision waiting for you');
    await expect.poll(() => page.title()).toBe('(1) Switchboard');
    expect(await page.getByTestId('waiting-button').getAttribute('aria-label')).toBe('1 decision waiting for you');
    // The card is on the Servers view, where the user is, not only inside the chat.
    const layer = page.getByTestId('approval-layer');
    expect(await layer.getByRole('group', { name: 'Approval for Get Sum' }).isVisible()).toBe(true);
    expect(await page.getByTestId('attention-announcer').textContent()).toContain('Alt+Shift+A');

    await page.getByTestId('waiting-button').click();
    const list = page.getByTestId('waiting-list');
    expect(await list.getByRole('menuitem').first().textContent()).toContain('Run Get Sum Tool from everything?');
    const shot = await app.screenshot('attention-waiting-list');
    if (refreshDocs) copyFileSync(shot, docsShot);
    await page.keyboard.press('Escape');

    const seen = () => page.evaluate<Seen[]>(notificationsSeen);
    await expect.poll(seen).toHaveLength(1);
    const [shown] = await seen();
    expect(shown?.title).toBe('A tool waits for your approval');
    expect(shown?.body).toContain('Run Get Sum Tool from everything?');

    await page.evaluate(clickFirstNotification);
    await page.waitForURL((url) => url.hash === `#/chat/${encodeURIComponent(chatId)}`);
    await expect.poll(() => page.evaluate<boolean>(approvalFocused)).toBe(true);
    expect(await layer.count()).toBe(0);

    await page.keyboard.press('o');
    await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent()).toContain('The sum is 5.');
    await expect.poll(() => page.title()).toBe('Switchboard');
    expect(await page.getByTestId('chat-badge').count()).toBe(0);
  });

  it('keeps the answer buttons of a long approval in view at the top of the Servers view in a short window', async () => {
    const { page, api } = app;
    const chatId = decodeURIComponent(new URL(page.url()).hash.replace('#/chat/', ''));
    await page.setViewportSize({ width: 720, height: 600 });
    await page.getByRole('button', { name: /^Servers/ }).click();
    await page.waitForURL(/#\/servers$/);
    expect((await api['chat.send']({ chatId, text: 'Please echo a long text' })).ok).toBe(true);
    const layer = page.getByTestId('approval-layer');
    const card = layer.getByRole('group', { name: 'Approval for Echo Tool' });
    await card.waitFor({ timeout: 30_000 });
    // The card is taller than the layer (half the window): its arguments scroll, its buttons stay at the layer's edge.
    const allow = card.getByRole('button', { name: 'Allow once' });
    const [allowBox, layerBox] = await Promise.all([allow.boundingBox(), layer.boundingBox()]);
    if (!allowBox || !layerBox) throw new Error('the layer or its button has no box');
    expect(allowBox.y + allowBox.height).toBeLessThanOrEqual(layerBox.y + layerBox.height);
    expect(await page.evaluate<string | null>(buttonAt(allowBox))).toBe('Allow once');
    // A click where the button shows answers it.
    await page.mouse.click(allowBox.x + allowBox.width / 2, allowBox.y + allowBox.height / 2);
    await expect.poll(() => layer.count(), { timeout: 30_000 }).toBe(0);
    await page.setViewportSize({ width: 1280, height: 820 });
  });
});
