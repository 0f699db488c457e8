/**
 * Accessibility end to end: axe-core (through @axe-core/playwright) checks every view of the app in the light and the
 * dark theme, on one page walked from view to view, and fails on any critical or serious violation. The views: start
 * page without and with chats, a chat with tool cards and Markdown, an approval pending, a tool running, the servers
 * list and a server's tools tab, settings, add-server, import, attach, elicitation form and URL, delete confirmation.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ScriptTurn } from '../fixtures/scriptedLlm/index.ts';
import { nodeServer, serverScripts, startApp, type E2eApp } from './harness.ts';

const markdown = [
  '## Plan for the **release**',
  '',
  '- [x] Write the changelog',
  '- [ ] Tag the release',
  '',
  '| Step | Owner |',
  '| --- | --- |',
  '| Build | CI |',
  '',
  'See [the docs](https://modelcontextprotocol.io) and run:',
  '',
  '```ts',
  "const answer = await client.callTool({ name: 'echo', arguments: { message: 'hi' } });",
  '```',
].join('\n');

const followUp: ScriptTurn = { match: { hasToolResults: true }, times: 20, content: [{ type: 'text', text: 'Done.' }] };

const script: ScriptTurn[] = [
  { match: { lastUserText: 'markdown please' }, content: [{ type: 'text', text: markdown }] },
  {
    match: { lastUserText: 'use tools' },
    content: [
      { type: 'tool_use', tool: 'echo', input: { message: 'hello' } },
      { type: 'tool_use', tool: 'get-sum', input: { a: 2, b: 3 } },
    ],
  },
  { match: { lastUserText: 'need approval' }, content: [{ type: 'tool_use', tool: 'get-tiny-image', input: {} }] },
  { match: { lastUserText: 'run slowly' }, content: [{ type: 'tool_use', tool: 'trigger-long-running-operation', input: { duration: 8, steps: 4 } }] },
  { match: { lastUserText: 'sign me up' }, content: [{ type: 'tool_use', tool: 'trigger-elicitation-request', input: {} }] },
  { match: { lastUserText: 'open the link' }, content: [{ type: 'tool_use', tool: 'trigger-url-elicitation', input: { url: 'https://example.com/signin', message: 'Sign in to continue.' } }] },
  followUp,
];

/** A short line per violation: rule, impact, and the first elements it names. */
function describeViolations(view: string, violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations.map((v) => `${view}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join(' | ')}`);
}

