/**
 * Find in a chat end to end: in a 1,000-message chat of which only the newest page is loaded, Ctrl+F finds a word that
 * is only inside a tool result far up the chat (found by the host, its page loaded on the way), scrolls the
 * virtualized list to it, opens its tool card and highlights it; Enter and Shift+Enter step between matches in
 * loaded and unloaded messages; Escape closes the bar and gives focus back to the composer. The sidebar search finds
 * the same word with a snippet, and opening that hit opens the find bar on it; Vietnamese typed there without its
 * tones finds the chat too, and opening it highlights the accented text. A hit whose snippet is on a version not
 * shown opens that version at the match (far up a long branch, not loaded yet), and a hit opens at the snippet's
 * match even when a newer one is in the same message.
 */
import { randomUUID } from 'node:crypto';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ContentBlock } from '../../shared/chat.ts';
import { silentLogger } from '../../electron/host/environment.ts';
import { ChatRepository, transaction } from '../../electron/host/store/chatRepository.ts';
import { openHistoryDatabase } from '../../electron/host/store/database.ts';
import { startApp, type E2eApp } from './harness.ts';

// Refreshed only on request (SWITCHBOARD_DOCS_SCREENSHOTS=1): a test run must not change tracked files.
const docsShot = fileURLToPath(new URL('../../docs/screenshots/chat-find.png', import.meta.url));
const refreshDocs = process.env.SWITCHBOARD_DOCS_SCREENSHOTS === '1';

const MESSAGES = 1000;
// Only in one tool result, 900 messages above the newest page.
const RESULT_WORD = 'quetzalcoatl';
const RESULT_AT = 101;
// In one tool call's arguments far up, and in the text of a loaded message.
const ARGS_WORD = 'marmalade';
const ARGS_AT = 301;
const TEXT_AT = 991;
// Vietnamese with its tones, in one tool result far up and in one loaded question; found by a query typed without them.
const VI_TEXT = 'Hà Nội';
const VI_RESULT_AT = 201;
const VI_QUESTION_AT = 994;

function toolCall(i: number, input: unknown, result: string): ContentBlock {
  return {
    type: 'tool_call', id: `toolu_${i}`, exposedName: 'logs__read_log', serverId: 'logs', toolName: 'read_log', input, status: 'done', destructive: false,
    result: { content: [{ type: 'text', text: result }], isError: false }, durationMs: 12,
  };
}

/** Writes the chat through the real store into the history database the running host uses (WAL allows it). */
function seedChat(dataDir: string): string {
  const { db } = openHistoryDatabase(join(dataDir, 'history.db'), silentLogger);
  const repo = new ChatRepository(db);
  const chatId = randomUUID();
  const start = Date.now() - MESSAGES * 60_000;
  repo.createChat(chatId, 'Server logs, 1,000 messages', 'claude-sonnet-4-6', start);
  transaction(db, () => {
    for (let i = 0; i < MESSAGES; i++) {
      const role = i % 2 === 0 ? 'user' : 'assistant';
      const blocks: ContentBlock[] = [];
      if (role === 'user') blocks.push({ type: 'text', text: i === TEXT_AT - 1 ? `Question ${i}: any ${ARGS_WORD} left?` : i === VI_QUESTION_AT ? `Question ${i}: máy chủ ở ${VI_TEXT} thì sao?` : `Question ${i}: what does log ${i} say?` });
      else {
        blocks.push({ type: 'text', text: `Reading log ${i}.` });
        const input = { file: `log-${i}.txt`, ...(i === ARGS_AT ? { note: ARGS_WORD } : {}) };
        const result = i === RESULT_AT ? `Line 7: the ${RESULT_WORD} service restarted at 04:12.` : i === VI_RESULT_AT ? `Dòng 3: máy chủ ở ${VI_TEXT} đã khởi động lại.` : `Line 1: all good in log ${i}.`;
        blocks.push(toolCall(i, input, result));
      }
      const at = start + i * 60_000;
      const message: ChatMessage = { id: `m-${i}`, chatId, role, blocks, status: 'complete', createdAt: at, updatedAt: at };
      repo.insertMessage(message);
    }
  });
  db.close();
  return chatId;
}

// Only in a tool result of a reply that has a newer version (the one shown); 80 messages continue below it.
const HIDDEN_WORD = 'basilisk';
const HIDDEN_TITLE = 'Lizard facts';
// In the newest reply's text and, newer, in its tool result; and in the question before it.
const TWICE_WORD = 'pangolin';
const TWICE_TITLE = 'Scaly mammals';

