/**
 * History end to end: after a page reload the chat is back as it was (messages, tool card with its result), and a
 * chat of 5,000 messages opens at its latest messages with only a screenful in the page, loading older pages as the
 * user scrolls up without losing their place.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, ContentBlock } from '../../shared/chat.ts';
import { silentLogger } from '../../electron/host/environment.ts';
import { ChatRepository, transaction } from '../../electron/host/store/chatRepository.ts';
import { openHistoryDatabase } from '../../electron/host/store/database.ts';
import type { ScriptTurn } from '../fixtures/scriptedLlm/index.ts';
import { nodeServer, sendMessage, serverScripts, startApp, type E2eApp } from './harness.ts';

const LONG_CHAT = 5000;

// The DOM members the page functions use (this project's Node tsconfig has no DOM types).
interface Scrollable {
  scrollTo(options: { top: number }): void;
  scrollBy(options: { top: number }): void;
}
interface Boxed {
  getBoundingClientRect(): { top: number };
}
interface ScrollState {
  scrollTop: number;
  scrollHeight: number;
}

const script: ScriptTurn[] = [
  {
    match: { lastUserText: 'echo' },
    content: [
      { type: 'text', text: 'Sending it through the echo tool.' },
      { type: 'tool_use', tool: 'echo', input: { message: 'remember me after a reload' } },
    ],
  },
  {
    expect: { toolResultsContain: ['remember me after a reload'] },
    content: [{ type: 'text', text: 'The echo tool said: *remember me after a reload*.' }],
  },
];

/** Writes a long chat straight into the history database the running host uses (SQLite in WAL mode allows it). */
function seedLongChat(dataDir: string): string {
  const { db } = openHistoryDatabase(join(dataDir, 'history.db'), silentLogger);
  const repo = new ChatRepository(db);
  const chatId = randomUUID();
  const start = Date.now() - LONG_CHAT * 60_000;
  repo.createChat(chatId, 'A very long chat', 'claude-sonnet-4-5', start);
  transaction(db, () => {
    for (let i = 0; i < LONG_CHAT; i++) {
      const role = i % 2 === 0 ? 'user' : 'assistant';
      const text = role === 'user' ? `Question ${i}: what happened at step ${i}?` : `Answer ${i}: step ${i} went **fine**.\n\n- detail one\n- detail two`;
      const blocks: ContentBlock[] = [{ type: 'text', text }];
      const at = start + i * 60_000;
      const message: ChatMessage = { id: randomUUID(), chatId, role, blocks, status: 'complete', createdAt: at, updatedAt: at };
      repo.insertMessage(message);
    }
  });
  db.close();
  return chatId;
}

