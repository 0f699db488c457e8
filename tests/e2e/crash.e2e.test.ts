import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeServer, serverScripts, startApp, type E2eApp } from './harness.ts';

describe('a server that crashes', () => {
  let app: E2eApp;
  const dir = mkdtempSync(path.join(tmpdir(), 'sb-e2e-flag-'));
  const flag = path.join(dir, 'broken');

  beforeAll(async () => {
    writeFileSync(flag, 'broken');
    app = await startApp({ servers: { weather: nodeServer(serverScripts.brokenWhileFlagged, [flag]) } });
  });

  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows its error with the stderr lines, then restarts once fixed', async () => {
    const { page } = app;
    await app.open('#/servers');
    const card = page.locator('[data-testid="server-card"][data-server="weather"]');
    await expect.poll(() => card.getByTestId('status-badge').getAttribute('data-state'), { timeout: 30_000 }).toBe('error');
    const error = card.getByTestId('server-error');
    await expect.poll(() => error.getByTestId('stderr-tail').textContent()).toContain("ENOENT: no such file or directory, open '/etc/weather-station.toml'");
    expect(await page.getByRole('button', { name: /^Servers/ }).getByLabel('1 server failed').isVisible()).toBe(true);
    await app.dismissToasts();
    await app.screenshot('servers-crash');

    // The user fixes the cause, then restarts the server from its card.
    rmSync(flag);
    await card.getByRole('button', { name: 'Restart weather' }).click();
    await expect.poll(() => card.getByTestId('status-badge').getAttribute('data-state'), { timeout: 30_000 }).toBe('ready');
    expect(await card.textContent()).toContain('weather-station');
    expect(await card.getByTestId('server-error').count()).toBe(0);
    await expect.poll(() => page.getByTestId('toast').filter({ hasText: 'Server “weather” is ready again' }).count()).toBe(1);
  });
});
