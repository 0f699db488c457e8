/**
 * .mcpb bundles in Chromium against web mode: a bundle packed with @anthropic-ai/mcpb is installed with the Install
 * bundle button (file input; user_config with a secret, a folder, and a file chosen with web mode's file browser), becomes
 * ready with the secret out of servers.json though in its arguments; a newer version dropped on the
 * window updates it keeping its settings; the chat calls its tool through the scripted model; Delete uninstalls it and
 * its folder goes.
 */
import { copyFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packNodeBundle } from '../fixtures/bundles/buildBundle.ts';
import type { ScriptTurn } from '../fixtures/scriptedLlm/index.ts';
import { sendMessage, startApp, type E2eApp } from './harness.ts';

const docsShot = fileURLToPath(new URL('../../docs/screenshots/bundle-file-browser.png', import.meta.url));
const refreshDocs = process.env.SWITCHBOARD_DOCS_SCREENSHOTS === '1';

const script: ScriptTurn[] = [
  { match: { lastUserText: 'which bundle' }, expect: { toolsInclude: ['whoami'] }, content: [{ type: 'tool_use', tool: 'whoami', input: {} }] },
  { expect: { toolResultsContain: ['"version":"2.0.0"', '"keyLength":13', '--token=sk-e2e-secret', 'settings.json"'] }, content: [{ type: 'text', text: 'The bundle runs version 2.0.0 with your key.' }] },
];

