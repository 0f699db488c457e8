/**
 * Browse end to end: the catalog in the Servers view (bundled when the registry is down, the registry's list when it
 * answers: a fixture registry on 127.0.0.1), search, a detail view that asks only for what is required, Install that
 * opens the add form filled in, the installed server (npx resolving the package from node_modules) becoming ready,
 * and the chat using its tool through the scripted model.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledCatalog } from '../../shared/catalog/bundled.ts';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/catalogRegistry.ts';
import type { ScriptTurn } from '../fixtures/scriptedLlm/index.ts';
import { sendMessage, startApp, type E2eApp } from './harness.ts';

const script: ScriptTurn[] = [
  { match: { lastUserText: 'add 2 and 3' }, expect: { toolsInclude: ['get-sum'] }, content: [{ type: 'tool_use', tool: 'get-sum', input: { a: 2, b: 3 } }] },
  { expect: { toolResultsContain: ['The sum of 2 and 3 is 5'] }, content: [{ type: 'text', text: 'The catalog server says 2 + 3 = 5.' }] },
];

const fixtureEntry = { name: 'io.github.example/tide-tables', title: 'Tide Tables', description: 'Tide times from the fixture registry', version: '1.0.0', remotes: [{ type: 'streamable-http', url: 'https://tides.example.com/mcp' }] };
const everything = bundledCatalog.find((e) => e.name === 'io.github.modelcontextprotocol/everything');

describe('browse the server catalog', () => {
  let app: E2eApp;
  let registry: FixtureRegistry;
  let downUrl = '';

  beforeAll(async () => {
    registry = await startFixtureRegistry([fixtureEntry, everything]);
    const down = await startFixtureRegistry([]);
    downUrl = down.url;
    await down.close(); // a registry that cannot be reached: nothing listens there any more
    app = await startApp({ llm: { script }, settings: { catalogRegistryUrl: downUrl } });
    await app.dismissToasts();
  });

  afterAll(async () => {
    await app?.close();
    await registry?.close();
  });

  const openBrowse = async () => {
    const { page } = app;
    await page.getByRole('button', { name: /^Servers/ }).click();
    await page.getByTestId('servers-tab-browse').click();
    await page.getByTestId('browse-tab').waitFor();
  };

  it('shows the bundled catalog, saying it is offline, and searches it', async () => {
    const { page } = app;
    await openBrowse();
    const source = page.getByTestId('browse-source');
    await expect.poll(() => source.textContent(), { timeout: 30_000 }).toContain('Offline catalog');
    const entries = page.getByTestId('browse-entry');
    expect(await entries.count()).toBe(bundledCatalog.length);
    await app.screenshot('browse-offline');

    await page.getByTestId('browse-search').fill('browser automation');
    await expect.poll(() => entries.count(), { timeout: 30_000 }).toBe(2);
    expect((await entries.allTextContents()).join(' ')).toMatch(/Playwright[\s\S]*Puppeteer/);
    await page.getByTestId('browse-search').fill('');
    await expect.poll(() => entries.count(), { timeout: 30_000 }).toBe(bundledCatalog.length);
  });

  it('asks only for the required inputs: the folder of Filesystem, a password field for a secret', async () => {
    const { page } = app;
    await page.locator('[data-testid="browse-entry"][data-name="io.github.modelcontextprotocol/filesystem"]').click();
    const detail = page.getByTestId('catalog-detail');
    const command = detail.getByTestId('catalog-command');
    expect(await command.textContent()).toContain('npx -y @modelcontextprotocol/server-filesystem@2026.8.31 <allowed_directory>');
    await detail.getByRole('button', { name: 'Install' }).click();
    await expect.poll(() => detail.getByText('Required to run this server.').isVisible()).toBe(true);
    expect(await detail.getByTestId('catalog-required').locator('input').count()).toBe(1);
    await detail.getByTestId('catalog-required').locator('input').fill('/srv/notes');
    await expect.poll(() => command.textContent()).toContain('server-filesystem@2026.8.31 /srv/notes');
    await app.screenshot('browse-detail-required');
    await detail.getByRole('button', { name: 'Cancel' }).click();

    await page.locator('[data-testid="browse-entry"][data-name="io.github.brave/brave-search-mcp-server"]').click();
    const secret = page.getByTestId('catalog-detail').getByTestId('catalog-required').locator('input');
    expect(await secret.getAttribute('type')).toBe('password');
    expect(await secret.getAttribute('data-input-key')).toBe('env.BRAVE_API_KEY');
    await page.getByTestId('catalog-detail').getByRole('button', { name: 'Cancel' }).click();
  });

  it('lists the registry when it answers', async () => {
    const { page } = app;
    const saved = await app.api['settings.update']({ catalogRegistryUrl: registry.url });
    expect(saved.ok).toBe(true);
    await page.getByTestId('servers-tab-installed').click();
    await page.getByTestId('servers-tab-browse').click();
    const source = page.getByTestId('browse-source');
    await expect.poll(() => source.textContent(), { timeout: 30_000 }).toContain(`2 servers from the registry at ${new URL(registry.url).host}`);
    const entries = page.getByTestId('browse-entry');
    expect(await entries.count()).toBe(2);
    expect(await entries.first().textContent()).toContain('Tide Tables');
    await app.screenshot('browse-registry');
  });

  it('installs Everything from the catalog: Install opens the add form filled in, and the server becomes ready', async () => {
    const { page } = app;
    await page.getByTestId('browse-search').fill('everything');
    const entry = page.locator('[data-testid="browse-entry"][data-name="io.github.modelcontextprotocol/everything"]');
    // The registry does the search: only its answer to `search=everything` leaves one entry.
    await expect.poll(() => page.getByTestId('browse-entry').count(), { timeout: 30_000 }).toBe(1);
    expect(await entry.count()).toBe(1);
    expect(registry.requests.at(-1)?.get('search')).toBe('everything');
    await entry.click();
    const detail = page.getByTestId('catalog-detail');
    expect(await detail.getByTestId('catalog-command').textContent()).toContain('npx -y @modelcontextprotocol/server-everything@2026.8.31');
    expect(await detail.getByText('Nothing to fill in').isVisible()).toBe(true);
    await detail.getByRole('button', { name: 'Install' }).click();

    const form = page.getByTestId('server-form');
    await form.waitFor();
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe('everything');
    expect(await form.getByLabel('Command', { exact: true }).inputValue()).toBe('npx');
    expect(await form.getByLabel('Argument 2', { exact: true }).inputValue()).toBe('@modelcontextprotocol/server-everything@2026.8.31');
    await app.screenshot('browse-install-form');
    await form.getByRole('button', { name: 'Add server' }).click();

    const card = page.locator('[data-testid="server-card"][data-server="everything"]');
    await expect.poll(() => card.getByTestId('status-badge').getAttribute('data-state'), { timeout: 90_000, interval: 250 }).toBe('ready');
    const stored = await app.api['servers.list']({});
    expect(stored.ok && stored.value.find((s) => s.id === 'everything')?.config).toMatchObject({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything@2026.8.31'] });
  });

  it('the chat uses the installed server’s tool', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'New chat' }).first().click();
    await sendMessage(page, 'Please add 2 and 3 with the new server');
    const card = page.locator('.tool-card').last();
    const approval = card.getByRole('group', { name: 'Approval for Get Sum' });
    await approval.waitFor({ timeout: 30_000 });
    expect(await approval.textContent()).toContain('everything');
    await approval.getByRole('button', { name: 'Allow once' }).click();
    await expect.poll(() => card.locator('.tool-status').textContent(), { timeout: 30_000 }).toBe('Done');
    await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent(), { timeout: 30_000 }).toContain('The catalog server says 2 + 3 = 5.');
    expect((app.llm?.requests ?? []).flatMap((r) => r.problems)).toEqual([]);
    await app.screenshot('browse-chat-tool');
    expect(app.pageErrors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
  });
});
