/**
 * The context meter end to end: a seeded chat far larger than a 20K-token window is continued in the browser; the
 * host summarizes older turns (a real summary request to the scripted LLM) and the composer shows the last request's
 * tokens against the window and a line saying older messages were summarized.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptTurn } from '../fixtures/scriptedLlm/index.ts';
import { seedLongChat } from '../fixtures/longChat/seedLongChat.ts';
import { sendMessage, startApp, type E2eApp } from './harness.ts';

const chatId = 'long-e2e';
const script: ScriptTurn[] = [
  { match: { stream: false }, content: [{ type: 'text', text: 'SUMMARY: many notes files were read.' }] },
  { match: { stream: true }, content: [{ type: 'text', text: 'We were reading your notes.' }] },
];

describe('context meter', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startApp({
      llm: { script },
      settings: { contextWindow: 20_000, maxTokens: 1_000, contextManagement: 'host' },
      prepareDataDir: (dir) => void seedLongChat(dir, { chatId, turns: 60, userChars: 1_500, answerChars: 2_500, toolEvery: 3, resultChars: 3_500 }),
    });
    await app.dismissToasts();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('shows tokens used against the window and that older messages were summarized', async () => {
    const { page } = app;
    await page.goto(`${app.web.url}#/chat/${chatId}`);
    await page.locator('.chat-msg', { hasText: 'Answer 59:' }).first().waitFor();
    await sendMessage(page, 'Where were we?');
    await page.locator('.chat-msg', { hasText: 'We were reading your notes.' }).waitFor();
    const meter = page.getByRole('meter', { name: 'Context window used by the last request' });
    await expect.poll(() => meter.textContent(), { timeout: 20_000 }).toMatch(/^\d+(\.\d)?K \/ 20K tokens$/);
    const used = Number(await meter.getAttribute('aria-valuenow'));
    expect(used).toBeGreaterThan(0);
    expect(used).toBeLessThanOrEqual(19_000);
    expect(await page.getByRole('status').filter({ hasText: 'Older messages summarized' }).textContent()).toMatch(/Older messages summarized \(\d+\)/);
  });
});