function say(chatId: string, id: string, role: 'user' | 'assistant', at: number, blocks: ContentBlock[]): ChatMessage {
  return { id, chatId, role, blocks, status: 'complete', createdAt: at, updatedAt: at };
}

/** Writes two small chats with versions (parent ids) through the real store, as edits and regenerations leave them. */
function seedVersionChats(dataDir: string): void {
  const { db } = openHistoryDatabase(join(dataDir, 'history.db'), silentLogger);
  const repo = new ChatRepository(db);
  const start = Date.now() - 3_600_000;
  let clock = start;
  const tick = () => (clock += 1000);
  transaction(db, () => {
    const lizards = randomUUID();
    repo.createChat(lizards, HIDDEN_TITLE, 'claude-sonnet-4-6', start);
    const question = say(lizards, 'lz-q', 'user', tick(), [{ type: 'text', text: 'Which lizard can run on water?' }]);
    repo.insertMessage(question);
    // The first reply, with its own continuation: a branch of 82 messages, later hidden by a regenerated reply.
    repo.insertMessage(say(lizards, 'lz-a', 'assistant', tick(), [{ type: 'text', text: 'Let me look that up.' }, toolCall(9001, { q: 'water lizard' }, `The ${HIDDEN_WORD} runs on water for a few metres.`)]), question.id);
    for (let i = 0; i < 80; i++) repo.insertMessage(say(lizards, `lz-old-${i}`, i % 2 === 0 ? 'user' : 'assistant', tick(), [{ type: 'text', text: `Old branch line ${i}.` }]));
    repo.insertMessage(say(lizards, 'lz-b', 'assistant', tick(), [{ type: 'text', text: 'Geckos climb walls; none run on water.' }]), question.id);
    repo.insertMessage(say(lizards, 'lz-b-q', 'user', tick(), [{ type: 'text', text: 'Thanks.' }]));

    const mammals = randomUUID();
    repo.createChat(mammals, TWICE_TITLE, 'claude-sonnet-4-6', start);
    repo.insertMessage(say(mammals, 'pg-q', 'user', tick(), [{ type: 'text', text: `Where does the ${TWICE_WORD} live?` }]));
    repo.insertMessage(say(mammals, 'pg-a', 'assistant', tick(), [{ type: 'text', text: `Pangolins live in Asia and Africa.` }, toolCall(9002, { q: 'range' }, `Range map: the ${TWICE_WORD} lives in forests.`)]));
  });
  db.close();
}

// Reads the CSS Custom Highlight the find bar set for the current match (page code as a string: no DOM types here).
const currentHighlight = `(() => {
  const h = CSS.highlights.get('find-current');
  if (!h) return '';
  const [range] = [...h];
  const box = range.getBoundingClientRect();
  const view = document.querySelector('[data-testid="chat-scroll"]').getBoundingClientRect();
  const inView = box.height > 0 && box.top >= view.top && box.bottom <= view.bottom;
  return range.toString() + (inView ? '|in view' : '|out of view');
})()`;