describe('.mcpb bundles', () => {
  let app: E2eApp;
  let out = '';

  beforeAll(async () => {
    out = await mkdtemp(join(tmpdir(), 'sb-e2e-bundles-'));
    app = await startApp({ llm: { script } });
  });

  afterAll(async () => {
    await app?.close();
    await rm(out, { recursive: true, force: true });
  });

  const bundleVersion = async () => {
    const list = await app.api['servers.list']({});
    return list.ok ? list.value.find((server) => server.id === 'hello-bundle')?.config.bundle?.version : undefined;
  };

  it('installs a bundle from the Install bundle button, asking for its settings, and sees it ready', async () => {
    const { page } = app;
    const bundle = await packNodeBundle(out, { withUserConfig: true });
    const work = join(app.dataDir, 'work');
    await mkdir(work);
    await page.getByRole('button', { name: /^Servers/ }).click();
    await app.dismissToasts();
    await page.getByTestId('bundle-file-input').setInputFiles(bundle);
    const dialog = page.getByTestId('bundle-dialog');
    await expect.poll(() => dialog.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await dialog.getByTestId('bundle-version').textContent()).toBe('1.0.0');
    expect(await dialog.getByTestId('bundle-signature').textContent()).toContain('Not signed');
    expect(await dialog.getByTestId('bundle-tools').textContent()).toContain('whoami');
    expect(await dialog.getByLabel('API key *').getAttribute('type')).toBe('password');

    // Without the required values the host refuses and the dialog says which.
    await dialog.getByTestId('bundle-install-confirm').click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toContain('"API key" is required');
    await dialog.getByLabel('API key *').fill('sk-e2e-secret');
    await dialog.getByLabel('Folder *').fill(work);

    // The file setting: web mode's browser lists folders then files; a folder is refused as a file, a file is taken.
    const settingsFile = join(work, 'settings.json');
    await writeFile(settingsFile, '{}');
    await mkdir(join(work, 'nested'));
    await dialog.getByRole('button', { name: 'Choose file…' }).click();
    const browser = page.getByTestId('folder-browser');
    await browser.waitFor();
    await expect.poll(() => browser.getByTestId('folder-browser-path').inputValue(), { timeout: 30_000 }).not.toBe('');
    await browser.getByTestId('folder-browser-path').fill(work);
    await browser.getByRole('button', { name: 'Go' }).click();
    const list = browser.getByTestId('folder-browser-list');
    await expect.poll(async () => (await list.getByRole('button').allTextContents()).map((name) => name.trim()), { timeout: 30_000 }).toEqual(['nested', 'settings.json']);
    await browser.getByTestId('folder-browser-choose').click();
    await expect.poll(() => browser.getByRole('alert').textContent(), { timeout: 30_000 }).toContain('is a folder, not a file');
    await list.getByRole('button', { name: 'settings.json' }).click();
    const shot = await app.screenshot('bundle-file-browser');
    if (refreshDocs) copyFileSync(shot, docsShot);
    await browser.getByTestId('folder-browser-choose').click();
    await expect.poll(() => browser.count()).toBe(0);
    expect(await dialog.getByLabel('Config file').inputValue()).toBe(settingsFile);
    await app.screenshot('bundle-install');
    await dialog.getByTestId('bundle-install-confirm').click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    const card = page.locator('[data-testid="server-card"][data-server="hello-bundle"]');
    await expect.poll(() => card.getByTestId('status-badge').getAttribute('data-state'), { timeout: 30_000 }).toBe('ready');
    expect(await bundleVersion()).toBe('1.0.0');
    expect(await card.textContent()).not.toContain('sk-e2e-secret');
    // The key is passed as an argument too: servers.json holds a placeholder, the secret store the value.
    const serversFile = await readFile(join(app.dataDir, 'servers.json'), 'utf8');
    expect(serversFile).not.toContain('sk-e2e-secret');
    expect(serversFile).toContain('--token=${secret:api_key}');
    expect(serversFile).toContain(settingsFile);
  });

  it('updates it by dropping a newer version on the window (from Settings), keeping its settings', async () => {
    const { page } = app;
    const bundle = await packNodeBundle(out, { withUserConfig: true, version: '2.0.0' });
    const base64 = (await readFile(bundle)).toString('base64');
    // Dropped while another view shows: the app switches to Servers and opens the dialog.
    await page.getByRole('button', { name: /^Settings/ }).click();
    // A drop as the browser delivers it (tests/ has no DOM types, so the page script is a string).
    await page.evaluate(`(() => {
      const bytes = Uint8Array.from(atob(${JSON.stringify(base64)}), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'hello-bundle-2.0.0.mcpb'));
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    })()`);
    const dialog = page.getByTestId('bundle-dialog');
    await expect.poll(() => dialog.getByTestId('bundle-install-confirm').textContent(), { timeout: 30_000 }).toContain('Update 1.0.0 → 2.0.0');
    await dialog.getByTestId('bundle-install-confirm').click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(bundleVersion, { timeout: 30_000 }).toBe('2.0.0');
    const card = page.locator('[data-testid="server-card"][data-server="hello-bundle"]');
    await expect.poll(() => card.getByTestId('status-badge').getAttribute('data-state'), { timeout: 30_000 }).toBe('ready');
  });

  it('the chat uses the bundle’s tool: the updated server answers with the settings it was installed with', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'New chat' }).first().click();
    await sendMessage(page, 'Ask which bundle is running');
    const card = page.locator('.tool-card').last();
    const approval = card.getByRole('group', { name: /^Approval for whoami/ });
    await approval.waitFor({ timeout: 30_000 });
    expect(await approval.textContent()).toContain('hello-bundle');
    await approval.getByRole('button', { name: 'Allow once' }).click();
    await expect.poll(() => card.locator('.tool-status').textContent(), { timeout: 30_000 }).toBe('Done');
    await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent(), { timeout: 30_000 }).toContain('The bundle runs version 2.0.0 with your key.');
    expect((app.llm?.requests ?? []).flatMap((r) => r.problems)).toEqual([]);
    await page.getByRole('button', { name: /^Servers/ }).click();
  });

  it('uninstalls it with Delete: the server and its unpacked folder are gone', async () => {
    const { page } = app;
    const card = page.locator('[data-testid="server-card"][data-server="hello-bundle"]');
    await card.getByRole('button', { name: 'Actions for hello-bundle' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => card.count(), { timeout: 30_000 }).toBe(0);
    // The card goes with the entry; the folder is removed right after it.
    await expect.poll(() => existsSync(join(app.dataDir, 'bundles', 'hello-bundle'))).toBe(false);
    expect(app.pageErrors).toEqual([]);
  });
});
