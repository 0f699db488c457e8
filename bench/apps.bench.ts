/**
 * `npm run bench -- apps`: time from a tool result to an MCP App's first paint through Switchboard's sandbox (a proxy
 * page on a second loopback origin, the app in a sandboxed srcdoc frame under its CSP, messages relayed) against the
 * same HTML in a plain sandboxed iframe, alternating in one Chromium run. The app is server-basic-react's real HTML.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { silentLogger } from '../electron/host/environment.ts';
import { startAppSandboxServer } from '../electron/web/appSandboxServer.ts';
import { chromiumArgs, chromiumPath } from '../tests/e2e/harness.ts';
import { alternate, median, report } from './lib.ts';

const rounds = 15;
const appHtml = readFileSync(join(import.meta.dirname, '..', 'node_modules/@modelcontextprotocol/server-basic-react/dist/mcp-app.html'), 'utf8');
// The first frame after the app's own code ran, told to whoever embeds it (the proxy relays it on).
const marker = '<script>requestAnimationFrame(() => requestAnimationFrame(() => window.parent.postMessage({ benchPainted: true }, "*")));</script>';
const html = appHtml.includes('</body>') ? appHtml.replace('</body>', `${marker}</body>`) : appHtml + marker;

const sandbox = await startAppSandboxServer({ logger: silentLogger });
// The window's stand-in: a page on its own origin that mounts an app either way and times it.
const page = `<!doctype html><meta charset="utf-8"><body><script>
const painted = (frame) => new Promise((resolve) => {
  const onMessage = (event) => { if (event.data && event.data.benchPainted) { window.removeEventListener('message', onMessage); resolve(); } };
  window.addEventListener('message', onMessage);
});
window.mount = async (mode, appHtml, sandboxUrl) => {
  document.body.replaceChildren();
  const frame = document.createElement('iframe');
  frame.style.cssText = 'width:600px;height:400px;border:0';
  const start = performance.now();
  const done = painted(frame);
  if (mode === 'plain') {
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.srcdoc = appHtml;
    document.body.appendChild(frame);
  } else {
    frame.setAttribute('sandbox', 'allow-scripts allow-same-origin');
    const onReady = (event) => {
      if (event.source !== frame.contentWindow || !event.data || event.data.method !== 'ui/notifications/sandbox-proxy-ready') return;
      window.removeEventListener('message', onReady);
      frame.contentWindow.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params: { html: appHtml } }, new URL(sandboxUrl).origin);
    };
    window.addEventListener('message', onReady);
    frame.src = sandboxUrl + '?parent=' + encodeURIComponent(location.origin) + '&csp=%7B%7D';
    document.body.appendChild(frame);
  }
  await done;
  return performance.now() - start;
};
</script></body>`;
const host = createServer((_request, response) => response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page));
await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', () => resolve()));
const address = host.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
sandbox.allowParents([origin]);

const profileDir = mkdtempSync(join(tmpdir(), 'sb-bench-apps-'));
const context = await chromium.launchPersistentContext(profileDir, { executablePath: chromiumPath, headless: true, args: chromiumArgs });
try {
  const tab = context.pages()[0] ?? (await context.newPage());
  await tab.goto(origin);
  const mount = (mode: 'plain' | 'sandboxed') => tab.evaluate(([m, h, u]) => (window as unknown as { mount(m: string, h: string, u: string): Promise<number> }).mount(m, h, u), [mode, html, sandbox.url] as const);
  // Warm-up: the first mount of each kind compiles the app's code.
  await mount('plain');
  await mount('sandboxed');
  const samples = await alternate(rounds, () => mount('sandboxed'), () => mount('plain'));
  report({
    name: 'apps',
    metric: `ms from tool result to the app's first paint, sandbox proxy vs plain iframe (median of ${rounds})`,
    value: median(samples.subject),
    baseline: median(samples.baseline),
    target: 1.3,
    direction: 'ratio_at_most',
    details: { rounds, app: '@modelcontextprotocol/server-basic-react mcp-app.html', appBytes: html.length, samplesMs: samples },
  });
} finally {
  await context.close();
  await sandbox.close();
  host.close();
  rmSync(profileDir, { recursive: true, force: true });
}
