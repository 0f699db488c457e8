/**
 * Sampling end to end in Chromium against the real server-everything: the model calls trigger-sampling-request, the
 * server's sampling/createMessage shows a card in that chat; the user allows it, sees the scripted model's answer,
 * sends it back, and the tool's result carries it to the chat's model.
 */
import { describe, expect, it } from 'vitest';
import type { ScriptTurn } from '../fixtures/scriptedLlm/index.ts';
import { appWithEverything, sendMessage } from './harness.ts';

const script: ScriptTurn[] = [
  { match: { lastUserText: 'haiku' }, content: [{ type: 'tool_use', tool: 'trigger-sampling-request', input: { prompt: 'a haiku about switches', maxTokens: 60 } }] },
  { match: { stream: false }, content: [{ type: 'text', text: 'Switches click softly' }] },
  { expect: { toolResultsContain: ['Switches click softly'] }, content: [{ type: 'text', text: 'The server received its haiku.' }] },
];

describe('sampling', () => {
  const appOf = appWithEverything(script);

  it('shows the request in the chat, then the answer, and only sends it back when the user says so', async () => {
    const app = appOf();
    const { page } = app;
    await sendMessage(page, 'Ask the server for a haiku');
    const approval = page.locator('.tool-card').last().getByRole('group', { name: /^Approval for / });
    await approval.getByRole('button', { name: 'Allow once' }).click();

    const card = page.locator('.sampling-in-chat').getByRole('group', { name: 'Sampling request from everything' });
    await card.waitFor();
    const text = await card.textContent();
    expect(text).toContain('The server asks your model for an answer');
    expect(text).toContain('Resource trigger-sampling-request context: a haiku about switches');
    expect(text).toContain('You are a helpful test server.');
    expect(text).toContain('60');
    await app.screenshot('sampling-request');
    await card.getByRole('button', { name: 'Allow', exact: true }).click();

    const result = page.getByTestId('sampling-result');
    await result.waitFor();
    expect(await result.textContent()).toContain('Switches click softly');
    await app.screenshot('sampling-result');
    await page.getByRole('button', { name: 'Send to the server' }).click();

    await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent(), { timeout: 60_000 }).toContain('The server received its haiku.');
    expect(await page.locator('[data-testid="sampling-card"]').count()).toBe(0);
  });
});
