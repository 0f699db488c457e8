/**
 * Attachments end to end in Chromium: an image and a PDF dropped onto the chat reach the scripted Messages API as image
 * and document blocks and show as thumbnails/chips on the sent message (again after a reload); an image pasted into
 * the message box is sent as an image; a file over the size limit and a binary file are refused with a message, and
 * nothing is sent.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { lastUserBlocks } from '../fixtures/scriptedLlm/index.ts';
import { makePdf } from '../fixtures/attachments/files.ts';
import { startApp, type E2eApp } from './harness.ts';

// Refreshed only on request (SWITCHBOARD_DOCS_SCREENSHOTS=1): a test run must not change tracked files.
const docsShots = path.join(import.meta.dirname, '..', '..', 'docs', 'screenshots');
const refreshDocs = process.env.SWITCHBOARD_DOCS_SCREENSHOTS === '1';
const reply = (text: string) => ({ content: [{ type: 'text' as const, text }] });

/** Files built in the page: a canvas PNG of `width` × `height`, and files from base64 bytes. */
type FileSpec = { kind: 'png'; name: string; width: number; height: number } | { kind: 'bytes'; name: string; type: string; base64: string } | { kind: 'zeros'; name: string; size: number };

// Builds the files in the page and dispatches them as a drop on the chat, or a paste into the message box, as the
// browser delivers them (tests/ has no DOM types, so the page script is a string).
const deliverScript = `async ({ how, specs }) => {
  const files = [];
  for (const spec of specs) {
    if (spec.kind === 'png') {
      const canvas = new OffscreenCanvas(spec.width, spec.height);
      const g = canvas.getContext('2d');
      const gradient = g.createLinearGradient(0, 0, spec.width, spec.height);
      gradient.addColorStop(0, '#5b5bd6');
      gradient.addColorStop(1, '#f5a524');
      g.fillStyle = gradient;
      g.fillRect(0, 0, spec.width, spec.height);
      files.push(new File([await canvas.convertToBlob({ type: 'image/png' })], spec.name, { type: 'image/png' }));
    } else if (spec.kind === 'bytes') {
      files.push(new File([Uint8Array.from(atob(spec.base64), (c) => c.charCodeAt(0))], spec.name, { type: spec.type }));
    } else {
      files.push(new File([new Uint8Array(spec.size)], spec.name));
    }
  }
  const data = new DataTransfer();
  for (const file of files) data.items.add(file);
  if (how === 'paste') {
    document.querySelector('textarea.chat-composer-input').dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    return;
  }
  const target = document.querySelector('[data-testid="chat-view"]');
  for (const type of ['dragenter', 'dragover', 'drop']) target.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
}`;

async function deliver(page: Page, how: 'drop' | 'paste', specs: FileSpec[]): Promise<void> {
  await page.evaluate(`(${deliverScript})(${JSON.stringify({ how, specs })})`);
}

