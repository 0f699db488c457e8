/**
 * Chat end to end: a message typed on the start page creates the chat, the reply streams in (thinking collapsed,
 * Markdown table and highlighted code with copy), usage shows on hover, and a cut-off reply offers Continue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptTurn } from '../fixtures/scriptedLlm/index.ts';
import { nodeServer, sendMessage, serverScripts, startApp, type E2eApp } from './harness.ts';

const answer = [
  'Here is a quick comparison of the **three transports** you asked about:',
  '',
  '| Transport | Where it runs | Streaming |',
  '| --- | --- | --- |',
  '| stdio | a local child process | yes |',
  '| Streamable HTTP | any URL | yes |',
  '| SSE (legacy) | older servers | yes |',
  '',
  'To start a local server from code:',
  '',
  '```ts',
  "import { spawn } from 'node:child_process';",
  '',
  "const child = spawn('npx', ['-y', '@modelcontextprotocol/server-memory']);",
  "child.stdout.on('data', (chunk) => console.log(String(chunk)));",
  '```',
  '',
  '1. Add the server in **Servers**.',
  '2. Ask me to use its tools — I will ask before anything runs.',
].join('\n');

const script: ScriptTurn[] = [
  {
    note: 'A streamed answer with thinking, a table and a code block.',
    match: { lastUserText: 'transports' },
    eventDelayMs: 12,
    content: [
      { type: 'thinking', thinking: 'The user wants a comparison of MCP transports. A table fits, then a short code sample.', signature: 'sig' },
      { type: 'text', text: answer, chunkSize: 8 },
    ],
    usage: { input_tokens: 1234, output_tokens: 321, cache_creation_input_tokens: 1100, cache_read_input_tokens: 0 },
  },
  {
    note: 'A reply cut by the output limit, so the app offers Continue.',
    match: { lastUserText: 'long story' },
    content: [{ type: 'text', text: 'Once upon a time, a switchboard operator connected every call in town until' }],
    stopReason: 'max_tokens',
  },
  {
    note: 'The continuation.',
    content: [{ type: 'text', text: ' the last light went out. The end.' }],
  },
  {
    note: 'The API refuses the key once...',
    match: { lastUserText: 'after an error' },
    error: { status: 401, type: 'authentication_error', message: 'invalid x-api-key' },
  },
  {
    note: '...and answers the retry.',
    match: { lastUserText: 'after an error' },
    content: [{ type: 'text', text: 'Back on track after the retry.' }],
  },
  {
    note: 'Answers the prompt inserted with "/", sent with an attached resource.',
    match: { lastUserText: 'weather in Hanoi' },
    content: [{ type: 'text', text: 'Sunny in Hanoi, and I read the architecture notes you attached.' }],
  },
];

describe('chat', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startApp({ llm: { script }, servers: { everything: nodeServer(serverScripts.everything) } });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('sends a message from the start page and shows the reply while it streams', async () => {
    const { page } = app;
    await page.getByRole('heading', { name: 'What shall we work on?' }).waitFor();
    // Closes notices (e.g. "key kept in a file") so they do not cover the composer in screenshots.
    await app.dismissToasts();
    await app.screenshot('chat-start');
    await sendMessage(page, 'Compare the MCP transports, please.');

    // While it streams: the stop button replaces send, and part of the text is already on screen.
    const stop = page.getByRole('button', { name: 'Stop generating' });
    await stop.waitFor();
    const reply = page.locator('.chat-msg.is-assistant').last();
    await expect.poll(async () => (await reply.locator('.md').textContent())?.length ?? 0).toBeGreaterThan(10);
    const partial = (await reply.locator('.md').textContent()) ?? '';
    expect(partial.length).toBeLessThan(answer.length);
    await app.screenshot('chat-streaming');

    // Done: the whole answer, rendered as Markdown.
    await page.getByRole('button', { name: 'Send message' }).waitFor();
    await expect.poll(() => reply.getByRole('table').isVisible()).toBe(true);
    expect(await reply.getByRole('columnheader').allTextContents()).toEqual(['Transport', 'Where it runs', 'Streaming']);
    expect(await reply.getByRole('row').count()).toBe(4);
    expect(await reply.locator('pre code .hljs-keyword').first().textContent()).toBe('import');
    expect(await reply.getByRole('listitem').count()).toBe(2);
    expect(await page.locator('.chat-user-bubble').textContent()).toBe('Compare the MCP transports, please.');
    // The chat got its title from the first message and is listed in the sidebar.
    await expect.poll(() => page.locator('.chat-title').textContent()).toContain('Compare the MCP transports');
    // (A missing favicon is the only resource the browser may fail to load.)
    expect(app.pageErrors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
  });

  it('keeps thinking collapsed until opened', async () => {
    const { page } = app;
    const thinking = page.locator('.chat-thinking').last();
    expect(await thinking.getAttribute('open')).toBeNull();
    expect(await thinking.locator('.chat-thinking-body').isVisible()).toBe(false);
    await thinking.locator('summary').click();
    expect(await thinking.locator('.chat-thinking-body').textContent()).toContain('comparison of MCP transports');
    await thinking.locator('summary').click();
  });

  it('copies a code block and shows token usage on hover', async () => {
    const { page, context } = app;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const reply = page.locator('.chat-msg.is-assistant').last();
    await reply.getByRole('button', { name: 'Copy code' }).click();
    await reply.getByRole('button', { name: 'Copied' }).waitFor();
    const copied = await page.evaluate<string>('navigator.clipboard.readText()');
    expect(copied).toContain("const child = spawn('npx'");

    await reply.hover();
    await reply.getByRole('button', { name: /Token usage/ }).hover();
    const tooltip = page.getByRole('tooltip');
    await tooltip.waitFor();
    const text = (await tooltip.textContent()) ?? '';
    expect(text).toMatch(/Input\s*1,234/);
    expect(text).toMatch(/Output\s*321/);
    expect(text).toMatch(/Cache write\s*1,100/);
    await app.screenshot('chat-reply');
  });

  it('offers Continue when a reply hits the output limit, and continues it', async () => {
    const { page } = app;
    await sendMessage(page, 'Tell me a long story');
    const notice = page.getByRole('status').filter({ hasText: 'reached its length limit' });
    await notice.waitFor();
    await notice.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent()).toContain('The end.');
    await expect.poll(() => notice.count()).toBe(0);
  });

  it('inserts a server prompt picked with "/" and sends it with an attached resource', async () => {
    const { page } = app;
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill('/args');
    const list = page.getByRole('listbox', { name: 'Prompts from your servers' });
    const option = list.getByRole('option', { name: /Arguments Prompt/ });
    await option.waitFor();
    expect(await option.getAttribute('aria-selected')).toBe('true');
    await app.screenshot('chat-prompt-picker');
    await composer.press('Enter');
    const args = page.getByTestId('prompt-args-dialog');
    await args.getByLabel('city').fill('Hanoi');
    await app.screenshot('chat-prompt-args');
    await args.getByRole('button', { name: 'Insert prompt' }).click();
    await expect.poll(() => composer.inputValue()).toBe("What's weather in Hanoi?");

    await page.getByRole('button', { name: 'Attach files or a resource' }).click();
    await page.getByRole('menuitem', { name: 'Resource from a server…' }).click();
    const attach = page.getByTestId('attach-dialog');
    await attach.getByRole('button', { name: /architecture\.md/ }).waitFor();
    await app.screenshot('chat-attach');
    await attach.getByRole('textbox', { name: 'Filter resources' }).fill('architecture');
    await attach.getByRole('button', { name: /architecture\.md/ }).click();
    const chip = page.getByRole('list', { name: 'Attachments' }).getByRole('listitem');
    expect(await chip.textContent()).toContain('architecture.md');
    // Enter is ignored while the continued story is still being generated; Send is enabled once it may be pressed.
    await page.getByRole('button', { name: 'Send message', disabled: false }).waitFor();
    await composer.press('Enter');

    await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent()).toContain('Sunny in Hanoi');
    expect(await page.locator('.chat-msg.is-user').last().locator('.chat-attachment').textContent()).toContain('architecture.md');
    // The host read the resource and sent it to the model with the message.
    const body = JSON.stringify(app.llm?.messageRequests().at(-1)?.body ?? {});
    expect(body).toContain('demo://resource/static/document/architecture.md');
  });

  it('shows an API error with its next step and retries it', async () => {
    const { page } = app;
    await sendMessage(page, 'Carry on after an error');
    const notice = page.getByRole('alert').filter({ hasText: 'Retry' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('The API key was rejected (401). Open Settings and paste a valid Anthropic API key');
    expect(await notice.getByRole('button', { name: 'Open Settings' }).isVisible()).toBe(true);
    await app.screenshot('chat-error');
    await notice.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent()).toContain('Back on track after the retry.');
    expect(await page.getByRole('alert').filter({ hasText: 'Retry' }).count()).toBe(0);
    // The message that failed was kept, and only once.
    expect(await page.locator('.chat-user-bubble', { hasText: 'Carry on after an error' }).count()).toBe(1);
  });

  it('follows the dark theme', async () => {
    const { page, api } = app;
    await api['settings.update']({ theme: 'dark' });
    await expect.poll(() => page.evaluate<string | null>('document.documentElement.dataset.theme')).toBe('dark');
    await page.locator('.chat-msg.is-assistant').first().scrollIntoViewIfNeeded();
    await app.screenshot('chat-dark');
    await api['settings.update']({ theme: 'light' });
  });
});
