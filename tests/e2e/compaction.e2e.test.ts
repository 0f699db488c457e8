/**
 * The API's compaction end to end: a chat on a model that supports compaction, with the API's context management on,
 * is continued in the browser; the scripted LLM answers with a `compaction` block before the answer. The chat shows a
 * closed "Earlier messages compacted" marker in that answer, which opens to the summary; the older messages stay shown.
 */
import { copyFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptTurn } from '../fixtures/scriptedLlm/index.ts';
import { seedLongChat } from '../fixtures/longChat/seedLongChat.ts';
import { sendMessage, startApp, type E2eApp } from './harness.ts';

const docsShot = fileURLToPath(new URL('../../docs/screenshots/chat-compaction.png', import.meta.url));
const refreshDocs = process.env.SWITCHBOARD_DOCS_SCREENSHOTS === '1';
const chatId = 'compaction-e2e';
const summary = 'The user read notes 0 to 5 and asked which file to read next; file 3 held the open question.';
const script: ScriptTurn[] = [{ content: [{ type: 'compaction', content: summary, encrypted_content: 'opaque' }, { type: 'text', text: 'Next, read file 3 again.' }] }];

describe('compaction marker', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startApp({
      llm: { script },
      settings: { contextManagement: 'api' },
      prepareDataDir: (dir) => void seedLongChat(dir, { chatId, turns: 6, userChars: 120, answerChars: 200, toolEvery: 0, resultChars: 0, model: 'claude-sonnet-4-6' }),
    });
    await app.dismissToasts();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('shows the compaction where it happened, closed, and opens to its summary', async () => {
    const { page } = app;
    await page.goto(`${app.web.url}#/chat/${chatId}`);
    await page.locator('.chat-msg', { hasText: 'Answer 5:' }).first().waitFor();
    await sendMessage(page, 'What next?');
    const answer = page.locator('.chat-msg', { hasText: 'Next, read file 3 again.' });
    await answer.waitFor();
    const marker = answer.getByTestId('compaction-marker');
    await marker.getByText('Earlier messages compacted').waitFor();
    expect(await marker.getAttribute('open')).toBeNull();
    expect(await page.getByText(summary).isVisible()).toBe(false);
    await marker.getByText('Earlier messages compacted').click();
    await page.getByText(summary).waitFor();
    // The older messages are still shown above it.
    expect(await page.locator('.chat-msg', { hasText: 'Answer 5:' }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('button', { name: 'Stop generating' }).count()).toBe(0);
    await page.mouse.move(0, 0);
    const shot = await app.screenshot('chat-compaction');
    if (refreshDocs) copyFileSync(shot, docsShot);
  });
});
