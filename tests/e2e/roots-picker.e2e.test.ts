/**
 * Roots chosen with "Choose folder…" in web mode (issue 10 item 6): the host's folder browser opens in a dialog, the
 * user types where to look, refuses a file (named error), opens a sub-folder and chooses it; once saved,
 * server-filesystem (which takes its allowed directories from the roots) lists that folder's files in the chat.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptTurn } from '../fixtures/scriptedLlm/index.ts';
import { nodeServer, sendMessage, serverScripts, startApp, type E2eApp } from './harness.ts';

// realpath: the server resolves symlinks (macOS /var → /private/var), and so does the comparison.
const parent = realpathSync(mkdtempSync(join(tmpdir(), 'sb-roots-picker-')));
const picked = join(parent, 'picked-project');
mkdirSync(picked);
mkdirSync(join(parent, 'other-folder'));
writeFileSync(join(picked, 'hello-from-roots.txt'), 'hi');
writeFileSync(join(parent, 'a-file.txt'), 'not a folder');

const script: ScriptTurn[] = [
  { match: { lastUserText: 'list the picked folder' }, content: [{ type: 'tool_use', tool: 'list_directory', input: { path: picked } }] },
  { expect: { toolResultsContain: ['hello-from-roots.txt'] }, content: [{ type: 'text', text: 'The picked folder holds hello-from-roots.txt.' }] },
];

describe('choose a root folder in web mode', () => {
  let app: E2eApp;

  beforeAll(async () => {
    // No folder on the command line: server-filesystem waits for roots from the client.
    app = await startApp({ llm: { script }, servers: { fs: nodeServer(serverScripts.filesystem, [], { tools: { list_directory: { approval: 'always_allow' } } }) } });
    await app.dismissToasts();
  });

  afterAll(async () => {
    await app?.close();
    rmSync(parent, { recursive: true, force: true });
  });

  it('browses to a folder, chooses it, and the server lists its files', async () => {
    const { page } = app;
    await page.getByRole('button', { name: /^Servers/ }).click();
    const card = page.locator('[data-testid="server-card"][data-server="fs"]');
    await card.getByRole('button', { name: 'Actions for fs' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const form = page.getByTestId('server-form');
    await form.getByTestId('choose-folder').click();

    const browser = page.getByTestId('folder-browser');
    await browser.waitFor();
    // It starts at the host's home folder; typing a file is refused by name.
    await expect.poll(() => browser.getByTestId('folder-browser-path').inputValue(), { timeout: 30_000 }).not.toBe('');
    await browser.getByTestId('folder-browser-path').fill(join(parent, 'a-file.txt'));
    await browser.getByRole('button', { name: 'Go' }).click();
    await expect.poll(() => browser.getByRole('alert').textContent(), { timeout: 30_000 }).toContain('is a file, not a folder');

    await browser.getByTestId('folder-browser-path').fill(parent);
    await browser.getByRole('button', { name: 'Go' }).click();
    const list = browser.getByTestId('folder-browser-list');
    await expect.poll(async () => (await list.getByRole('button').allTextContents()).map((name) => name.trim()), { timeout: 30_000 }).toEqual(['other-folder', 'picked-project']);
    await list.getByRole('button', { name: 'picked-project' }).click();
    await expect.poll(() => browser.getByTestId('folder-browser-path').inputValue(), { timeout: 30_000 }).toBe(picked);
    await app.screenshot('roots-folder-browser');
    await browser.getByTestId('folder-browser-choose').click();
    await expect.poll(() => browser.count()).toBe(0);

    expect(await form.getByLabel('Root folder 1').inputValue()).toBe(picked);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.count()).toBe(0);

    // The server asks for the roots again after list_changed and makes the chosen folder its allowed directory.
    await expect
      .poll(
        async () => {
          const logs = await app.api['servers.logs']({ id: 'fs' });
          return logs.ok ? logs.value.map((line) => line.text).join('\n') : logs.error.message;
        },
        { timeout: 90_000, interval: 250 },
      )
      .toContain('Updated allowed directories from MCP roots: 1');

    await page.getByRole('button', { name: 'New chat' }).first().click();
    await sendMessage(page, 'Please list the picked folder');
    const toolCard = page.locator('.tool-card').last();
    await expect.poll(() => toolCard.locator('.tool-status').textContent(), { timeout: 60_000 }).toBe('Done');
    await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent(), { timeout: 30_000 }).toContain('The picked folder holds hello-from-roots.txt.');
    expect((app.llm?.requests ?? []).flatMap((r) => r.problems)).toEqual([]);
    expect(app.pageErrors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
  });
});
