/**
 * Math and cost end to end: a streamed reply with LaTeX in all four delimiters is rendered by KaTeX (fonts from the
 * app's own origin under its CSP), prices stay text, and the paragraph above a display block that is still streaming
 * is never touched; the cost shown per message and per chat is the usage the scripted LLM returned, priced from the
 * one price table.
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Usage } from '../../shared/chat.ts';
import { costOf, formatCost, priceFor } from '../../shared/pricing/modelPrices.ts';
import type { ScriptTurn } from '../fixtures/scriptedLlm/index.ts';
import { artifactsDir, sendMessage, startApp, type E2eApp } from './harness.ts';

// Refreshed only on request (SWITCHBOARD_DOCS_SCREENSHOTS=1): a test run must not change tracked files.
const docsShot = fileURLToPath(new URL('../../docs/screenshots/chat-math.png', import.meta.url));
const costShot = fileURLToPath(new URL('../../docs/screenshots/chat-cost.png', import.meta.url));
const refreshDocs = process.env.SWITCHBOARD_DOCS_SCREENSHOTS === '1';

const MODEL = 'claude-sonnet-4-6';
const INTRO = 'Intro paragraph stays put.';
const mathReply = [
  INTRO,
  '',
  '$$',
  '\\int_0^1 x^2\\,dx',
  '',
  '= \\frac{1}{3}',
  '$$',
  '',
  'Inline \\(a^2 + b^2 = c^2\\) and $e^{i\\pi} + 1 = 0$, then a display block:',
  '',
  '\\[',
  '\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}',
  '\\]',
  '',
  'Plans cost $5 and $10 a month.',
].join('\n');

const first = { input_tokens: 12_345, output_tokens: 678, cache_creation_input_tokens: 2_000, cache_read_input_tokens: 40_000 };
const second = { input_tokens: 20_000, output_tokens: 100, cache_creation_input_tokens: 0, cache_read_input_tokens: 50_000 };
const script: ScriptTurn[] = [
  { match: { lastUserText: 'integral' }, content: [{ type: 'text', text: mathReply, chunkSize: 4 }], eventDelayMs: 25, usage: first },
  { match: { lastUserText: 'again' }, content: [{ type: 'text', text: 'Second answer.' }], usage: second },
];
const asUsage = (u: typeof first): Usage => ({ inputTokens: u.input_tokens, outputTokens: u.output_tokens, cacheWriteTokens: u.cache_creation_input_tokens, cacheReadTokens: u.cache_read_input_tokens });

// Watches the intro paragraph of the streaming reply from the moment it is finished: any change to it counts.
const watchIntro = `(() => {
  const state = { seen: false, mutations: 0, node: null };
  window.__intro = state;
  const look = () => {
    const chunk = document.querySelector('.chat-msg.is-assistant .md-chunk');
    const math = document.querySelector('.chat-msg.is-assistant .md-chunk + .md-chunk');
    if (chunk && math && chunk.textContent === ${JSON.stringify(INTRO)}) {
      state.seen = true;
      state.node = chunk;
      new MutationObserver((records) => { state.mutations += records.length; }).observe(chunk, { subtree: true, childList: true, characterData: true, attributes: true });
      return;
    }
    requestAnimationFrame(look);
  };
  look();
})()`;
const introState = `(() => {
  const s = window.__intro;
  const now = document.querySelector('.chat-msg.is-assistant .md-chunk');
  return JSON.stringify({ seen: s.seen, mutations: s.mutations, same: s.node === now });
})()`;

describe('math and cost', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startApp({ llm: { script }, settings: { model: MODEL } });
    await app.dismissToasts();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('loads the faces a first reply needs before it: KaTeX fonts in, the hidden sample gone', async () => {
    const { page } = app;
    // No formula has been shown yet; right after the first paint the chat lays out a hidden sample and loads KaTeX's
    // usual faces (warmFonts.tsx), so the first formula is not invisible while its font downloads.
    const loadedKatexFaces = `[...document.fonts].filter((f) => f.family.replace(/"/g, '').startsWith('KaTeX_') && f.status === 'loaded').map((f) => [f.family.replace(/"/g, ''), f.style, f.weight].join(' ')).sort()`;
    await expect.poll(() => page.evaluate<string[]>(loadedKatexFaces), { timeout: 15_000 }).toEqual(
      expect.arrayContaining(['KaTeX_AMS normal 400', 'KaTeX_Main italic 400', 'KaTeX_Main normal 400', 'KaTeX_Main normal 700', 'KaTeX_Math italic 400', 'KaTeX_Size1 normal 400', 'KaTeX_Size2 normal 400', 'KaTeX_Size3 normal 400', 'KaTeX_Size4 normal 400']),
    );
    // The sample leaves once the fonts are in: nothing of it stays in the page.
    await expect.poll(() => page.locator('.chat-msg-body[aria-hidden="true"]').count()).toBe(0);
    expect(await page.locator('.katex').count()).toBe(0);
  });

  it('renders LaTeX with KaTeX while it streams without touching the finished text above, and keeps prices as text', async () => {
    const { page } = app;
    await page.evaluate(watchIntro);
    await sendMessage(page, 'Show me the integral');
    const reply = page.locator('.chat-msg.is-assistant').last();
    await expect.poll(() => reply.textContent(), { timeout: 30_000 }).toContain('a month.');
    await expect.poll(() => reply.locator('.katex').count()).toBe(4);
    expect(await reply.locator('.katex-display').count()).toBe(2);
    expect(await reply.locator('annotation').allTextContents()).toEqual(['\\int_0^1 x^2\\,dx\n\n= \\frac{1}{3}', 'a^2 + b^2 = c^2', 'e^{i\\pi} + 1 = 0', '\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}']);
    expect(await reply.locator('p', { hasText: 'Plans cost' }).textContent()).toBe('Plans cost $5 and $10 a month.');
    expect(await page.evaluate(introState)).toBe(JSON.stringify({ seen: true, mutations: 0, same: true }));
    // KaTeX's fonts load from the app's own origin under its CSP (no error in the console).
    await expect.poll(() => page.evaluate<boolean>("document.fonts.check('16px KaTeX_Main')")).toBe(true);
    expect(app.pageErrors.filter((e) => /Content Security Policy|font/i.test(e))).toEqual([]);
    await reply.scrollIntoViewIfNeeded();
    await app.screenshot('chat-math');
    if (refreshDocs) copyFileSync(join(artifactsDir, 'chat-math.png'), docsShot);
  });

  it('shows the cost of each message and of the chat from the usage the LLM returned', async () => {
    const { page } = app;
    await sendMessage(page, 'And again');
    await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent(), { timeout: 30_000 }).toContain('Second answer.');
    const price = priceFor(MODEL);
    if (!price) throw new Error(`no price for ${MODEL}`);
    const cost1 = costOf(asUsage(first), price);
    const cost2 = costOf(asUsage(second), price);
    const usage = page.getByTestId('message-usage');
    await expect.poll(() => usage.count()).toBe(2);
    expect(await usage.nth(0).getAttribute('aria-label')).toContain(`estimated cost ${formatCost(cost1, 'en')}`);
    expect(await usage.nth(1).getAttribute('aria-label')).toContain(`estimated cost ${formatCost(cost2, 'en')}`);
    await expect.poll(() => page.getByTestId('chat-cost').getAttribute('aria-label'), { timeout: 30_000 }).toContain(`Estimated cost of this chat: ${formatCost(cost1 + cost2, 'en')}`);
    // The tooltip lists every kind of token as the API reported it.
    await usage.nth(0).hover();
    const tip = page.locator('.chat-tooltip').filter({ hasText: 'Cache write' });
    await tip.waitFor();
    expect(await tip.textContent()).toContain('40,000');
    const shot = await app.screenshot('chat-cost');
    if (refreshDocs) copyFileSync(shot, costShot);
  });
});
