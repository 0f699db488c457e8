/** Chrome tracing for the ui bench: records the renderer's main thread and finds its longest task. */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  args?: { name?: string };
}

/** A running trace; `stop()` returns the longest task (ms) on the busiest renderer main thread. */
export interface MainThreadTrace {
  stop(): Promise<{ longestTaskMs: number; tasksOver50ms: number; tasksOver200ms: number; p95TaskMs: number; taskCount: number }>;
}

async function readStream(cdp: CDPSession, handle: string): Promise<string> {
  let text = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle });
  return text;
}

/** Starts tracing the browser's timeline (task-level events only, to keep the trace small). */
export async function startMainThreadTrace(context: BrowserContext, page: Page): Promise<MainThreadTrace> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: { includedCategories: ['toplevel', 'disabled-by-default-devtools.timeline'], recordMode: 'recordAsMuchAsPossible' },
  });
  return {
    async stop() {
      const complete = new Promise<{ stream?: string }>((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      const { stream } = await complete;
      if (!stream) throw new Error('Tracing returned no stream');
      const parsed = JSON.parse(await readStream(cdp, stream)) as TraceEvent[] | { traceEvents: TraceEvent[] };
      await cdp.detach();
      const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
      const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
      // The page under test is the renderer main thread that worked the most during the trace.
      const byThread = new Map<string, number[]>();
      for (const e of events) {
        if (e.name !== 'RunTask' || e.ph !== 'X' || e.dur === undefined) continue;
        const key = `${e.pid}:${e.tid}`;
        if (!mains.has(key)) continue;
        const list = byThread.get(key) ?? [];
        list.push(e.dur / 1000);
        byThread.set(key, list);
      }
      const busiest = [...byThread.values()].sort((a, b) => b.reduce((x, y) => x + y, 0) - a.reduce((x, y) => x + y, 0))[0] ?? [];
      const sorted = [...busiest].sort((a, b) => a - b);
      const p95TaskMs = sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
      return { longestTaskMs: Math.max(0, ...busiest), tasksOver50ms: busiest.filter((d) => d > 50).length, tasksOver200ms: busiest.filter((d) => d > 200).length, p95TaskMs, taskCount: busiest.length };
    },
  };
}