describe('history', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startApp({ llm: { script }, servers: { everything: nodeServer(serverScripts.everything) }, open: false });
    await vi.waitFor(
      async () => {
        const tools = await app.api['tools.list']({});
        expect(tools.ok && tools.value.some((t) => t.toolName === 'echo')).toBe(true);
      },
      { timeout: 30_000, interval: 200 },
    );
    await app.api['tools.setApproval']({ serverId: 'everything', toolName: 'echo', policy: 'always_allow' });
    await app.open();
    await app.dismissToasts();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('shows the same chat after a page reload, tool result included', async () => {
    const { page } = app;
    await sendMessage(page, 'Please echo something for me');
    await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent()).toContain('The echo tool said');
    const before = await page.locator('.chat-msg').allTextContents();

    await page.reload();
    await page.locator('.chat-msg.is-assistant').last().waitFor();
    await expect.poll(() => page.locator('.chat-msg').count()).toBe(before.length);
    expect(await page.locator('.chat-user-bubble').textContent()).toBe('Please echo something for me');
    expect(await page.locator('.chat-msg.is-assistant').last().locator('em').textContent()).toBe('remember me after a reload');
    const card = page.locator('.tool-card');
    expect(await card.locator('.tool-status').textContent()).toBe('Done');
    // A finished turn's tool cards are one line; opening one shows the stored result.
    expect(await card.locator('.tool-card-head').getAttribute('aria-expanded')).toBe('false');
    await card.locator('.tool-card-head').click();
    expect(await card.locator('.tool-result-text').textContent()).toBe('Echo: remember me after a reload');
    await expect.poll(() => page.locator('.chat-title').textContent()).toContain('Please echo something');
    await app.screenshot('history-after-reload');
  });

  it('opens a 5,000-message chat at its latest messages and loads older ones on scroll-up, keeping the place', async () => {
    const { page } = app;
    const chatId = seedLongChat(app.dataDir);
    await page.goto(`${app.web.url}#/chat/${chatId}`);
    const last = page.locator('.chat-msg', { hasText: `Answer ${LONG_CHAT - 1}:` });
    // Generous on a loaded CI machine: how fast it opens is the ui bench's job, not this test's.
    await last.waitFor({ timeout: 30_000 }).catch(async (cause: unknown) => {
      await app.screenshot('history-long-chat-failed');
      throw cause;
    });
    expect(await last.isVisible()).toBe(true);
    // Virtualized: a screenful of rows in the page, not 5,000.
    expect(await page.locator('.chat-row').count()).toBeLessThan(40);

    const scroller = page.getByTestId('chat-scroll');
    const scrollHeight = () => scroller.evaluate((el: ScrollState) => el.scrollHeight);
    const firstNumber = async (): Promise<number> => {
      const text = (await page.locator('.chat-msg').first().textContent()) ?? '';
      return Number(/(?:Question|Answer) (\d+):/.exec(text)?.[1] ?? Number.NaN);
    };
    // Settled: no older page loading, and the list has not moved for three looks 200 ms apart (instead of a fixed
    // sleep, which a loaded machine can outlast while a page is still coming in).
    const settled = async (): Promise<void> => {
      const looks: string[] = [];
      await expect
        .poll(
          async () => {
            const loading = await page.locator('.chat-older').count();
            looks.push(`${loading}|${await scroller.evaluate((el: ScrollState) => `${el.scrollTop}|${el.scrollHeight}`)}`);
            const recent = looks.slice(-3);
            return recent.length === 3 && recent.every((look) => look === recent[0] && look.startsWith('0|'));
          },
          { interval: 200 },
        )
        .toBe(true);
    };
    // 50 more messages make the list taller by far more than this, even at their smallest.
    const pageGrowth = 2000;

    const opened = await firstNumber();
    for (let round = 0; round < 3; round++) {
      const before = await firstNumber();
      const height = await scrollHeight();
      await scroller.evaluate((el: Scrollable) => el.scrollTo({ top: 0 }));
      await expect.poll(scrollHeight).toBeGreaterThan(height + pageGrowth);
      await expect.poll(firstNumber).toBeLessThan(before);
      // One page per scroll to the top, not a cascade: the view stays on what was the first message.
      await settled();
      expect(await firstNumber()).toBeGreaterThan(before - 60);
    }
    // Three more pages of 50 came in while scrolling up.
    expect(await firstNumber()).toBeLessThan(opened - 100);

    // Prepending older pages keeps what the user looks at in place instead of jumping to the top: 400 px is inside the
    // loading zone, so a page comes in first; then scrolling up moves the message looked at by exactly that much.
    const grown = await scrollHeight();
    await scroller.evaluate((el: Scrollable) => el.scrollTo({ top: 400 }));
    await expect.poll(scrollHeight).toBeGreaterThan(grown + pageGrowth);
    await settled();
    const anchor = page.locator('.chat-msg').nth(2);
    const anchorText = (await anchor.textContent()) ?? '';
    const anchorTop = await anchor.evaluate((el: Boxed) => el.getBoundingClientRect().top);
    await scroller.evaluate((el: Scrollable) => el.scrollBy({ top: -380 }));
    await settled();
    const same = page.locator('.chat-msg', { hasText: anchorText.slice(0, 30) });
    expect(await same.count()).toBe(1);
    const shift = (await same.evaluate((el: Boxed) => el.getBoundingClientRect().top)) - anchorTop;
    expect(Math.abs(shift - 380)).toBeLessThan(40);
    expect(await page.locator('.chat-row').count()).toBeLessThan(40);
    await app.screenshot('history-long-chat');
  });
});