describe('attachments', () => {
  let app: E2eApp;
  let chatId: string;

  beforeAll(async () => {
    app = await startApp({ llm: { script: [reply('A gradient and a two-page report.'), reply('That is a pasted picture.'), reply('A script.')] } });
    const created = await app.api['chats.create']({});
    if (!created.ok) throw new Error(created.error.message);
    chatId = created.value.id;
    await app.open(`#/chat/${chatId}`);
    await app.dismissToasts();
  });

  afterAll(async () => {
    await app?.close();
  });

  const chips = () => app.page.getByRole('list', { name: 'Attached files' }).getByRole('listitem');
  const sendButton = () => app.page.getByRole('button', { name: 'Send message', disabled: false });

  it('sends an image and a PDF dropped onto the chat as image and document blocks', async () => {
    const { page } = app;
    await deliver(page, 'drop', [
      { kind: 'png', name: 'gradient.png', width: 2400, height: 1600 },
      { kind: 'bytes', name: 'report.pdf', type: 'application/pdf', base64: makePdf(2).toString('base64') },
    ]);
    await expect.poll(() => chips().count()).toBe(2);
    // Both checked by the host (the image scaled down there): Send is enabled once neither is still uploading.
    await sendButton().waitFor();
    expect(await chips().first().locator('img').getAttribute('src')).toMatch(/^data:image\/webp;base64,/);
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill('What is in these files?');
    await composer.press('Enter');
    await page.locator('.chat-msg', { hasText: 'A gradient and a two-page report.' }).waitFor();

    const body = app.llm?.messageRequests().at(-1)?.body;
    const blocks = body ? lastUserBlocks(body) : [];
    expect(blocks.map((b) => b.type)).toEqual(['text', 'text', 'image', 'document']);
    expect(blocks[2]).toMatchObject({ source: { type: 'base64', media_type: 'image/png' } });
    expect(blocks[3]).toMatchObject({ title: 'report.pdf', source: { type: 'base64', media_type: 'application/pdf', data: makePdf(2).toString('base64') } });
    expect(await chips().count()).toBe(0);

    const sent = page.locator('.chat-msg.is-user').last().getByTestId('sent-file');
    await expect.poll(() => sent.count()).toBe(2);
    await expect.poll(() => sent.first().locator('img').getAttribute('src')).toMatch(/^data:image\/webp;base64,/);
    expect(await sent.first().getAttribute('title')).toBe('gradient.png · 1568×1045');
    expect(await sent.nth(1).textContent()).toContain('2 pages');
  });

  it('sends an image pasted into the message box; a chip is removed with the keyboard', async () => {
    const { page } = app;
    await deliver(page, 'paste', [{ kind: 'png', name: 'image.png', width: 320, height: 200 }]);
    await deliver(page, 'paste', [{ kind: 'png', name: 'image.png', width: 100, height: 100 }]);
    await expect.poll(() => chips().count()).toBe(2);
    await sendButton().waitFor();
    expect(await chips().first().textContent()).toMatch(/^pasted-\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d\.png$/);
    await page.getByRole('textbox', { name: 'Message' }).fill('What is this?');
    if (refreshDocs) await page.screenshot({ path: path.join(docsShots, 'chat-attachments.png'), animations: 'disabled', caret: 'hide' });
    const remove = chips().nth(1).getByRole('button', { name: /^Remove pasted-/ });
    await remove.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => chips().count()).toBe(1);
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await page.locator('.chat-msg', { hasText: 'That is a pasted picture.' }).waitFor();
    const body = app.llm?.messageRequests().at(-1)?.body;
    expect((body ? lastUserBlocks(body) : []).map((b) => b.type)).toEqual(['text', 'text', 'image']);
  });

  it('shows the files again when the chat is opened again', async () => {
    const { page } = app;
    await page.reload();
    const sent = page.getByTestId('sent-file');
    await expect.poll(() => sent.count(), { timeout: 20_000 }).toBe(3);
    await expect.poll(() => sent.nth(2).locator('img').getAttribute('src')).toMatch(/^data:image\/webp;base64,/);
  });

  it('attaches a code file picked with Attach → Files from this computer on the start page, sent as a text document', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'New chat' }).first().click();
    await page.getByRole('button', { name: 'Attach files or a resource' }).click();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('menuitem', { name: 'Files from this computer…' }).click()]);
    await chooser.setFiles({ name: 'main.py', mimeType: 'text/x-python', buffer: Buffer.from('print("hello")\n') });
    await expect.poll(() => chips().count()).toBe(1);
    await sendButton().waitFor();
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await page.locator('.chat-msg', { hasText: 'A script.' }).waitFor();
    const body = app.llm?.messageRequests().at(-1)?.body;
    expect((body ? lastUserBlocks(body) : []).at(-1)).toMatchObject({ type: 'document', title: 'main.py', source: { type: 'text', media_type: 'text/plain', data: 'print("hello")\n' } });
    // A message of files alone takes its title from the first file.
    expect(await page.locator('.chat-title').textContent()).toBe('main.py');
  });

  it('refuses a file over the size limit and a binary file with a message, and sends nothing', async () => {
    const { page } = app;
    const before = app.llm?.messageRequests().length;
    await deliver(page, 'drop', [
      { kind: 'zeros', name: 'huge.iso', size: 33 * 1024 * 1024 },
      { kind: 'bytes', name: 'tools.zip', type: 'application/zip', base64: Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 8, 0]).toString('base64') },
    ]);
    const notices = page.getByTestId('attachment-notices');
    await expect.poll(() => notices.textContent()).toContain('"tools.zip" looks like a ZIP archive');
    expect(await notices.textContent()).toContain('"huge.iso" is 33.0 MB; a file can be at most 32 MB.');
    expect(await chips().count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(true);
    expect(app.llm?.messageRequests().length).toBe(before);
    expect(app.pageErrors).toEqual([]);
  });
});
