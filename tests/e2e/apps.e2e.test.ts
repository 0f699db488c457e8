/**
 * MCP Apps end to end in Chromium against web mode: the official basic-react example and a probe app built with the
 * ext-apps server helpers (on a 2026-era and a 2025-era connection) render inside their tool cards from a sandbox on
 * another origin, receive their tool input and result, call their server's tools through the host (approval card
 * when the policy asks), resize, go fullscreen and back, follow the window's theme, and ask before opening a link.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptTurn } from '../fixtures/scriptedLlm/index.ts';
import { nodeServer, sendMessage, startApp, type E2eApp } from './harness.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
// Refreshed only on request (SWITCHBOARD_DOCS_SCREENSHOTS=1): a test run must not change tracked files.
const docsShots = path.join(root, 'docs', 'screenshots');
const refreshDocs = process.env.SWITCHBOARD_DOCS_SCREENSHOTS === '1';
const basicReact = path.join(root, 'node_modules/@modelcontextprotocol/server-basic-react/dist/index.js');
const probeServer = path.join(root, 'tests/fixtures/apps/fixtureAppServer.ts');

/** A shared 2-core machine can take long to start a server; the connect timeout must not fail the suite. */
const slow = { connectTimeoutMs: 120_000 };

const script: ScriptTurn[] = [
  { match: { lastUserText: 'What time is it' }, content: [{ type: 'tool_use', name: 'basic__get-time', input: {} }] },
  { expect: { hasToolResults: true }, content: [{ type: 'text', text: 'The server clock is shown above.' }] },
  { match: { lastUserText: 'This is message text.' }, content: [{ type: 'text', text: 'Got the message from the app.' }] },
  { match: { lastUserText: 'Show the modern probe' }, content: [{ type: 'tool_use', name: 'probe__show-probe', input: { label: 'modern' } }] },
  { expect: { hasToolResults: true }, content: [{ type: 'text', text: 'Probe shown.' }] },
  { match: { lastUserText: 'Show the legacy probe' }, content: [{ type: 'tool_use', name: 'legacy__show-probe', input: { label: 'legacy' } }] },
  { expect: { hasToolResults: true }, content: [{ type: 'text', text: 'Legacy probe shown.' }] },
  { match: { lastUserText: 'Which color did I pick' }, content: [{ type: 'text', text: 'You picked blue.' }] },
  { match: { lastUserText: 'Anything else' }, content: [{ type: 'text', text: 'Nothing else.' }] },
];

/** The app's own frame (inside the sandbox proxy frame) of the last app card. */
async function appFrame(page: Page, index = -1): Promise<Frame> {
  let found: Frame | undefined;
  await expect
    .poll(() => {
      const frames = page.frames().filter((f) => f.parentFrame()?.url().includes('/app-sandbox'));
      found = frames.at(index);
      return found !== undefined;
    }, { timeout: 30_000 })
    .toBe(true);
  return found as Frame;
}

