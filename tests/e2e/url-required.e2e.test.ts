/**
 * A URL that a call requires (-32042), end to end in Chromium against a real 2025-era fixture server: the tool first
 * refuses with a URL elicitation, the app shows it as the URL prompt, the user opens it (a real page on 127.0.0.1 that
 * connects the account and makes the server send notifications/elicitation/complete), and the call is retried once and
 * succeeds.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ScriptTurn } from '../fixtures/scriptedLlm/index.ts';
import { nodeServer, sendMessage, startApp, type E2eApp } from './harness.ts';

const fixture = fileURLToPath(new URL('../fixtures/servers/urlRequiredServer.ts', import.meta.url));

const script: ScriptTurn[] = [
  {
    match: { lastUserText: 'connect my account' },
    content: [{ type: 'tool_use', tool: 'connect_account', input: {} }],
  },
  {
    expect: { toolResultsContain: ['account connected'] },
    content: [{ type: 'text', text: 'Your account is connected.' }],
  },
];

describe('a URL a call requires', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startApp({ llm: { script }, servers: { accounts: nodeServer(fixture) } });
    await app.dismissToasts();
    await vi.waitFor(
      async () => {
        const tools = await app.api['tools.list']({});
        expect(tools.ok && tools.value.some((t) => t.toolName === 'connect_account')).toBe(true);
      },
      { timeout: 30_000, interval: 200 },
    );
    await app.api['tools.setApproval']({ serverId: 'accounts', toolName: 'connect_account', policy: 'always_allow' });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('shows the URL, and the call succeeds once the user has opened it', async () => {
    const { page, context } = app;
    await sendMessage(page, 'Please connect my account');
    const dialog = page.getByTestId('elicitation-dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading', { name: 'A server asks you to open a link' }).isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain('Connect your example account to continue.');
    expect(await dialog.getByTestId('elicit-url-host').textContent()).toMatch(/^127\.0\.0\.1:\d+$/);
    await app.screenshot('url-required');
    const tab = context.waitForEvent('page');
    await dialog.getByRole('button', { name: 'Open in browser' }).click();
    const opened = await tab;
    await expect.poll(() => opened.evaluate<string>('document.body.innerText').catch(() => ''), { timeout: 30_000 }).toContain('Account connected');
    await opened.close();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent(), { timeout: 60_000 }).toContain('Your account is connected.');
    // The finished turn's card is one line: open it to read the result.
    await page.locator('.tool-card').last().locator('.tool-card-head').click();
    const text = (await page.locator('.tool-card').last().locator('.tool-result-text').allTextContents()).join('\n');
    expect(text).toContain('account connected (call 2)');
  });
});
