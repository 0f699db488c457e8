import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverScripts, startApp, type E2eApp } from './harness.ts';

describe('import', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startApp();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('names the error of a bad entry and adds the good ones', async () => {
    const { page } = app;
    const claudeDesktop = {
      mcpServers: {
        memory: { command: process.execPath, args: [serverScripts.memory] },
        everything: { command: process.execPath, args: [serverScripts.everything, 'stdio'] },
        broken: { args: ['--port', '8080'] },
      },
    };
    await app.open('#/servers');
    await app.dismissToasts();
    await page.getByRole('button', { name: 'Import' }).first().click();
    const dialog = page.getByTestId('import-dialog');
    await dialog.getByLabel('Config JSON').fill(JSON.stringify(claudeDesktop, null, 2));
    await dialog.getByRole('button', { name: 'Preview' }).click();

    const rows = dialog.getByTestId('import-row');
    await expect.poll(() => rows.count()).toBe(3);
    const broken = dialog.locator('[data-testid="import-row"][data-name="broken"]');
    expect(await broken.getByTestId('import-error').textContent()).toMatch(/command/i);
    expect(await broken.getByRole('checkbox').isDisabled()).toBe(true);
    expect(await dialog.textContent()).toContain('Claude Desktop');
    await app.screenshot('import-preview');

    await dialog.getByRole('button', { name: 'Add 2 servers' }).click();
    const result = dialog.getByTestId('import-result');
    await expect.poll(() => result.textContent()).toContain('Added: memory, everything');
    await app.screenshot('import-done');
    await dialog.getByRole('button', { name: 'Done' }).click();

    for (const name of ['memory', 'everything']) {
      const card = page.locator(`[data-testid="server-card"][data-server="${name}"]`);
      await expect.poll(() => card.getByTestId('status-badge').getAttribute('data-state'), { timeout: 45_000 }).toBe('ready');
    }
    expect(await page.locator('[data-testid="server-card"][data-server="broken"]').count()).toBe(0);
    const listed = await app.api['servers.list']({});
    expect(listed.ok && listed.value.map((s) => s.id).sort()).toEqual(['everything', 'memory']);
  });
});