describe('accessibility (axe-core) in light and dark', () => {
  let app: E2eApp;
  const found: string[] = [];
  const checked: string[] = [];

  beforeAll(async () => {
    app = await startApp({ llm: { script }, servers: { everything: nodeServer(serverScripts.everything) } });
    await vi.waitFor(
      async () => {
        const tools = await app.api['tools.list']({});
        expect(tools.ok && tools.value.some((t) => t.toolName === 'trigger-url-elicitation')).toBe(true);
      },
      { timeout: 30_000, interval: 200 },
    );
    for (const toolName of ['echo', 'get-sum', 'trigger-long-running-operation', 'trigger-elicitation-request', 'trigger-url-elicitation']) {
      await app.api['tools.setApproval']({ serverId: 'everything', toolName, policy: 'always_allow' });
    }
    await app.dismissToasts();
  }, 180_000);

  afterAll(async () => {
    await app?.close();
  });

  /**
   * Runs axe on the page as it is, in light then in dark, and records serious and critical violations. Both themes share
   * one DOM, so the dark pass runs only the rules that depend on colours; the light pass runs them all.
   */
  async function check(view: string): Promise<void> {
    const { page } = app;
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe(scheme);
      const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
      // Only violations are detailed (resultTypes): passes and inapplicable rules cost time and are not looked at.
      if (scheme === 'light') builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
      else builder.withRules(['color-contrast', 'link-in-text-block']);
      const results = await builder.analyze();
      const serious = describeViolations(`${view} [${scheme}]`, results.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious'));
      if (serious.length > 0) console.warn(serious.join('\n'));
      found.push(...serious);
      checked.push(`${view} [${scheme}]`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }

  async function send(text: string): Promise<void> {
    const composer = app.page.locator('textarea.chat-composer-input');
    await composer.fill(text);
    await composer.press('Enter');
    await expect.poll(() => composer.inputValue()).toBe('');
  }

  async function newChat(): Promise<void> {
    await app.open('#/');
    await app.page.locator('textarea.chat-composer-input').waitFor();
  }

  it('start page without chats, servers, tools tab, settings, add-server and import', async () => {
    const { page } = app;
    await newChat();
    await check('start page, no chats');

    await app.open('#/servers');
    const card = page.locator('[data-testid="server-card"][data-server="everything"]');
    await expect.poll(() => card.getByTestId('status-badge').getAttribute('data-state'), { timeout: 30_000 }).toBe('ready');
    await check('servers list');
    await card.locator('.sv-card-toggle').click();
    await card.getByRole('tab').first().waitFor();
    await check('server tools tab');

    await page.getByRole('button', { name: 'Add server' }).first().click();
    await page.getByRole('dialog').waitFor();
    await check('add-server dialog');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await page.getByRole('button', { name: 'Import' }).first().click();
    const dialog = page.getByTestId('import-dialog');
    await dialog.getByLabel('Config JSON').fill(JSON.stringify({ mcpServers: { memory: { command: 'node', args: ['memory.js'] }, broken: { args: ['x'] } } }));
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => dialog.getByTestId('import-row').count()).toBe(2);
    await check('import preview');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await app.open('#/settings');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await check('settings');
  }, 900_000);

  it('chat with Markdown and tool cards, approval pending, tool running, attach', async () => {
    const { page } = app;
    await newChat();
    await send('markdown please');
    await page.locator('.chat-messages, main').getByText('Tag the release').waitFor({ timeout: 30_000 });
    await send('use tools');
    await expect.poll(() => page.locator('.tool-card').count(), { timeout: 30_000 }).toBe(2);
    await page.getByText('Done.').waitFor({ timeout: 30_000 });
    await check('chat with Markdown and tool cards');

    await newChat();
    await send('need approval');
    await page.getByRole('button', { name: 'Allow once' }).waitFor({ timeout: 30_000 });
    await check('approval pending');
    await page.getByRole('button', { name: 'Deny' }).click();

    await newChat();
    await send('run slowly');
    await page.locator('.tool-card.is-running').waitFor({ timeout: 30_000 });
    await check('tool running');

    await newChat();
    const attach = page.getByRole('button', { name: /^Attach/ }).first();
    await attach.click();
    const resourceItem = page.getByRole('menuitem', { name: /resource/i });
    if ((await resourceItem.count()) > 0) await resourceItem.first().click();
    await page.getByTestId('attach-dialog').waitFor();
    await check('attach dialog');
    await page.keyboard.press('Escape');
    await check('start page with chats');
  }, 900_000);

  it('elicitation form and URL, delete confirmation', async () => {
    const { page } = app;
    await newChat();
    await send('sign me up');
    const form = page.getByTestId('elicitation-dialog');
    await form.waitFor({ timeout: 30_000 });
    await check('elicitation form');
    await form.getByRole('button', { name: /Decline/ }).click();
    await expect.poll(() => form.count()).toBe(0);

    await newChat();
    await send('open the link');
    const url = page.getByTestId('elicitation-dialog');
    await url.waitFor({ timeout: 30_000 });
    await check('elicitation URL');
    await url.getByRole('button', { name: /Decline/ }).click();
    await expect.poll(() => url.count()).toBe(0);

    const item = page.getByTestId('chat-item').first();
    await item.getByRole('button', { name: /^Actions for/ }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').or(page.getByRole('dialog')).first().waitFor();
    await check('delete confirmation');
    await page.keyboard.press('Escape');
  }, 900_000);

  it('found no critical or serious violation on any view', () => {
    expect(checked.length).toBe(28);
    expect(found, found.join('\n')).toEqual([]);
  });
});
