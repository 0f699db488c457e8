/**
 * The second `servers-ui` check (issue 12): 100 stdio servers × 50 tools become ready while a page is open, and the
 * page's longest main-thread task is recorded from the first server added until the page settles (every server ready
 * and no host event for 2 s). One side is the app's Servers view, the other a bare page that parses the same events
 * from the same socket into one text node (the floor: socket + JSON, no UI). Each side gets a fresh web mode.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { silentLogger } from '../electron/host/environment.ts';
import { startWebMode } from '../electron/web/startWebMode.ts';
import { startMainThreadTrace } from './uiTrace.ts';
import { onSocketMessageScript, rendererOption } from './uiPage.ts';

/** Servers and tools per server in the settle check. */
export const SETTLE_SERVERS = 100;
export const SETTLE_TOOLS = 50;
const QUIET_MS = 2000;

/** Stamps the time of every socket message the page receives: the page has settled once none came for QUIET_MS. */
export const lastMessageScript = `
window.__sbLastMessageAt = 0;
${onSocketMessageScript(`() => { window.__sbLastMessageAt = performance.now(); }`)}`;

/** The bare page: every event parsed, and a count of them written to one text node. */
export const settleBaselineHtml = `<!doctype html><meta charset="utf-8"><title>baseline</title>
<pre id="out" style="white-space:pre-wrap;font:14px system-ui"></pre>
<script>
const params = new URLSearchParams(location.search);
const out = document.createTextNode('');
document.getElementById('out').appendChild(out);
let count = 0;
const socket = new WebSocket('ws://' + location.host + '/ws?token=' + encodeURIComponent(params.get('token')));
socket.onmessage = (event) => {
  const message = JSON.parse(event.data);
  count += 1;
  out.data = count + ' events, last ' + (message.event || 'reply');
};
socket.onopen = () => { window.__sbReady = true; };
</script>`;

/** One side's result. */
export interface SettleSample {
  longestTaskMs: number;
  tasksOver200ms: number;
  tasksOver50ms: number;
  /** ms from the first server added to all ready. */
  allReadyMs: number;
  ready: number;
}

/** Runs one side: a fresh web mode, the page open (`side`), 100 servers added, traced until settled. */
export async function measureSettle(context: BrowserContext, side: 'app' | 'bare'): Promise<SettleSample> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-bench-servers-settle-'));
  const web = await startWebMode({ dataDir, port: 0, hostEnv: { logger: silentLogger }, ...rendererOption() });
  const origin = `http://127.0.0.1:${web.port}`;
  await context.route(`${origin}/bench-settle*`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: settleBaselineHtml }));
  const page = await context.newPage();
  try {
    if (side === 'app') {
      await page.goto(`${web.url}#/servers`);
      await page.getByTestId('servers-view').waitFor();
    } else {
      await page.goto(`${origin}/bench-settle?token=${web.token}`);
      await page.waitForFunction('window.__sbReady === true');
    }
    const trace = await startMainThreadTrace(context, page);
    const started = Date.now();
    const api = web.host.api;
    const server = join(import.meta.dirname, 'manyToolsServer.ts');
    for (let i = 0; i < SETTLE_SERVERS; i++) {
      const added = await api['servers.add']({ name: `many-${String(i).padStart(3, '0')}`, config: { command: process.execPath, args: [server, String(SETTLE_TOOLS)] } });
      if (!added.ok) throw new Error(added.error.message);
    }
    let ready = 0;
    let allReadyMs = Number.NaN;
    for (const deadline = Date.now() + 15 * 60_000; Date.now() < deadline; ) {
      const listed = await api['servers.list']({});
      ready = listed.ok ? listed.value.filter((s) => s.status.state === 'ready').length : 0;
      if (ready === SETTLE_SERVERS) {
        allReadyMs = Date.now() - started;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // Settled: no host event reached the page for QUIET_MS (a generous cap so a page that never settles still ends).
    // Polled from here: waitForFunction evaluates its predicate in the page, which the app's CSP (no eval) refuses.
    for (const deadline = Date.now() + 5 * 60_000; (await page.evaluate<number>('performance.now() - window.__sbLastMessageAt')) <= QUIET_MS; ) {
      if (Date.now() > deadline) throw new Error(`the ${side} page never settled`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const tasks = await trace.stop();
    return { longestTaskMs: tasks.longestTaskMs, tasksOver200ms: tasks.tasksOver200ms, tasksOver50ms: tasks.tasksOver50ms, allReadyMs, ready };
  } finally {
    await page.close();
    await web.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