describe('find in a chat', () => {
  let app: E2eApp;
  let chatId: string;
  const focusedLabel = () => app.page.evaluate<string | null>("document.activeElement && document.activeElement.getAttribute('aria-label')");

  beforeAll(async () => {
    app = await startApp({ open: false });
    chatId = seedChat(app.dataDir);
    seedVersionChats(app.dataDir);
    await app.open(`#/chat/${chatId}`);
    await app.page.locator('.chat-msg', { hasText: `Reading log ${MESSAGES - 1}.` }).waitFor({ timeout: 30_000 });
    await app.dismissToasts();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('finds a word that is only inside a tool result in an unloaded page, scrolls to it and highlights it', async () => {
    const { page } = app;
    // Only the newest page is loaded: the message with the word is not in the page yet.
    expect(await page.locator('.chat-msg', { hasText: `Reading log ${RESULT_AT}.` }).count()).toBe(0);
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.click();
    await page.keyboard.press('Control+f');
    const field = page.getByRole('searchbox', { name: 'Find in chat' });
    await expect.poll(focusedLabel).toBe('Find in chat');
    await field.fill(RESULT_WORD);
    await expect.poll(() => page.getByTestId('find-count').textContent(), { timeout: 30_000 }).toBe('1 of 1');

    const result = page.locator('.tool-result-text', { hasText: RESULT_WORD });
    await result.waitFor({ timeout: 30_000 });
    await expect.poll(() => page.evaluate(currentHighlight), { timeout: 30_000 }).toBe(`${RESULT_WORD}|in view`);
    // Still virtualized: the rows on screen, not the pages loaded on the way.
    expect(await page.locator('.chat-row').count()).toBeLessThan(60);
    await app.screenshot('chat-find');
    if (refreshDocs) copyFileSync(join(fileURLToPath(new URL('./artifacts/', import.meta.url)), 'chat-find.png'), docsShot);
  });

  it('steps between matches in loaded and unloaded messages with Enter and Shift+Enter, and Escape gives focus back', async () => {
    const { page } = app;
    const field = page.getByRole('searchbox', { name: 'Find in chat' });
    await field.fill(ARGS_WORD);
    // Newest first: the loaded message's text, then the tool arguments 700 messages up.
    await expect.poll(() => page.getByTestId('find-count').textContent(), { timeout: 30_000 }).toBe('1 of 2');
    await expect.poll(() => page.evaluate(currentHighlight), { timeout: 30_000 }).toBe(`${ARGS_WORD}|in view`);
    expect(await page.locator('.chat-msg', { hasText: `Question ${TEXT_AT - 1}:` }).isVisible()).toBe(true);
    await field.press('Enter');
    await expect.poll(() => page.getByTestId('find-count').textContent()).toBe('2 of 2');
    await page.locator('.tool-args', { hasText: ARGS_WORD }).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.evaluate(currentHighlight), { timeout: 30_000 }).toBe(`${ARGS_WORD}|in view`);
    await field.press('Shift+Enter');
    await expect.poll(() => page.getByTestId('find-count').textContent()).toBe('1 of 2');
    await expect.poll(() => page.locator('.chat-msg', { hasText: `Question ${TEXT_AT - 1}:` }).isVisible(), { timeout: 30_000 }).toBe(true);

    await field.press('Escape');
    await expect.poll(() => page.getByTestId('find-bar').count()).toBe(0);
    expect(await focusedLabel()).toBe('Message');
  });

  it('finds Vietnamese typed without its tones, in a loaded question and in a tool result far up', async () => {
    const { page } = app;
    await page.getByRole('textbox', { name: 'Message' }).click();
    await page.keyboard.press('Control+f');
    const field = page.getByRole('searchbox', { name: 'Find in chat' });
    await field.fill('ha noi');
    await expect.poll(() => page.getByTestId('find-count').textContent(), { timeout: 30_000 }).toBe('1 of 2');
    await expect.poll(() => page.evaluate(currentHighlight), { timeout: 30_000 }).toBe(`${VI_TEXT}|in view`);
    await field.press('Enter');
    await expect.poll(() => page.getByTestId('find-count').textContent()).toBe('2 of 2');
    await page.locator('.tool-result-text', { hasText: VI_TEXT }).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.evaluate(currentHighlight), { timeout: 30_000 }).toBe(`${VI_TEXT}|in view`);
    // Typed with a different tone, it finds nothing.
    await field.fill('hạ nội');
    await expect.poll(() => page.getByTestId('find-count').textContent(), { timeout: 30_000 }).toBe('No results');
    await field.press('Escape');
  });

  it('the sidebar search finds the word in the tool result with a snippet, and opening the hit shows the match', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Servers' }).click();
    await page.getByRole('searchbox', { name: 'Search chats' }).fill(RESULT_WORD);
    const snippet = page.getByTestId('search-snippet');
    await expect.poll(() => snippet.textContent(), { timeout: 30_000 }).toContain(`the ${RESULT_WORD} service restarted`);
    expect(await snippet.locator('mark').textContent()).toBe(RESULT_WORD);
    await page.getByText('Server logs, 1,000 messages').click();
    await expect.poll(() => page.getByTestId('find-count').textContent(), { timeout: 30_000 }).toBe('1 of 1');
    await expect.poll(() => page.evaluate(currentHighlight), { timeout: 30_000 }).toBe(`${RESULT_WORD}|in view`);
    expect(await page.locator('.tool-result-text', { hasText: RESULT_WORD }).isVisible()).toBe(true);
  });

  it('the sidebar search finds Vietnamese typed without its tones, marks it in the snippet, and opening the hit highlights it', async () => {
    const { page } = app;
    const search = page.getByRole('searchbox', { name: 'Search chats' });
    await search.fill('ha noi');
    const snippet = page.getByTestId('search-snippet');
    await expect.poll(() => snippet.locator('mark').textContent(), { timeout: 30_000 }).toBe(VI_TEXT);
    expect(await snippet.textContent()).toContain(`máy chủ ở ${VI_TEXT} thì sao?`);
    // The chat is open from the test before: its header shows the title too.
    await page.locator('section.sb-chats').getByText('Server logs, 1,000 messages').click();
    await expect.poll(() => page.getByRole('searchbox', { name: 'Find in chat' }).inputValue(), { timeout: 30_000 }).toBe('ha noi');
    await expect.poll(() => page.getByTestId('find-count').textContent(), { timeout: 30_000 }).toBe('1 of 2');
    await expect.poll(() => page.evaluate(currentHighlight), { timeout: 30_000 }).toBe(`${VI_TEXT}|in view`);
    // Typed with other tones, the host finds no chat.
    await search.fill('hạ nội');
    await page.locator('section.sb-chats[aria-busy="false"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('section.sb-chats').textContent(), { timeout: 30_000 }).toContain('No chat matches your search.');
  });

  it('opening a hit whose snippet is on a version not shown shows that version, at the match, highlighted', async () => {
    const { page } = app;
    const search = page.getByRole('searchbox', { name: 'Search chats' });
    await search.fill(HIDDEN_WORD);
    const snippet = page.getByTestId('search-snippet');
    await expect.poll(() => snippet.textContent(), { timeout: 30_000 }).toContain(`The ${HIDDEN_WORD} runs on water`);
    expect(await snippet.textContent()).toContain('on another version');
    await page.locator('section.sb-chats').getByText(HIDDEN_TITLE).click();
    // The version with the match is shown (the regenerated reply is not), from the top of its 82-message branch.
    await expect.poll(() => page.getByTestId('find-count').textContent(), { timeout: 30_000 }).toBe('1 of 1');
    await page.locator('.tool-result-text', { hasText: HIDDEN_WORD }).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.evaluate(currentHighlight), { timeout: 30_000 }).toBe(`${HIDDEN_WORD}|in view`);
    expect(await page.locator('.chat-msg', { hasText: 'Geckos climb walls' }).count()).toBe(0);
    expect(await page.locator('.chat-msg', { hasText: 'Let me look that up.' }).locator('.branch-position').first().textContent()).toContain('1/2');
    // The branch shown is the one through the match to its newest message.
    await page.evaluate("(() => { const el = document.querySelector('[data-testid=\"chat-scroll\"]'); el.scrollTop = el.scrollHeight; })()");
    await page.locator('.chat-msg', { hasText: 'Old branch line 79.' }).waitFor({ timeout: 30_000 });
  });

  it('opening a hit goes to the snippet’s match, not to a newer one in the same message, and steps on from there', async () => {
    const { page } = app;
    const search = page.getByRole('searchbox', { name: 'Search chats' });
    await search.fill(TWICE_WORD);
    const snippet = page.locator('section.sb-chats li', { hasText: TWICE_TITLE }).getByTestId('search-snippet');
    await expect.poll(() => snippet.textContent(), { timeout: 30_000 }).toContain('Pangolins live in Asia');
    await page.locator('section.sb-chats').getByText(TWICE_TITLE).click();
    // Newest first: the tool result (1), the reply's text the snippet shows (2), the question (3).
    await expect.poll(() => page.getByTestId('find-count').textContent(), { timeout: 30_000 }).toBe('2 of 3');
    await expect.poll(() => page.evaluate(currentHighlight), { timeout: 30_000 }).toBe('Pangolin|in view');
    const field = page.getByRole('searchbox', { name: 'Find in chat' });
    await field.press('Shift+Enter');
    await expect.poll(() => page.getByTestId('find-count').textContent()).toBe('1 of 3');
    await expect.poll(() => page.evaluate(currentHighlight), { timeout: 30_000 }).toBe(`${TWICE_WORD}|in view`);
    expect(await page.locator('.tool-result-text', { hasText: `the ${TWICE_WORD} lives` }).isVisible()).toBe(true);
    await field.press('Enter');
    await field.press('Enter');
    await expect.poll(() => page.getByTestId('find-count').textContent()).toBe('3 of 3');
  });
});
