/**
 * Two more official MCP Apps examples from npm, offline, in Chromium against web mode: system-monitor (its app polls
 * an app-only tool through the host, which asks first under the default policy) and budget-allocator (renders its
 * data from the tool result).
 */
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptTurn } from '../fixtures/scriptedLlm/index.ts';
import { nodeServer, sendMessage, startApp, type E2eApp } from './harness.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
// Refreshed only on request (SWITCHBOARD_DOCS_SCREENSHOTS=1): a test run must not change tracked files.
const docsShots = path.join(root, 'docs', 'screenshots');
const refreshDocs = process.env.SWITCHBOARD_DOCS_SCREENSHOTS === '1';
const example = (name: string) => path.join(root, `node_modules/@modelcontextprotocol/server-${name}/dist/index.js`);

/** A shared 2-core machine can take long to start a server; the connect timeout must not fail the suite. */
const slow = { connectTimeoutMs: 120_000 };

const script: ScriptTurn[] = [
  { match: { lastUserText: 'How is this machine' }, content: [{ type: 'tool_use', name: 'monitor__get-system-info', input: {} }] },
  { expect: { hasToolResults: true }, content: [{ type: 'text', text: 'Live stats are above.' }] },
  { match: { lastUserText: 'Plan my budget' }, content: [{ type: 'tool_use', name: 'budget__get-budget-data', input: {} }] },
  { expect: { hasToolResults: true }, content: [{ type: 'text', text: 'Adjust the sliders above.' }] },
];

async function lastAppFrame(page: Page, count: number): Promise<Frame> {
  let found: Frame | undefined;
  await expect
    .poll(() => {
      const frames = page.frames().filter((f) => f.parentFrame()?.url().includes('/app-sandbox'));
      found = frames.length >= count ? frames.at(-1) : undefined;
      return found !== undefined;
    }, { timeout: 30_000 })
    .toBe(true);
  return found as Frame;
}

describe('MCP Apps examples', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startApp({ llm: { script }, servers: { monitor: nodeServer(example('system-monitor'), ['--stdio'], slow), budget: nodeServer(example('budget-allocator'), ['--stdio'], slow) } });
    await app.dismissToasts();
  }, 240_000);

  afterAll(async () => {
    await app?.close();
  });

  it('system-monitor shows this machine and polls its app-only tool through the host after the user allows it', async () => {
    const { page } = app;
    const plan = await app.api['tools.list']({});
    expect(plan.ok && plan.value.find((t) => t.toolName === 'poll-system-stats')?.ui?.visibility).toEqual(['app']);
    await sendMessage(page, 'How is this machine doing?');
    const card = page.locator('.tool-card').last();
    await card.getByRole('group', { name: /Approval for Get System Info/ }).getByRole('button', { name: 'Allow once' }).click();
    const frame = await lastAppFrame(page, 1);
    await expect.poll(() => frame.locator('#info-hostname').textContent(), { timeout: 30_000 }).toBe(hostname());
    // The model was never offered the app-only tool.
    const offered = (app.llm?.messageRequests()[0]?.body as { tools?: { name: string }[] }).tools?.map((t) => t.name) ?? [];
    expect(offered).toContain('monitor__get-system-info');
    expect(offered).not.toContain('monitor__poll-system-stats');

    const approval = card.getByRole('group', { name: /Approval for Poll System Stats/ }).first();
    const asked = await approval.waitFor({ timeout: 10_000 }).then(() => true, () => false);
    if (!asked) {
      await frame.locator('#poll-toggle-btn').click();
      await approval.waitFor({ timeout: 30_000 });
    }
    await approval.getByRole('button', { name: 'Always allow this tool' }).click();
    await expect.poll(() => frame.locator('#memory-percent').textContent(), { timeout: 30_000 }).toMatch(/\d+%/);
    await card.scrollIntoViewIfNeeded();
    if (refreshDocs) await page.screenshot({ path: path.join(docsShots, 'apps-system-monitor.png') });
  });

  it('budget-allocator renders its categories from the tool result', async () => {
    const { page } = app;
    await sendMessage(page, 'Plan my budget');
    const card = page.locator('.tool-card').last();
    await card.getByRole('group', { name: /Approval for Get Budget Data/ }).getByRole('button', { name: 'Allow once' }).click();
    const frame = await lastAppFrame(page, 2);
    await expect.poll(() => frame.locator('#sliders-container').textContent(), { timeout: 30_000 }).toContain('Marketing');
    expect(await frame.locator('#sliders-container').textContent()).toContain('Engineering');
    await card.scrollIntoViewIfNeeded();
    if (refreshDocs) await page.screenshot({ path: path.join(docsShots, 'apps-budget-allocator.png') });
  });
});
