/** Start-up at scale: a bounded number of servers start at once, timeouts begin at spawn, a failed first start is retried once. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../shared/serverConfig.ts';
import { createHarness, nodeServer, scripts, spawnedPids } from '../fixtures/servers/harness.ts';

const slowStart = fileURLToPath(new URL('../fixtures/servers/slowStart.ts', import.meta.url));
const countSpawns = fileURLToPath(new URL('../fixtures/servers/countSpawns.ts', import.meta.url));

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

function setup(options: Parameters<typeof createHarness>[0]) {
  const h = createHarness(options);
  const dir = mkdtempSync(path.join(tmpdir(), 'sb-queue-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanups.push(() => h.cleanup());
  return { h, file: (name: string) => path.join(dir, name) };
}

/** A slow-start server pinned to 2025-11-25, so exactly one process starts per attempt (no probe sibling). */
function slow(env: Record<string, string>, extra: Partial<ServerConfig> = {}): ServerConfig {
  return nodeServer(slowStart, [], { protocol: '2025-11-25', env, ...extra });
}

describe('start queue', () => {
  it('starts 12 real servers two at a time: all ready, never more than two connecting at once, the rest read as queued first', async () => {
    const { h, file } = setup({ maxConcurrentStarts: 2 });
    const log = file('spawns');
    const ids = Array.from({ length: 12 }, (_, i) => `memory-${i}`);
    let most = 0;
    h.set(
      Object.fromEntries(ids.map((id) => [id, nodeServer(countSpawns, [scripts.memory], { env: { SPAWN_LOG: log, MEMORY_FILE_PATH: file(`${id}.jsonl`) } })])),
    );
    // A server holds a start permit while it reads as connecting: sample how many do at once.
    const poll = setInterval(() => {
      most = Math.max(most, ids.filter((id) => h.manager.status(id)?.state === 'connecting').length);
    }, 5);
    cleanups.push(() => clearInterval(poll));
    for (const id of ids) await h.waitForState(id, 'ready', 120_000);
    for (const id of ids) {
      const states = h.states(id);
      expect(states).toContain('connecting');
      expect(states.at(-1)).toBe('ready');
      expect(states).not.toContain('error');
    }
    expect(most).toBeLessThanOrEqual(2);
    // Two start at once; the other ten wait their turn and say so.
    expect(ids.filter((id) => h.states(id)[0] === 'queued').length).toBeGreaterThanOrEqual(10);
    expect(spawnedPids(log).length).toBeGreaterThanOrEqual(12);
  }, 180_000);

  it('a connect timeout starts when the spawn starts, not while queued', async () => {
    const { h } = setup({ maxConcurrentStarts: 1 });
    // Each takes ~2.5 s to answer, so the fourth waits ~7.5 s in the queue: longer than its 6 s connect timeout.
    const ids = ['a', 'b', 'c', 'd'];
    h.set(Object.fromEntries(ids.map((id) => [id, slow({ START_DELAY_MS: '2500' }, { connectTimeoutMs: 6000 })])));
    for (const id of ids) await h.waitForState(id, 'ready', 120_000);
    for (const id of ids) expect(h.states(id)).not.toContain('restarting');
    expect(h.states('d')[0]).toBe('queued');
  }, 180_000);

  it('a first start that fails is tried once more and becomes ready; one that fails twice stays in error', async () => {
    const { h, file } = setup({ backoff: { baseMs: 200 } });
    const log = file('once-spawns');
    h.set({
      once: slow({ FAIL_ONCE_FLAG: file('flag'), SPAWN_LOG: log }),
      always: nodeServer(scripts.misbehaving, ['exit'], { protocol: '2025-11-25', env: { SPAWN_LOG: file('always-spawns') } }),
    });
    await h.waitForState('once', 'ready', 60_000);
    expect(h.states('once')).toContain('restarting');
    expect(spawnedPids(log)).toHaveLength(2);
    await h.manager.whenSettled();
    expect(h.manager.status('always')?.state).toBe('error');
    expect(h.states('always').filter((state) => state === 'restarting')).toHaveLength(1);
    expect(spawnedPids(file('always-spawns'))).toHaveLength(2);
  }, 120_000);

  it('a server disabled while queued leaves the queue without ever spawning', async () => {
    const { h, file } = setup({ maxConcurrentStarts: 1 });
    const log = file('b-spawns');
    const a = slow({ START_DELAY_MS: '3000' });
    const b = slow({ SPAWN_LOG: log });
    h.set({ a, b });
    await h.waitForState('b', 'queued');
    h.set({ a, b: { ...b, enabled: false } });
    await h.waitForState('b', 'disabled');
    await h.waitForState('a', 'ready', 60_000);
    await h.manager.whenSettled();
    expect(h.manager.status('b')?.state).toBe('disabled');
    expect(spawnedPids(log)).toEqual([]);
  }, 120_000);

  it('shutdown with servers still queued spawns none of them', async () => {
    const { h, file } = setup({ maxConcurrentStarts: 1 });
    const log = file('queued-spawns');
    h.set({ a: slow({ START_DELAY_MS: '3000' }), b: slow({ SPAWN_LOG: log }), c: slow({ SPAWN_LOG: log }) });
    await h.waitForState('c', 'queued');
    await h.manager.shutdown();
    expect(spawnedPids(log)).toEqual([]);
  }, 60_000);

  it('a probe that times out under load is a failed try, not a legacy verdict: the retry finds the modern era', async () => {
    const { h, file } = setup({ backoff: { baseMs: 200 } });
    // The first process answers only after 22 s, past the 20 s probe window of a 40 s connect timeout (so it still
    // answers within the attempt on a loaded machine); its late discover result is kept, so the retry adopts the modern
    // era from it instead of racing a second probe window.
    h.set({ modern: nodeServer(slowStart, [], { connectTimeoutMs: 40_000, env: { START_DELAY_MS: '22000', DELAY_ONCE_FLAG: file('delayed') } }) });
    const ready = await h.waitForState('modern', 'ready', 150_000);
    expect(ready.era).toBe('modern');
    expect(h.states('modern')).toContain('restarting');
  }, 180_000);
});
