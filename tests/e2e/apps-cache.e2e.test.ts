/**
 * MCP Apps' HTML cache as a user sees it, in Chromium against web mode with a real 2026-07-28 server
 * (tests/fixtures/apps/cachingAppServer.ts): after the server changes an app and says so (`resources/updated` on the
 * subscriptions/listen stream), an app already open keeps its document and the next tool card shows the new one.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptTurn } from '../fixtures/scriptedLlm/index.ts';
import { nodeServer, sendMessage, startApp, type E2eApp } from './harness.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cacheServer = path.join(root, 'tests/fixtures/apps/cachingAppServer.ts');
const uri = 'ui://cache/long.html';

const script: ScriptTurn[] = [
  { match: { lastUserText: 'Show the app' }, content: [{ type: 'tool_use', name: 'cache__show', input: {} }] },
  { expect: { hasToolResults: true }, content: [{ type: 'text', text: 'Shown once.' }] },
  { match: { lastUserText: 'Show it again' }, content: [{ type: 'tool_use', name: 'cache__show', input: {} }] },
  { expect: { hasToolResults: true }, content: [{ type: 'text', text: 'Shown twice.' }] },
];

/** The app frames (inside their sandbox proxy frames), oldest card first, once there are `count` of them. */
async function appFrames(page: Page, count: number): Promise<Frame[]> {
  const frames = () => page.frames().filter((f) => f.parentFrame()?.url().includes('/app-sandbox'));
  await expect.poll(() => frames().length, { timeout: 30_000 }).toBe(count);
  return frames();
}

describe('MCP Apps HTML cache', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startApp({ llm: { script }, servers: { cache: nodeServer(cacheServer, [], { connectTimeoutMs: 120_000, protocol: '2026-07-28' }) } });
    await app.dismissToasts();
    for (const toolName of ['show', 'change']) {
      const set = await app.api['tools.setApproval']({ serverId: 'cache', toolName, policy: 'always_allow' });
      expect(set.ok).toBe(true);
    }
  }, 240_000);

  afterAll(async () => {
    await app?.close();
  });

  it('keeps an open app as it is and shows the changed app in the next card', async () => {
    const { page } = app;
    await sendMessage(page, 'Show the app');
    const [first] = await appFrames(page, 1);
    await expect.poll(() => first!.locator('h1').textContent(), { timeout: 30_000 }).toBe(`${uri} v1`);

    const changed = await app.api['apps.callTool']({ chatId: 'e2e', toolCallId: 'change', serverId: 'cache', name: 'change', arguments: { uri } });
    expect(changed.ok ? changed.value.content : changed.error).toEqual([{ type: 'text', text: `${uri} is now v2` }]);
    // The host hears of it on the listen stream and drops its copy (what the next card will ask for).
    await expect
      .poll(async () => {
        const resource = await app.api['apps.resource']({ serverId: 'cache', uri });
        return resource.ok ? resource.value.html : resource.error.message;
      }, { timeout: 30_000 })
      .toContain(`${uri} v2`);

    await sendMessage(page, 'Show it again');
    await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent(), { timeout: 30_000 }).toContain('Shown twice.');
    const [stillOpen, next] = await appFrames(page, 2);
    await expect.poll(() => next!.locator('h1').textContent(), { timeout: 30_000 }).toBe(`${uri} v2`);
    expect(await stillOpen!.locator('h1').textContent()).toBe(`${uri} v1`);
    expect(app.pageErrors).toEqual([]);
  });
});
