/**
 * Elicitation end to end against the real server-everything: a tool asks the user for a form (validated before it can
 * be sent, the tool result echoing what was typed), and for URLs (domain shown, look-alikes flagged, declined or
 * opened in a new browser tab — never fetched by the app).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { toolResults, toolResultText, type ScriptTurn } from '../fixtures/scriptedLlm/index.ts';
import { nodeServer, sendMessage, serverScripts, startApp, type E2eApp } from './harness.ts';

const lookAlike = 'https://xn--pple-43d.com/signin?session=42';
const localPage = 'http://127.0.0.1:9/callback';

const script: ScriptTurn[] = [
  {
    match: { lastUserText: 'sign me up' },
    content: [
      { type: 'text', text: 'I need a few details from you first.' },
      { type: 'tool_use', tool: 'trigger-elicitation-request', input: {} },
    ],
  },
  {
    expect: { toolResultsContain: ['Ada Lovelace'] },
    content: [{ type: 'text', text: 'Thanks, Ada — you are signed up.' }],
  },
  {
    match: { lastUserText: 'open the sign-in link' },
    content: [{ type: 'tool_use', tool: 'trigger-url-elicitation', input: { url: lookAlike, message: 'Sign in to your account to continue.' } }],
  },
  {
    expect: { toolResultsContain: ['declined'] },
    content: [{ type: 'text', text: 'No problem, I will not open it.' }],
  },
  {
    match: { lastUserText: 'local page' },
    content: [{ type: 'tool_use', tool: 'trigger-url-elicitation', input: { url: localPage, message: 'Open the local callback page.' } }],
  },
  {
    expect: { toolResultsContain: ['completed'] },
    content: [{ type: 'text', text: 'The local page was opened in your browser.' }],
  },
];

const send = (app: E2eApp, text: string) => sendMessage(app.page, text);

/** The error shown next to a field, found through the field's label. */
function fieldError(app: E2eApp, label: string) {
  return app.page.locator('[data-field]').filter({ has: app.page.getByLabel(label, { exact: true }) }).getByRole('alert');
}

describe('elicitation', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startApp({ llm: { script }, servers: { everything: nodeServer(serverScripts.everything) } });
    await app.dismissToasts();
    // The URL tool is allowed ahead of time so the URL tests go straight to the link; the form test approves in the chat.
    await vi.waitFor(
      async () => {
        const tools = await app.api['tools.list']({});
        expect(tools.ok && tools.value.some((t) => t.toolName === 'trigger-url-elicitation')).toBe(true);
      },
      { timeout: 30_000, interval: 200 },
    );
    await app.api['tools.setApproval']({ serverId: 'everything', toolName: 'trigger-url-elicitation', policy: 'always_allow' });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('fills in a generated form, refuses it until valid, and the tool result reflects the input', async () => {
    const { page } = app;
    await send(app, 'Please sign me up');
    await page.getByRole('group', { name: /Approval for Trigger Elicitation Request/ }).getByRole('button', { name: 'Allow once' }).click();

    const dialog = page.getByTestId('elicitation-dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading', { name: 'A server needs your input' }).isVisible()).toBe(true);
    expect(await dialog.locator('.elicit-server-name').textContent()).toBe('everything');
    expect(await dialog.textContent()).toContain('Please provide inputs for the following fields:');
    // Defaults are prefilled.
    expect(await dialog.getByLabel('String with default', { exact: true }).inputValue()).toBe('It was a dark and stormy night.');
    expect(await dialog.getByLabel('Integer', { exact: true }).inputValue()).toBe('42');
    expect(await dialog.getByRole('checkbox', { name: 'Guitar' }).isChecked()).toBe(true);
    expect(await dialog.getByLabel('Titled Single Select Enum', { exact: true }).locator('option:checked').textContent()).toBe('Superman');

    // Not sendable while the required name is empty or the email is wrong.
    await dialog.getByLabel('String with email format', { exact: true }).fill('ada-at-example');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => fieldError(app, 'String').textContent()).toBe('This field is required.');
    expect(await fieldError(app, 'String with email format').textContent()).toBe('Enter an email address like name@example.com.');
    await app.screenshot('elicitation-form-errors');

    await dialog.getByLabel('String', { exact: true }).fill('Ada Lovelace');
    await dialog.getByLabel('String with email format', { exact: true }).fill('ada@example.org');
    await dialog.getByRole('checkbox', { name: 'Boolean', exact: true }).check();
    await dialog.getByLabel('Integer', { exact: true }).fill('7');
    await dialog.getByLabel('Untitled Single Select Enum', { exact: true }).selectOption('Joey');
    await dialog.getByLabel('Legacy Titled Single Select Enum', { exact: true }).selectOption({ label: 'Dogs' });
    await dialog.getByRole('checkbox', { name: 'Piano' }).check();
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await dialog.waitFor({ state: 'detached' });

    await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent()).toContain('you are signed up');
    const result = page.locator('.tool-card').last();
    // The finished turn's card is one line: open it to read the result.
    await result.locator('.tool-card-head').click();
    const text = (await result.locator('.tool-result-text').allTextContents()).join('\n');
    expect(text).toContain('- Name: Ada Lovelace');
    expect(text).toContain('- Email: ada@example.org');
    expect(text).toContain('- Favorite Integer: 7');
    expect(text).toContain('"untitledSingleSelectEnum": "Joey"');
    expect(text).toContain('"legacyTitledEnum": "pet-2"');
    expect(text).toMatch(/"untitledMultipleSelectEnum": \[\s*"Guitar",\s*"Piano"\s*\]/);
    const sent = toolResults(app.llm?.messageRequests().at(-1)?.body ?? {});
    expect(sent.map(toolResultText).join('\n')).toContain('User provided the requested information');
  });

  it('shows where a URL leads, flags a look-alike domain, and declines it', async () => {
    const { page } = app;
    await send(app, 'Now open the sign-in link');
    const dialog = page.getByTestId('elicitation-dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading', { name: 'A server asks you to open a link' }).isVisible()).toBe(true);
    expect(await dialog.getByTestId('elicit-url-host').textContent()).toBe('\u0430pple.com');
    expect(await dialog.getByText('Registered as xn--pple-43d.com').isVisible()).toBe(true);
    expect(await dialog.getByTestId('elicit-url-full').textContent()).toBe('https://\u0430pple.com/signin?session=42');
    const warnings = await dialog.getByRole('list', { name: 'Warnings' }).getByRole('listitem').allTextContents();
    expect(warnings).toHaveLength(2);
    expect(warnings.join(' ')).toContain('punycode');
    expect(warnings.join(' ')).toContain('different alphabets');
    await app.screenshot('elicitation-url');
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent()).toContain('I will not open it');
  });

  it('opens a URL in a new browser tab when the user chooses Open', async () => {
    const { page, context } = app;
    await send(app, 'Open the local page');
    const dialog = page.getByTestId('elicitation-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('elicit-url-host').textContent()).toBe('127.0.0.1:9');
    expect(await dialog.getByRole('list', { name: 'Warnings' }).textContent()).toContain('Not a secure (https) address');
    const tab = context.waitForEvent('page');
    await dialog.getByRole('button', { name: 'Open in browser' }).click();
    const opened = await tab;
    await expect.poll(() => opened.evaluate<string>('location.href').catch(() => opened.url())).toMatch(/127\.0\.0\.1:9\/callback|chrome-error/);
    await opened.close();
    await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent()).toContain('opened in your browser');
  });
});
