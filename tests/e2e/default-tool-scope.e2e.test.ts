/**
 * Settings' "Tools for new chats" end to end: with real server-everything and server-memory connected, leaving memory
 * and one tool of everything out in Settings makes a new chat's Tools picker show them out of scope, and its first
 * request carries neither.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeServer, sendMessage, serverScripts, startApp, type E2eApp } from './harness.ts';

// Refreshed only on request (SWITCHBOARD_DOCS_SCREENSHOTS=1): a test run must not change tracked files.
const refreshDocs = process.env.SWITCHBOARD_DOCS_SCREENSHOTS === '1';
const docsShots = path.join(import.meta.dirname, '..', '..', 'docs', 'screenshots');

describe('default tool scope in Settings', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startApp({
      llm: { script: [{ content: [{ type: 'text', text: 'Fewer tools here.' }] }] },
      servers: { everything: nodeServer(serverScripts.everything, ['stdio']), memory: nodeServer(serverScripts.memory) },
    });
    await app.dismissToasts();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('a server and a tool left out for new chats are out of scope in the next new chat', async () => {
    const { page, api } = app;
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    await page.locator('nav.sb').getByRole('button', { name: 'Settings' }).click();
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Tools for new chats' }) });
    // Both servers running: their tools are listed (the expand buttons are enabled).
    await card.getByRole('button', { name: 'Show the tools of everything', disabled: false }).waitFor({ timeout: 30_000 });
    await card.getByRole('button', { name: 'Show the tools of memory', disabled: false }).waitFor({ timeout: 30_000 });

    await card.getByRole('checkbox', { name: 'memory' }).uncheck();
    await card.getByRole('button', { name: 'Show the tools of everything' }).click();
    await card.getByRole('checkbox', { name: 'echo', exact: true }).uncheck();
    const stored = async () => {
      const settings = await api['settings.get']({});
      return settings.ok ? settings.value.defaultToolScope : undefined;
    };
    await expect.poll(stored).toEqual({ excludedServers: ['memory'], excludedTools: [{ serverId: 'everything', toolName: 'echo' }] });
    expect(await card.getByRole('checkbox', { name: 'memory' }).isChecked()).toBe(false);
    // Memory's line counts none of its tools in scope, with their tokens (not "9 tools · ~0 tokens").
    await expect.poll(() => card.textContent()).toContain('0 of 9 tools · ~0 tokens');
    await card.scrollIntoViewIfNeeded();
    await app.screenshot('default-tool-scope-settings');
    if (refreshDocs) await card.screenshot({ path: path.join(docsShots, 'settings-tools-for-new-chats.png'), animations: 'disabled', caret: 'hide' });

    await page.getByRole('button', { name: 'New chat' }).first().click();
    await page.getByRole('button', { name: /^Tools for this chat: \d+ tools/ }).click();
    const dialog = page.getByTestId('tool-scope-dialog');
    await expect.poll(() => dialog.getByRole('checkbox', { name: 'memory' }).isChecked()).toBe(false);
    expect(await dialog.getByRole('checkbox', { name: 'everything' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Show the tools of everything' }).click();
    expect(await dialog.getByRole('checkbox', { name: 'echo', exact: true }).isChecked()).toBe(false);
    await page.keyboard.press('Escape');

    await sendMessage(page, 'Hello with the default tools');
    await page.locator('.chat-msg', { hasText: 'Fewer tools here.' }).waitFor();
    const names = (app.llm?.messageRequests().at(-1)?.body?.tools ?? []).map((tool) => tool.name);
    expect(names.some((name) => name.startsWith('everything'))).toBe(true);
    expect(names.filter((name) => name.startsWith('memory') || name === 'everything__echo')).toEqual([]);
  });
});
