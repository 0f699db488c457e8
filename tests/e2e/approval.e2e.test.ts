/**
 * Approvals end to end against the real server-everything: a tool call waits in the chat for the user's decision;
 * allowed once it runs and its image result is shown; denied it never runs; "always allow" sticks for the next call.
 */
import { describe, expect, it } from 'vitest';
import { toolResults, toolResultText, type ScriptTurn } from '../fixtures/scriptedLlm/index.ts';
import { appWithEverything, sendMessage, type E2eApp } from './harness.ts';

const script: ScriptTurn[] = [
  {
    match: { lastUserText: 'tiny image' },
    content: [
      { type: 'text', text: 'Let me fetch the tiny image from the **everything** server.' },
      { type: 'tool_use', tool: 'get-tiny-image', input: {} },
    ],
  },
  {
    expect: { hasToolResults: true, toolResultCount: 1 },
    content: [{ type: 'text', text: 'Here it is: a tiny MCP logo, returned as a PNG.' }],
  },
  {
    match: { lastUserText: 'add 2 and 3' },
    content: [{ type: 'tool_use', tool: 'get-sum', input: { a: 2, b: 3 } }],
  },
  {
    expect: { hasToolResults: true },
    content: [{ type: 'text', text: 'Understood — I did not run it.' }],
  },
  {
    match: { lastUserText: 'add 20 and 22' },
    content: [{ type: 'tool_use', tool: 'get-sum', input: { a: 20, b: 22 } }],
  },
  {
    expect: { toolResultsContain: ['42'] },
    content: [{ type: 'text', text: '20 + 22 = 42.' }],
  },
  {
    match: { lastUserText: 'add 1 and 1' },
    content: [{ type: 'tool_use', tool: 'get-sum', input: { a: 1, b: 1 } }],
  },
  {
    expect: { toolResultsContain: ['2'] },
    content: [{ type: 'text', text: '1 + 1 = 2, no question asked this time.' }],
  },
];

const send = (app: E2eApp, text: string) => sendMessage(app.page, text);

describe('tool approvals', () => {
  const appOf = appWithEverything(script);

  it('asks before a tool runs, then shows its image result once allowed', async () => {
    const app = appOf();
    const { page } = app;
    await send(app, 'Show me the tiny image');
    const card = page.locator('.tool-card').last();
    const approval = card.getByRole('group', { name: 'Approval for Get Tiny Image' });
    await approval.waitFor();
    expect(await card.locator('.tool-status').textContent()).toBe('Awaiting approval');
    expect(await approval.textContent()).toContain('Allow Get Tiny Image Tool from everything to run?');
    expect(await approval.locator('.approval-args').textContent()).toBe('{}');
    expect(await approval.getByText('Read-only').isVisible()).toBe(true);
    await app.screenshot('approval-pending');

    await approval.getByRole('button', { name: 'Allow once' }).click();
    await expect.poll(() => card.locator('.tool-status').textContent()).toBe('Done');
    await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent()).toContain('a tiny MCP logo');
    // Once the turn has ended its cards are one line (server / tool, status, duration); a click opens one again.
    const head = card.locator('.tool-card-head');
    await expect.poll(() => head.getAttribute('aria-expanded')).toBe('false');
    await head.click();
    const image = card.getByRole('img', { name: 'Image returned by the tool (image/png)' });
    await image.waitFor();
    // The picture really decoded (not a broken image icon).
    expect(
      await image.evaluate((img) => {
        const picture = img as unknown as { complete: boolean; naturalWidth: number };
        return picture.complete && picture.naturalWidth > 0;
      }),
    ).toBe(true);
    expect(await card.locator('.tool-card-duration').textContent()).toMatch(/\d+(\.\d)? (ms|s)$/);

    // The model received the image as an image block.
    const requests = app.llm?.messageRequests() ?? [];
    const sent = toolResults(requests[1]?.body ?? {});
    expect(sent.map(toolResultText).join('\n')).toContain('[image image/png]');
    await page.mouse.move(0, 0);
    await app.screenshot('approval-image-result');
  });

  it('never runs a denied call and tells the model so', async () => {
    const app = appOf();
    const { page } = app;
    await send(app, 'Please add 2 and 3');
    const card = page.locator('.tool-card').last();
    const approval = card.getByRole('group', { name: 'Approval for Get Sum' });
    await approval.waitFor();
    expect(await approval.locator('.approval-args').textContent()).toBe('{\n  "a": 2,\n  "b": 3\n}');
    await approval.getByRole('button', { name: 'Deny' }).click();
    await expect.poll(() => card.locator('.tool-status').textContent()).toBe('Denied');
    await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent()).toContain('I did not run it');
    const requests = app.llm?.messageRequests() ?? [];
    const sent = toolResults(requests.at(-1)?.body ?? {});
    expect(sent).toHaveLength(1);
    expect(sent[0]?.is_error).toBe(true);
    expect(toolResultText(sent[0]!)).not.toContain('The sum of 2 and 3');
  });

  it('remembers "Always allow this tool" and runs the next call without asking', async () => {
    const app = appOf();
    const { page, api } = app;
    await send(app, 'Now add 20 and 22');
    const card = page.locator('.tool-card').last();
    const approval = card.getByRole('group', { name: 'Approval for Get Sum' });
    await approval.waitFor();
    await approval.getByRole('button', { name: 'Always allow this tool' }).click();
    await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent()).toContain('20 + 22 = 42.');
    const tools = await api['tools.list']({});
    expect(tools.ok && tools.value.find((t) => t.toolName === 'get-sum')?.approval).toBe('always_allow');

    await send(app, 'And add 1 and 1');
    await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent()).toContain('no question asked');
    expect(await page.locator('.approval-card').count()).toBe(0);
    expect(await page.locator('.tool-card').last().locator('.tool-status').textContent()).toBe('Done');
  });
});
