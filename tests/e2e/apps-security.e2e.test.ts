/// <reference lib="dom" />
/**
 * MCP Apps security in Chromium against web mode: an app runs in an opaque origin inside a proxy on another port, so it
 * cannot read the window's token, cookies or DOM, cannot reach the WebSocket bridge or any origin it did not declare,
 * cannot call another server's tools (nor its own server's model-only ones), and a link it opens is confirmed first.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptTurn } from '../fixtures/scriptedLlm/index.ts';
import { nodeServer, sendMessage, startApp, type E2eApp } from './harness.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const basicReact = path.join(root, 'node_modules/@modelcontextprotocol/server-basic-react/dist/index.js');
const probeServer = path.join(root, 'tests/fixtures/apps/fixtureAppServer.ts');

/** A shared 2-core machine can take long to start a server; the connect timeout must not fail the suite. */
const slow = { connectTimeoutMs: 120_000 };

const script: ScriptTurn[] = [
  { match: { lastUserText: 'Show the probe' }, content: [{ type: 'tool_use', name: 'probe__show-probe', input: { label: 'sec' } }] },
  { expect: { hasToolResults: true }, content: [{ type: 'text', text: 'Probe shown.' }] },
];

async function appFrame(page: Page): Promise<Frame> {
  let found: Frame | undefined;
  await expect
    .poll(() => {
      found = page.frames().filter((f) => f.parentFrame()?.url().includes('/app-sandbox')).at(-1);
      return found !== undefined;
    }, { timeout: 30_000 })
    .toBe(true);
  return found as Frame;
}

/** What the app gets back for a JSON-RPC request it sends through its proxy (as any app code could). */
function appRequest(frame: Frame, method: string, params: Record<string, unknown>): Promise<string> {
  return frame.evaluate(
    async ([m, p]) => {
      const probe = (window as unknown as { probe: { request(method: string, params: unknown): Promise<{ result?: { isError?: boolean; content?: { text?: string }[] }; error?: { message: string } }> } }).probe;
      const reply = await probe.request(m, p);
      if (reply.error) return `error: ${reply.error.message}`;
      return `${reply.result?.isError ? 'refused' : 'ok'}: ${(reply.result?.content ?? []).map((c) => c.text ?? '').join(' ')}`;
    },
    [method, params] as const,
  );
}

describe('MCP Apps sandbox', () => {
  let app: E2eApp;
  let frame: Frame;

  beforeAll(async () => {
    app = await startApp({ llm: { script }, servers: { basic: nodeServer(basicReact, ['--stdio'], slow), probe: nodeServer(probeServer, [], slow) } });
    await app.dismissToasts();
  }, 240_000);

  afterAll(async () => {
    await app?.close();
  });

  it('runs the app in an opaque origin that reads neither the window nor its token and cookies', async () => {
    await sendMessage(app.page, 'Show the probe');
    await app.page.locator('.tool-card').last().getByRole('group', { name: /Approval for Show Probe/ }).getByRole('button', { name: 'Allow once' }).click();
    frame = await appFrame(app.page);
    await expect.poll(() => frame.locator('#result').textContent(), { timeout: 30_000 }).toContain('probe sec');
    const seen = await frame.evaluate(() => {
      const attempt = (read: () => unknown) => {
        try {
          return `read: ${String(read())}`;
        } catch (error) {
          return `blocked: ${(error as Error).name}`;
        }
      };
      return {
        origin: window.origin,
        token: attempt(() => window.top?.sessionStorage.length),
        topDocument: attempt(() => window.top?.document.title),
        cookie: attempt(() => document.cookie),
        ownStorage: attempt(() => window.sessionStorage.length),
      };
    });
    expect(seen.origin).toBe('null');
    expect(seen.token).toBe('blocked: SecurityError');
    expect(seen.topDocument).toBe('blocked: SecurityError');
    expect(seen.cookie).toBe('blocked: SecurityError');
    expect(seen.ownStorage).toBe('blocked: SecurityError');
    // The window itself does hold the token in its session storage: the app is what cannot read it.
    expect(await app.page.evaluate(() => sessionStorage.length)).toBeGreaterThan(0);
  });

  it('blocks the WebSocket bridge and any origin the app did not declare (CSP), while the declared one is allowed by policy', async () => {
    const port = app.web.port;
    const outcome = await frame.evaluate(async (webPort) => {
      const violations: string[] = [];
      document.addEventListener('securitypolicyviolation', (event: SecurityPolicyViolationEvent) => violations.push(`${event.effectiveDirective} ${event.blockedURI}`));
      const fetched = await fetch(`http://127.0.0.1:${webPort}/`).then(
        () => 'fetched',
        (error: Error) => `failed: ${error.name}`,
      );
      const socket = await new Promise<string>((resolve) => {
        try {
          const ws = new WebSocket(`ws://127.0.0.1:${webPort}/ws?token=guess`);
          ws.onopen = () => resolve('open');
          ws.onerror = () => resolve('error');
        } catch (error) {
          resolve(`threw: ${(error as Error).name}`);
        }
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      return { fetched, socket, violations };
    }, port);
    expect(outcome.fetched).toBe('failed: TypeError');
    expect(outcome.socket).not.toBe('open');
    expect(outcome.violations.some((v) => v.startsWith('connect-src') && v.includes(`127.0.0.1:${port}`))).toBe(true);
    // The policy lists exactly the declared origin.
    const policy = await frame.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? '');
    expect(policy).toContain('connect-src http://127.0.0.1:9;');
    expect(policy).toContain("default-src 'none'");
  });

  it('refuses a tools/call for another server\'s tool and for its own server\'s model-only tool', async () => {
    const before = (await app.api['approvals.list']({})).ok;
    expect(before).toBe(true);
    // The same refusal as a model's call to a tool that is not there (registry's call.noTool).
    expect(await appRequest(frame, 'tools/call', { name: 'basic__get-time', arguments: {} })).toContain('refused: No tool named basic__get-time is available.');
    expect(await appRequest(frame, 'tools/call', { name: 'get-time', arguments: {} })).toContain('refused: No tool named get-time is available.');
    expect(await appRequest(frame, 'tools/call', { name: 'secret', arguments: {} })).toContain('refused: The tool "secret" is for the model only');
    // Nothing was asked of the user for these: they never reached the approval queue.
    const pending = await app.api['approvals.list']({});
    expect(pending.ok && pending.value).toEqual([]);
  });

  it('asks the user before opening a link, showing its domain', async () => {
    const { page } = app;
    await frame.getByRole('button', { name: 'Open link' }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('elicit-url-host').textContent()).toBe('example.com');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => frame.locator('#answer').textContent()).toBe('refused: {"isError":true}');
  });
});
