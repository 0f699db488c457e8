/**
 * The composer's tool picker end to end: with real server-everything connected, the Tools chip shows how many tools
 * the next request sends; leaving the server out on the start page makes the first message's request carry none, and
 * the chat keeps that scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeServer, sendMessage, serverScripts, startApp, type E2eApp } from './harness.ts';

describe('tool scope picker', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startApp({ llm: { script: [{ content: [{ type: 'text', text: 'No tools here.' }] }] }, servers: { everything: nodeServer(serverScripts.everything, ['stdio']) } });
    await app.dismissToasts();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('shows the tools the next request sends, and a server left out on the start page is not offered in the new chat', async () => {
    const { page } = app;
    const chip = page.getByRole('button', { name: /^Tools for this chat: \d+ tools/ });
    await expect.poll(() => chip.textContent(), { timeout: 20_000 }).toMatch(/^1[0-9] tools · ~\d+(\.\d)?K tokens$/);
    await chip.click();
    const dialog = page.getByTestId('tool-scope-dialog');
    await dialog.getByRole('checkbox', { name: 'everything' }).uncheck();
    await expect.poll(() => dialog.getByTestId('tool-scope-summary').textContent()).toContain('The next request sends 0 tools (~0 tokens).');
    await page.keyboard.press('Escape');

    await sendMessage(page, 'Hello without tools');
    await page.locator('.chat-msg', { hasText: 'No tools here.' }).waitFor();
    const request = app.llm?.messageRequests().at(-1);
    expect(request?.body?.tools ?? []).toEqual([]);
    const chats = await app.api['chats.list']({});
    expect(chats.ok && chats.value[0]?.toolScope).toEqual({ excludedServers: ['everything'], excludedTools: [] });
    await expect.poll(() => page.getByRole('button', { name: /^Tools for this chat:/ }).textContent()).toBe('0 tools · ~0 tokens');
  });
});
