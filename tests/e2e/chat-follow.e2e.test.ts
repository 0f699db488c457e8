/**
 * Following a streaming reply (issue 14's performance pass changed how): a reply much taller than the window keeps the
 * view at its end while it streams; a user who scrolls up mid-reply stays where they are, with "Jump to latest".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ScriptTurn } from '../fixtures/scriptedLlm/index.ts';
import { sendMessage, startApp, type E2eApp } from './harness.ts';

/** A reply of `count` paragraphs (several window heights), ending with `marker`. */
function longReply(count: number, marker: string): string {
  const paragraphs = Array.from({ length: count }, (_, i) => `Paragraph ${i + 1}: the server answered, the fields were checked and the summary below says what changed in plain words.`);
  return `${paragraphs.join('\n\n')}\n\n${marker}`;
}

const script: ScriptTurn[] = [
  { match: { lastUserText: 'follow me' }, eventDelayMs: 4, content: [{ type: 'text', text: longReply(80, 'END-OF-FOLLOWED'), chunkSize: 24 }] },
  { match: { lastUserText: 'let me read' }, eventDelayMs: 8, content: [{ type: 'text', text: longReply(160, 'END-OF-UNFOLLOWED'), chunkSize: 16 }] },
];

/** Pixels between the bottom of the list's window and the end of its content. */
const distanceFromEnd = (page: Page): Promise<number> => page.getByTestId('chat-scroll').evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);

describe('chat follows a streaming reply', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startApp({ llm: { script }, viewport: { width: 1100, height: 700 } });
    await app.dismissToasts();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('keeps a reply taller than the window at its end while it streams', async () => {
    const { page } = app;
    await sendMessage(page, 'Please follow me through a long answer');
    const scroller = page.getByTestId('chat-scroll');
    await expect.poll(() => scroller.textContent(), { timeout: 60_000 }).toContain('END-OF-FOLLOWED');
    const size = await scroller.evaluate((el) => ({ content: el.scrollHeight, window: el.clientHeight }));
    expect(size.content).toBeGreaterThan(size.window * 3);
    await expect.poll(() => distanceFromEnd(page), { timeout: 15_000 }).toBeLessThan(8);
    await expect(page.getByRole('button', { name: 'Jump to the latest message' }).count()).resolves.toBe(0);
    expect(app.pageErrors).toEqual([]);
  });

  it('leaves a user who scrolled up mid-reply where they are, with Jump to latest', async () => {
    const { page } = app;
    await sendMessage(page, 'Now let me read from the top');
    const scroller = page.getByTestId('chat-scroll');
    await expect.poll(() => scroller.textContent(), { timeout: 60_000 }).toContain('Paragraph 30:');
    const box = await scroller.boundingBox();
    if (!box) throw new Error('the chat list has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -900);
    await expect.poll(() => distanceFromEnd(page)).toBeGreaterThan(400);
    // Still streaming when the user scrolled, and the reply keeps growing below them.
    await expect(scroller.textContent()).resolves.not.toContain('END-OF-UNFOLLOWED');
    const readingAt = await scroller.evaluate((el) => el.scrollTop);
    await expect.poll(() => scroller.textContent(), { timeout: 60_000 }).toContain('END-OF-UNFOLLOWED');
    expect(Math.abs((await scroller.evaluate((el) => el.scrollTop)) - readingAt)).toBeLessThan(4);
    const jump = page.getByRole('button', { name: 'Jump to the latest message' });
    await jump.click();
    await expect.poll(() => distanceFromEnd(page), { timeout: 15_000 }).toBeLessThan(8);
    expect(app.pageErrors).toEqual([]);
  });
});
