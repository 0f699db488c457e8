import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_MASK } from '../../electron/host/mcp/serversFileMask.ts';
import { nodeServer, serverScripts, startApp, type E2eApp } from './harness.ts';

describe('servers view', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startApp();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('teaches the first step when there are no servers, showing the exact template command', async () => {
    const { page } = app;
    await page.getByRole('button', { name: /^Servers/ }).click();
    await expect.poll(() => page.getByTestId('servers-empty').isVisible()).toBe(true);
    // No "key kept in a file" notice yet: it waits until a key exists (toasts.e2e).
    expect(await page.getByTestId('toast').count()).toBe(0);
    await app.dismissToasts();
    await app.screenshot('servers-empty');
    await page.getByTestId('template-filesystem').click();
    const dialog = page.getByTestId('template-dialog');
    await expect.poll(() => dialog.getByTestId('template-command').textContent()).toContain('npx -y @modelcontextprotocol/server-filesystem <folder>');
    await dialog.getByLabel('Folder').fill('/srv/notes');
    await expect.poll(() => dialog.getByTestId('template-command').textContent()).toContain('npx -y @modelcontextprotocol/server-filesystem /srv/notes');
    await app.screenshot('servers-template');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('template-memory').click();
    await expect.poll(() => page.getByTestId('template-command').textContent()).toContain('npx -y @modelcontextprotocol/server-memory');
    await page.keyboard.press('Escape');
  });

  it('validates the add form field by field', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Add server' }).first().click();
    const form = page.getByTestId('server-form');
    await form.getByRole('button', { name: 'Add server' }).click();
    await expect.poll(() => form.getByText('Give the server a name').isVisible()).toBe(true);
    expect(await form.getByText('Enter the command to run').isVisible()).toBe(true);
    await form.getByLabel('Working folder').fill('relative/path');
    await form.getByLabel('Working folder').blur();
    await expect.poll(() => form.getByText('Use an absolute path, such as /home/me/project').isVisible()).toBe(true);
    await form.getByRole('radio', { name: 'Remote URL' }).click();
    await form.getByLabel('URL', { exact: true }).fill('ftp://example.com');
    await form.getByLabel('URL', { exact: true }).blur();
    await expect.poll(() => form.getByText('Use an http:// or https:// address').isVisible()).toBe(true);
    await app.screenshot('servers-form-errors');
    await form.getByRole('button', { name: 'Cancel' }).click();
  });

  it('adds server-memory through the form, tests it first, and sees it ready with its tools', async () => {
    const { page } = app;
    const config = nodeServer(serverScripts.memory);
    await page.getByRole('button', { name: 'Add server' }).first().click();
    const form = page.getByTestId('server-form');
    await form.getByLabel('Name', { exact: true }).fill('memory');
    await form.getByLabel('Command', { exact: true }).fill(config.command);
    await form.getByRole('button', { name: 'Add argument' }).click();
    await form.getByLabel('Argument 1', { exact: true }).fill(serverScripts.memory);
    await form.getByRole('button', { name: 'Test connection' }).click();
    const report = form.getByTestId('test-report');
    await expect.poll(() => report.textContent(), { timeout: 30_000 }).toContain('Connected');
    expect(await report.textContent()).toContain('create_entities');
    await app.screenshot('servers-form-tested');
    await form.getByRole('button', { name: 'Add server' }).click();

    const card = page.locator('[data-testid="server-card"][data-server="memory"]');
    await expect.poll(() => card.getByTestId('status-badge').getAttribute('data-state'), { timeout: 30_000 }).toBe('ready');
    const text = await card.textContent();
    expect(text).toMatch(/memory-server/);
    expect(text).toMatch(/\d+ tools/);
    expect(text).toMatch(/MCP \d{4}-\d{2}-\d{2}/);

    await card.getByRole('button', { name: 'Tools and log' }).click();
    const rows = card.getByTestId('tool-row');
    await expect.poll(() => rows.count()).toBeGreaterThan(3);
    await card.getByRole('switch', { name: 'Enable the tool delete_entities' }).click();
    await card.getByLabel('Approval for read_graph').selectOption('always_allow');
    await expect
      .poll(async () => {
        const tools = await app.api['tools.list']({});
        if (!tools.ok) return 'failed';
        const byName = new Map(tools.value.map((t) => [t.toolName, t]));
        return `${byName.get('delete_entities')?.enabled}/${byName.get('read_graph')?.approval}`;
      })
      .toBe('false/always_allow');
    await app.screenshot('servers');

    await card.getByRole('tab', { name: 'Log' }).click();
    await expect.poll(() => card.getByTestId('log-viewer').textContent()).not.toBe('');
  });

  it('edits a server: a new environment variable is saved and the server comes back ready', async () => {
    const { page } = app;
    const readySince = async (): Promise<number | undefined> => {
      const list = await app.api['servers.list']({});
      const status = list.ok ? list.value.find((s) => s.id === 'memory')?.status : undefined;
      return status?.state === 'ready' ? status.since : undefined;
    };
    const before = await readySince();
    expect(before).toBeDefined();
    const card = page.locator('[data-testid="server-card"][data-server="memory"]');
    await card.getByRole('button', { name: 'Actions for memory' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const form = page.getByTestId('server-form');
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe('memory');
    await form.getByRole('button', { name: 'Add variable' }).click();
    await form.getByLabel('Variable name 1').fill('MEMORY_FILE_PATH');
    await form.getByLabel('Value 1').fill(`${app.dataDir}/memory.jsonl`);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.count()).toBe(0);
    // Saved as typed in servers.json; the window only ever sees it masked (every env value is a secret by default).
    await expect
      .poll(() => {
        const file = JSON.parse(readFileSync(join(app.dataDir, 'servers.json'), 'utf8')) as { mcpServers: Record<string, { env?: Record<string, string> }> };
        return file.mcpServers.memory?.env?.MEMORY_FILE_PATH;
      })
      .toBe(`${app.dataDir}/memory.jsonl`);
    const listed = await app.api['servers.list']({});
    const memory = listed.ok ? listed.value.find((s) => s.id === 'memory') : undefined;
    expect(memory && 'env' in memory.config ? memory.config.env?.MEMORY_FILE_PATH : undefined).toBe(SECRET_MASK);
    // The changed environment restarts the server: it is ready again since a later moment.
    await expect.poll(async () => ((await readySince()) ?? 0) > (before ?? 0), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => card.getByTestId('status-badge').getAttribute('data-state'), { timeout: 30_000 }).toBe('ready');
    // The tool choices made before the edit survive it (the tools are listed again once the restarted server is ready).
    await expect
      .poll(async () => {
        const tools = await app.api['tools.list']({});
        return tools.ok ? tools.value.find((t) => t.toolName === 'read_graph')?.approval : 'failed';
      }, { timeout: 30_000 })
      .toBe('always_allow');
  });

  it('deletes a server only after confirming', async () => {
    const { page } = app;
    const card = page.locator('[data-testid="server-card"][data-server="memory"]');
    await card.getByRole('button', { name: 'Actions for memory' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByTestId('confirm-dialog');
    expect(await confirm.textContent()).toContain('Delete the server “memory”?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => card.count()).toBe(0);
    const list = await app.api['servers.list']({});
    expect(list.ok && list.value.map((s) => s.id)).toEqual([]);
    expect(app.pageErrors, app.pageErrors.join('\n')).toEqual([]);
  });
});
