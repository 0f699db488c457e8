/** Chrome tracing for the ui bench: records the renderer's main thread and finds its longest task. */
import { appendFileSync } from 'node:fs';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts?: number;
  dur?: number;
  /** Thread (CPU) time of a complete event, µs. */
  tdur?: number;
  args?: { name?: string };
}

/** Script events: a `Layout` inside one was forced by a layout read (or write) from script, not the frame's own. */
const SCRIPT_EVENTS = new Set(['FunctionCall', 'EvaluateScript', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'RunMicrotasks', 'v8.callFunction', 'v8.run']);

/** Layouts on `thread` that ran inside script (forced), counted with their total time (ms). */
function forcedLayouts(events: TraceEvent[], thread: string): { count: number; ms: number } {
  const mine = events.filter((e) => e.ph === 'X' && e.ts !== undefined && e.dur !== undefined && `${e.pid}:${e.tid}` === thread);
  const scripts = mine.filter((e) => SCRIPT_EVENTS.has(e.name)).sort((a, b) => (a.ts ?? 0) - (b.ts ?? 0));
  // The latest end among scripts started so far: a layout is inside a script if one started before it ends after it.
  const reach: number[] = [];
  for (const s of scripts) reach.push(Math.max(reach.at(-1) ?? 0, (s.ts ?? 0) + (s.dur ?? 0)));
  let count = 0;
  let ms = 0;
  for (const layout of mine) {
    if (layout.name !== 'Layout') continue;
    const at = layout.ts ?? 0;
    let lo = 0;
    let hi = scripts.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((scripts[mid]?.ts ?? 0) <= at) lo = mid + 1;
      else hi = mid - 1;
    }
    if (hi >= 0 && (reach[hi] ?? 0) >= at + (layout.dur ?? 0)) {
      count += 1;
      ms += (layout.dur ?? 0) / 1000;
    }
  }
  return { count, ms };
}

/** A running trace; `stop()` returns the longest task (ms) on the busiest renderer main thread. */
export interface MainThreadTrace {
  stop(): Promise<{ longestTaskMs: number; longestTaskCpuMs: number; tasksOver50ms: number; tasksOver200ms: number; p95TaskMs: number; taskCount: number; forcedLayouts: number; forcedLayoutMs: number }>;
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
  // With BENCH_TRACE_OUT the trace also holds V8's CPU samples, unless BENCH_TRACE_NOPROF is set: the sampler's start
  // is itself a task of 100+ ms in the app's page and inflates the rest, so timings are read without it.
  // BENCH_TRACE_SELECTORS adds Blink's per-selector match times (SelectorStats events inside each style recalc).
  const extra = [
    ...(process.env.BENCH_TRACE_OUT && !process.env.BENCH_TRACE_NOPROF ? ['disabled-by-default-v8.cpu_profiler'] : []),
    ...(process.env.BENCH_TRACE_OUT && process.env.BENCH_TRACE_SELECTORS ? ['disabled-by-default-blink.debug'] : []),
  ];
  await cdp.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: { includedCategories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', ...extra], recordMode: 'recordAsMuchAsPossible' },
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
      // BENCH_TRACE_OUT=<file>: each trace's events appended as one JSON line, to read what a long task held.
      if (process.env.BENCH_TRACE_OUT) appendFileSync(process.env.BENCH_TRACE_OUT, `${JSON.stringify(events)}\n`);
      const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
      // The page under test is the renderer main thread that worked the most during the trace.
      const byThread = new Map<string, number[]>();
      const cpuByThread = new Map<string, number[]>();
      const totals = new Map<string, number>();
      for (const e of events) {
        if (e.name !== 'RunTask' || e.ph !== 'X' || e.dur === undefined) continue;
        const key = `${e.pid}:${e.tid}`;
        if (!mains.has(key)) continue;
        const list = byThread.get(key) ?? [];
        list.push(e.dur / 1000);
        byThread.set(key, list);
        if (e.tdur !== undefined) {
          const cpu = cpuByThread.get(key) ?? [];
          cpu.push(e.tdur / 1000);
          cpuByThread.set(key, cpu);
        }
        totals.set(key, (totals.get(key) ?? 0) + e.dur);
      }
      const thread = [...totals.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
      const busiest = byThread.get(thread) ?? [];
      const forced = forcedLayouts(events, thread);
      const sorted = [...busiest].sort((a, b) => a - b);
      const p95TaskMs = sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
      // The longest task's thread time too: on a loaded machine a task's wall time includes the time its thread waited
      // for a core, and a longer task waits more; its CPU time shows what the page itself did.
      return { longestTaskMs: Math.max(0, ...busiest), longestTaskCpuMs: Math.max(0, ...(cpuByThread.get(thread) ?? [])), tasksOver50ms: busiest.filter((d) => d > 50).length, tasksOver200ms: busiest.filter((d) => d > 200).length, p95TaskMs, taskCount: busiest.length, forcedLayouts: forced.count, forcedLayoutMs: Math.round(forced.ms) };
    },
  };
}
