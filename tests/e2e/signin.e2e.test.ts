/**
 * Signing in to a remote server from the Servers view, in web mode: the OAuth fixture (authorization server with
 * automatic consent + protected MCP server) stands in for a provider; Chromium follows the authorization URL in a new
 * tab exactly as a user's browser would, ending at the app's loopback listener.
 */
import { copyFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth/index.ts';
import { startApp, type E2eApp } from './harness.ts';

// Refreshed only on request (SWITCHBOARD_DOCS_SCREENSHOTS=1): a test run must not change tracked files, or every run
// leaves the working tree dirty (and CI's checkout modified).
const docsShot = fileURLToPath(new URL('../../docs/screenshots/signin.png', import.meta.url));
const refreshDocs = process.env.SWITCHBOARD_DOCS_SCREENSHOTS === '1';

describe('signing in to a remote server', () => {
  let fixture: OAuthFixture;
  let app: E2eApp;

  beforeAll(async () => {
    fixture = await startOAuthFixture();
    app = await startApp({ viewport: { width: 1180, height: 860 } });
  });

  afterAll(async () => {
    await app?.close();
    await fixture?.close();
  });

  const card = () => app.page.locator('[data-testid="server-card"][data-server="notes"]');
  const state = () => card().getByTestId('status-badge').getAttribute('data-state');

  it('adds the server through the form; testing it says a sign-in follows, and the card asks to sign in', async () => {
    const { page } = app;
    await page.getByRole('button', { name: /^Servers/ }).click();
    await app.dismissToasts();
    await page.getByRole('button', { name: 'Add server' }).first().click();
    const form = page.getByTestId('server-form');
    await form.getByLabel('Name', { exact: true }).fill('notes');
    await form.getByRole('radio', { name: 'Remote URL' }).click();
    await form.getByLabel('URL', { exact: true }).fill(fixture.mcpUrl);
    // The sign-in settings (a client registered by hand) stay folded away; this server registers Switchboard itself.
    await form.getByText('Sign-in (OAuth)').click();
    await expect.poll(() => form.getByLabel('Client ID', { exact: true }).isVisible()).toBe(true);
    await app.screenshot('signin-form-oauth');
    await form.getByRole('button', { name: 'Test connection' }).click();
    const report = form.getByTestId('test-report');
    await expect.poll(() => report.textContent(), { timeout: 30_000 }).toContain('Add it, then click Sign in on its card');
    await form.getByRole('button', { name: 'Add server' }).click();

    await expect.poll(state, { timeout: 30_000 }).toBe('auth_required');
    expect(await card().getByTestId('status-badge').textContent()).toBe('Sign in required');
    expect(await card().getByTestId('sign-in-panel').textContent()).toContain('needs you to sign in');
    // Nothing was opened or authorized behind the user's back.
    expect(fixture.auth.counters.authorizations).toBe(0);
    expect(app.context.pages()).toHaveLength(1);
  });

  it('Sign in shows the authorization server’s domain; Open completes the sign-in in a new tab and the server turns ready with its tools', async () => {
    const { page } = app;
    await card().getByRole('button', { name: 'Sign in' }).click();
    const issuerHost = new URL(fixture.issuer).host;
    await expect.poll(() => card().getByTestId('elicit-url-host').textContent()).toBe(issuerHost);
    const full = (await card().getByTestId('elicit-url-full').textContent()) ?? '';
    const authorizationUrl = new URL(full);
    expect(authorizationUrl.origin).toBe(fixture.issuer);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('resource')).toBe(fixture.mcpUrl);
    expect(await card().locator('mark').textContent()).toBe(issuerHost);
    await card().scrollIntoViewIfNeeded();
    await app.dismissToasts();
    const shot = await app.screenshot('signin');
    if (refreshDocs) copyFileSync(shot, docsShot);

    const tab = app.context.waitForEvent('page');
    await card().getByRole('button', { name: 'Open in browser' }).click();
    const browserTab = await tab;
    await browserTab.waitForLoadState('load');
    // The consent page redirected back to the app's one-shot loopback listener.
    expect(new URL(browserTab.url()).hostname).toBe('127.0.0.1');
    expect(new URL(browserTab.url()).pathname).toBe('/callback');

    await expect.poll(state, { timeout: 30_000 }).toBe('ready');
    expect(fixture.auth.counters.authorizations).toBe(1);
    expect(await card().textContent()).toMatch(/3 tools/);
    await browserTab.close();
    await page.bringToFront();
    await card().getByRole('button', { name: 'Tools and log' }).click();
    const rows = card().getByTestId('tool-row');
    await expect.poll(() => rows.count()).toBe(3);
    expect((await rows.allTextContents()).join(' ')).toMatch(/whoami[\s\S]*echo|echo[\s\S]*whoami/);
    const tools = await app.api['tools.list']({});
    expect(tools.ok && tools.value.filter((t) => t.serverId === 'notes').map((t) => t.toolName).sort()).toEqual(['admin_reset', 'echo', 'whoami']);
    await app.dismissToasts();
    await app.screenshot('signin-ready');
  });

  it('Sign out asks first, then forgets the tokens and the server asks to sign in again', async () => {
    const { page } = app;
    await card().getByRole('button', { name: 'Actions for notes' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    const confirm = page.getByTestId('confirm-dialog');
    expect(await confirm.textContent()).toContain('Sign out of “notes”?');
    expect(fixture.auth.counters.revocations).toBe(0);
    await confirm.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    await expect.poll(state, { timeout: 30_000 }).toBe('auth_required');
    expect(fixture.auth.counters.revocations).toBeGreaterThan(0);
    expect(await card().getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    const tools = await app.api['tools.list']({});
    expect(tools.ok && tools.value.some((t) => t.serverId === 'notes')).toBe(false);
    await app.screenshot('signin-signed-out');
    expect(app.pageErrors, app.pageErrors.join('\n')).toEqual([]);
  });
});