describe('MCP Apps', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startApp({
      llm: { script },
      settings: { theme: 'light' },
      servers: {
        basic: nodeServer(basicReact, ['--stdio'], slow),
        // Auto: the probe answers the era probe with 2026-07-28 (basic-react, on SDK 2.0.0 servers, speaks 2025-11-25).
        probe: nodeServer(probeServer, [], slow),
        legacy: nodeServer(probeServer, [], { ...slow, protocol: '2025-11-25' }),
      },
    });
    await app.dismissToasts();
  }, 240_000);

  afterAll(async () => {
    await app?.close();
  });

  it('keeps app-only tools from the model and marks the eras', async () => {
    const servers = await app.api['servers.list']({});
    const eras = servers.ok ? Object.fromEntries(servers.value.map((s) => [s.id, s.status.state === 'ready' ? s.status.era : s.status.state])) : {};
    expect(eras).toMatchObject({ probe: 'modern', legacy: 'legacy', basic: 'legacy' });
    const plan = await app.api['tools.list']({});
    const names = plan.ok ? plan.value.map((t) => t.exposedName) : [];
    expect(names).toContain('probe__echo');
    // The model's request lists no app-only tool (checked on the first request below).
  });

  it('renders basic-react in its tool card with the tool result, and its tool call asks for approval', async () => {
    const { page } = app;
    await sendMessage(page, 'What time is it?');
    const card = page.locator('.tool-card').last();
    await card.getByRole('group', { name: /Approval for Get Time/ }).getByRole('button', { name: 'Allow once' }).click();
    await expect.poll(() => card.locator('.tool-status').textContent()).toBe('Done');
    const frame = await appFrame(page);
    const resultTime = (await card.locator('.tool-result-text').first().textContent({ timeout: 5000 }).catch(() => '')) ?? '';
    await expect.poll(() => frame.locator('code').first().textContent(), { timeout: 30_000 }).toMatch(/^\d{4}-\d\d-\d\dT/);
    if (resultTime) expect(await frame.locator('code').first().textContent()).toBe(resultTime.trim());
    const toolsSent = (app.llm?.messageRequests()[0]?.body as { tools?: { name: string }[] }).tools?.map((t) => t.name) ?? [];
    expect(toolsSent).toContain('basic__get-time');
    expect(toolsSent).not.toContain('probe__echo');
    expect(toolsSent).toContain('probe__secret');

    // The app calls get-time itself: the same approval policy asks, inside the app's card.
    const before = await frame.locator('code').first().textContent();
    await frame.getByRole('button', { name: 'Get Server Time' }).click();
    const approval = card.getByRole('group', { name: /Approval for Get Time/ });
    await approval.waitFor({ timeout: 30_000 });
    if (refreshDocs) await page.screenshot({ path: path.join(docsShots, 'apps-approval.png') });
    await approval.getByRole('button', { name: 'Allow once' }).click();
    await expect.poll(() => frame.locator('code').first().textContent(), { timeout: 30_000 }).not.toBe(before);
    await card.scrollIntoViewIfNeeded();
    if (refreshDocs) await page.screenshot({ path: path.join(docsShots, 'apps-basic-react.png') });
  });

  it('shows ui/message as the user\'s message and asks before opening a link', async () => {
    const { page } = app;
    const frame = await appFrame(page);
    await frame.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent(), { timeout: 30_000 }).toContain('Got the message from the app.');
    expect(await page.locator('.chat-msg.is-user').last().textContent()).toContain('This is message text.');

    await frame.getByRole('button', { name: 'Open Link' }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('elicit-url-host').textContent()).toBe('modelcontextprotocol.io');
    if (refreshDocs) await page.screenshot({ path: path.join(docsShots, 'apps-open-link.png') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
  });

  for (const era of ['modern', 'legacy'] as const) {
    it(`runs the probe app over a ${era === 'modern' ? '2026-07-28' : '2025-11-25'} connection: input, result, app-only tool, resize, fullscreen, theme`, async () => {
      const { page } = app;
      const serverId = era === 'modern' ? 'probe' : 'legacy';
      await sendMessage(page, `Show the ${era} probe`);
      const card = page.locator('.tool-card').last();
      await card.getByRole('group', { name: /Approval for Show Probe/ }).getByRole('button', { name: 'Allow once' }).click();
      const frame = await appFrame(page);
      await expect.poll(() => frame.locator('#result').textContent(), { timeout: 30_000 }).toContain(`probe ${era} (apps extension declared)`);
      // The turn ends (its card folds to one line) and the app stays in view, state and all, for what follows.
      await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent(), { timeout: 30_000 }).toContain(era === 'modern' ? 'Probe shown.' : 'Legacy probe shown.');
      await expect.poll(() => frame.locator('#result').textContent(), { timeout: 30_000 }).toContain(`probe ${era} (apps extension declared)`);
      expect(await frame.locator('#input').textContent()).toBe(`{"label":"${era}"}`);
      expect(await frame.locator('#theme').textContent()).toBe('light');

      // App-only echo: read-only, still asked for under the default policy, and then run through the host.
      await frame.getByRole('button', { name: 'Echo through host' }).click();
      await card.getByRole('group', { name: /Approval for Echo/ }).getByRole('button', { name: 'Allow once' }).click();
      await expect.poll(() => frame.locator('#answer').textContent(), { timeout: 30_000 }).toContain('echo: ping');

      // size-changed grows the card.
      const frameBox = card.locator('.app-frame-iframe');
      const small = (await frameBox.boundingBox())?.height ?? 0;
      await frame.getByRole('button', { name: 'Grow' }).click();
      await expect.poll(async () => (await frameBox.boundingBox())?.height ?? 0).toBeGreaterThan(small + 300);

      // Fullscreen at the app's request, back with the card's button; the app hears both.
      await frame.getByRole('button', { name: 'Go fullscreen' }).click();
      const box = card.getByTestId('app-frame');
      await expect.poll(() => box.getAttribute('data-display-mode')).toBe('fullscreen');
      await expect.poll(() => frame.locator('#mode').textContent()).toBe('fullscreen');
      // Full screen covers the whole window, sidebar included (not just the chat column at the card's place).
      const viewport = page.viewportSize();
      await expect.poll(async () => JSON.stringify(await box.boundingBox())).toBe(JSON.stringify({ x: 0, y: 0, width: viewport?.width, height: viewport?.height }));
      if (refreshDocs && era === 'modern') await page.screenshot({ path: path.join(docsShots, 'apps-fullscreen.png') });
      await box.getByRole('button', { name: 'Exit full screen' }).click();
      await expect.poll(() => frame.locator('#mode').textContent()).toBe('inline');

      // Theme follows the window.
      await app.api['settings.update']({ theme: 'dark' });
      await expect.poll(() => frame.locator('#theme').textContent(), { timeout: 30_000 }).toBe('dark');
      if (refreshDocs && era === 'modern') await page.screenshot({ path: path.join(docsShots, 'apps-dark.png') });
      await app.api['settings.update']({ theme: 'light' });
      await expect.poll(() => frame.locator('#theme').textContent(), { timeout: 30_000 }).toBe('light');
      expect(serverId).toBeTruthy();
    });
  }

  it('shows an app\'s ui/update-model-context on its card, then adds it visibly to the next message the model receives', async () => {
    const { page } = app;
    const card = page.locator('.tool-card').last();
    const frame = await appFrame(page);
    await frame.getByRole('button', { name: 'Share context' }).click();
    await expect.poll(() => frame.locator('#answer').textContent(), { timeout: 30_000 }).toBe('ok: {}');
    const note = card.getByTestId('app-context-note');
    await expect.poll(() => note.textContent(), { timeout: 30_000 }).toContain('Shared with Claude on your next message:');
    expect(await note.textContent()).toContain('Probe picked: blue');
    // Over the cap: the app is told no, and the context it shared before stays.
    await frame.getByRole('button', { name: 'Share too much' }).click();
    await expect.poll(() => frame.locator('#answer').textContent(), { timeout: 30_000 }).toContain('error: The context is 9000 characters');
    expect(await note.textContent()).toContain('Probe picked: blue');
    await note.locator('summary').click();
    await note.scrollIntoViewIfNeeded();
    if (refreshDocs) await page.screenshot({ path: path.join(docsShots, 'apps-model-context.png') });

    await sendMessage(page, 'Which color did I pick?');
    await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent(), { timeout: 30_000 }).toContain('You picked blue.');
    const shown = 'Context from the legacy app:\nProbe picked: blue\n{"color":"blue"}';
    expect(await page.locator('.chat-msg.is-user').last().textContent()).toContain('Probe picked: blue');
    await expect.poll(() => card.getByTestId('app-context-note').count()).toBe(0);
    const sent = (app.llm?.messageRequests().at(-1)?.body as { messages: { role: string; content: { type: string; text?: string }[] | string }[] }).messages.at(-1);
    expect(sent?.role).toBe('user');
    expect(Array.isArray(sent?.content) ? sent.content.map((b) => b.text) : []).toEqual(['Which color did I pick?', shown]);

    // Used once: the following message carries no context, and the note does not come back.
    await sendMessage(page, 'Anything else?');
    await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent(), { timeout: 30_000 }).toContain('Nothing else.');
    const next = (app.llm?.messageRequests().at(-1)?.body as { messages: { content: { type: string; text?: string }[] | string }[] }).messages.at(-1);
    expect(Array.isArray(next?.content) ? next.content.map((b) => b.text) : next?.content).toEqual(['Anything else?']);
    expect(await card.getByTestId('app-context-note').count()).toBe(0);
  });
});
