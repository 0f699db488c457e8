// Lifecycle races with real processes: a restart or a config change still in flight when the server is removed or
// the app shuts down must not leave a server process running that nothing owns any more.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, isAlive, nodeServer, scripts, spawnedPids } from '../fixtures/servers/harness.ts';

const harnesses: ReturnType<typeof createHarness>[] = [];
function harness() {
  const h = createHarness();
  harnesses.push(h);
  return h;
}

afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((h) => h.cleanup()));
});

/** Every process a server started (probe siblings included) is gone. */
function expectNoneAlive(log: string): void {
  const pids = spawnedPids(log);
  expect(pids.length).toBeGreaterThan(0);
  expect(pids.filter(isAlive)).toEqual([]);
}

describe('lifecycle races', () => {
  it('shutdown while a manual restart is stopping the old process leaves no process behind', async () => {
    const h = harness();
    const log = path.join(h.dataDir, 'spawns.log');
    h.set({ a: nodeServer(scripts.misbehaving, ['serve'], { env: { SPAWN_LOG: log } }) });
    await h.waitForState('a', 'ready');
    const restart = h.manager.restart('a');
    await h.manager.shutdown();
    const result = await restart;
    await h.manager.whenSettled();
    expect(result).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expectNoneAlive(log);
  });

  it('a server removed while its config change is reconnecting it leaves no process behind', async () => {
    const h = harness();
    const log = path.join(h.dataDir, 'spawns.log');
    h.set({ a: nodeServer(scripts.misbehaving, ['serve'], { env: { SPAWN_LOG: log } }) });
    await h.waitForState('a', 'ready');
    // The edit stops the old process and then starts the new one; the removal lands in between.
    h.set({ a: nodeServer(scripts.misbehaving, ['serve'], { env: { SPAWN_LOG: log, EDITED: '1' } }) });
    h.set({});
    await h.manager.whenSettled();
    expect(h.manager.status('a')).toBeUndefined();
    expectNoneAlive(log);
  });

  it('shutdown while a config change is reconnecting a server leaves no process behind', async () => {
    const h = harness();
    const log = path.join(h.dataDir, 'spawns.log');
    h.set({ a: nodeServer(scripts.misbehaving, ['serve'], { env: { SPAWN_LOG: log } }) });
    await h.waitForState('a', 'ready');
    h.set({ a: nodeServer(scripts.misbehaving, ['serve'], { env: { SPAWN_LOG: log, EDITED: '1' } }) });
    await h.manager.shutdown();
    await h.manager.whenSettled();
    expectNoneAlive(log);
  });

  it('a server disabled while its config change is reconnecting it stays disabled, with no process', async () => {
    const h = harness();
    const log = path.join(h.dataDir, 'spawns.log');
    const config = nodeServer(scripts.misbehaving, ['serve'], { env: { SPAWN_LOG: log } });
    h.set({ a: config });
    await h.waitForState('a', 'ready');
    h.set({ a: nodeServer(scripts.misbehaving, ['serve'], { env: { SPAWN_LOG: log, EDITED: '1' } }) });
    h.set({ a: { ...config, enabled: false } });
    await h.manager.whenSettled();
    expect(h.manager.status('a')).toEqual({ state: 'disabled' });
    expectNoneAlive(log);
  });
});
