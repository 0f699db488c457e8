// The 2026-07-28 path against a fixture built with @modelcontextprotocol/server: stateless discover, MRTR elicitation
// with requestState, subscriptions/listen list changes, the era cache (the probe runs on the server's own process), timeouts and cancel.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchKey } from '../../electron/host/mcp/eraCache.ts';
import { createHarness, isAlive, nodeServer, scripts, spawnedPids } from '../fixtures/servers/harness.ts';

const countSpawns = path.join(path.dirname(scripts.modern), 'countSpawns.ts');

describe('a 2026-07-28 server', () => {
  let h: ReturnType<typeof createHarness>;
  let spawnLog: string;

  beforeAll(async () => {
    h = createHarness();
    spawnLog = path.join(h.dataDir, 'spawns.log');
    h.set({ modern: nodeServer(scripts.modern, [], { env: { SPAWN_LOG: spawnLog } }) });
    await h.manager.whenSettled();
  });
  afterAll(() => h.cleanup());

  it('is ready in the modern era with identity, instructions and capabilities from server/discover', () => {
    const status = h.manager.status('modern');
    expect(status).toMatchObject({
      state: 'ready',
      era: 'modern',
      protocolVersion: '2026-07-28',
      serverName: 'modern-fixture',
      serverVersion: '1.2.3',
      instructions: 'A fixture for tests.',
      capabilities: { tools: true, prompts: true, listChanged: { tools: true } },
      warnings: [],
    });
    // One process: the era probe runs on the session's own pipe (no sibling).
    expect(spawnedPids(spawnLog)).toHaveLength(1);
  });

  it('fulfils an MRTR elicitation through the broker, tied to the chat, echoing requestState', async () => {
    // 2 s for the server to ask (its first answer must still come within the call's timeout, even on a loaded machine).
    const call = h.manager.callTool('modern', 'ask_name', {}, { chatId: 'chat-42', timeoutMs: 2000 });
    const pending = await h.until(() => h.broker.list()[0], 'the MRTR elicitation');
    expect(pending).toMatchObject({ serverId: 'modern', chatId: 'chat-42', mode: 'form', message: 'What is your name?' });
    // Longer than the call's timeout: the user's thinking time does not count against the call.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    h.broker.answer(pending.id, { action: 'accept', content: { name: 'Grace' } });
    expect(await call).toEqual({ ok: true, value: { content: [{ type: 'text', text: 'Hello, Grace (state asked-once)' }], isError: false } });
  });

  it('a declined elicitation reaches the tool as a decline', async () => {
    const call = h.manager.callTool('modern', 'ask_name', {});
    const pending = await h.until(() => h.broker.list()[0], 'the MRTR elicitation');
    h.broker.answer(pending.id, { action: 'decline' });
    expect(await call).toMatchObject({ ok: true, value: { isError: true, content: [{ type: 'text', text: 'No name given' }] } });
  });

  it('refreshes the catalog when the tool list changes (subscriptions/listen)', async () => {
    const before = h.catalogs('modern').length;
    expect(await h.manager.callTool('modern', 'add_tool', { name: 'brand_new' })).toMatchObject({ ok: true });
    const catalog = await h.until(() => h.catalogs('modern').slice(before).find((c) => c.tools.some((t) => t.name === 'brand_new')), 'the refreshed catalog');
    expect(catalog.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['echo', 'ask_name', 'brand_new']));
    expect(h.manager.status('modern')).toMatchObject({ state: 'ready', counts: { tools: catalog.tools.length } });
    expect(await h.manager.callTool('modern', 'brand_new', {})).toMatchObject({ ok: true, value: { content: [{ type: 'text', text: 'brand_new' }] } });
  });

  it('times out a silent call as timeout, but lets progress keep a long one alive', async () => {
    expect(await h.manager.callTool('modern', 'slow', { ms: 2500 }, { timeoutMs: 1000 })).toMatchObject({ ok: false, error: { code: 'timeout' } });
    const progress: number[] = [];
    // Progress every 250 ms against a 1 s timeout: a loaded machine may delay a notification without ending the call.
    const kept = await h.manager.callTool('modern', 'slow', { ms: 2500, steps: 10 }, { timeoutMs: 1000, onProgress: (p) => progress.push(p.progress) });
    expect(kept).toMatchObject({ ok: true, value: { content: [{ type: 'text', text: 'done after 2500 ms' }] } });
    expect(progress.length).toBeGreaterThanOrEqual(4);
  });

  it('reports an abort as cancelled, not as a timeout, and the server stays usable', async () => {
    const controller = new AbortController();
    const call = h.manager.callTool('modern', 'slow', { ms: 5000 }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    expect(await call).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(await h.manager.callTool('modern', 'echo', { text: 'still here' })).toMatchObject({ ok: true });
  });

  it('renders a prompt', async () => {
    const prompt = await h.manager.getPrompt('modern', 'greet', { who: 'Alan' });
    expect(prompt).toEqual({ ok: true, value: { messages: [{ role: 'user', content: { type: 'text', text: 'Say hello to Alan' } }] } });
  });
});

describe('the era cache', () => {
  it('lets the second start skip the probe, and leaves no process behind', async () => {
    const first = createHarness();
    const spawnLog = path.join(first.dataDir, 'spawns.log');
    const config = nodeServer(scripts.modern, [], { env: { SPAWN_LOG: spawnLog } });
    first.set({ modern: config });
    await first.waitForState('modern', 'ready', 30_000);
    await first.manager.shutdown();
    expect(spawnedPids(spawnLog)).toHaveLength(1);
    const cache = JSON.parse(readFileSync(path.join(first.dataDir, 'era-cache.json'), 'utf8')) as Record<string, { kind: string }>;
    expect(cache[launchKey(config)]?.kind).toBe('modern');

    const second = createHarness({ dataDir: first.dataDir });
    second.set({ modern: config });
    await second.waitForState('modern', 'ready', 30_000, (s) => s.era === 'modern');
    await second.cleanup();
    expect(spawnedPids(spawnLog)).toHaveLength(2);
    for (const pid of spawnedPids(spawnLog)) expect(isAlive(pid)).toBe(false);
    await first.cleanup();
  });

  it('caches a legacy verdict too, and a wrong modern verdict is forgotten and re-probed', async () => {
    const h = createHarness();
    const spawnLog = path.join(h.dataDir, 'spawns.log');
    const legacy = nodeServer(countSpawns, [scripts.everything, 'stdio'], { env: { SPAWN_LOG: spawnLog } });
    h.set({ everything: legacy });
    await h.waitForState('everything', 'ready', 30_000);
    const cacheFile = path.join(h.dataDir, 'era-cache.json');
    await h.manager.shutdown();
    const cache = JSON.parse(readFileSync(cacheFile, 'utf8')) as Record<string, unknown>;
    expect(cache[launchKey(legacy)]).toMatchObject({ kind: 'legacy' });
    expect(spawnedPids(spawnLog)).toHaveLength(1);

    // Second start with the legacy verdict: no probe.
    const again = createHarness({ dataDir: h.dataDir });
    again.set({ everything: legacy });
    await again.waitForState('everything', 'ready', 30_000);
    await again.manager.shutdown();
    expect(spawnedPids(spawnLog)).toHaveLength(2);

    // Pretend the server once spoke 2026-07-28: the adopted verdict fails at the first request, is forgotten, and the
    // server is probed and connected in the legacy era.
    const modernConfig = nodeServer(scripts.modern);
    const probe = createHarness({ dataDir: h.dataDir });
    probe.set({ modern: modernConfig });
    await probe.waitForState('modern', 'ready', 30_000);
    await probe.manager.shutdown();
    const withModern = JSON.parse(readFileSync(cacheFile, 'utf8')) as Record<string, unknown>;
    withModern[launchKey(legacy)] = withModern[launchKey(modernConfig)];
    writeFileSync(cacheFile, JSON.stringify(withModern));
    const stale = createHarness({ dataDir: h.dataDir });
    stale.set({ everything: legacy });
    const ready = await stale.waitForState('everything', 'ready', 30_000);
    expect(ready.era).toBe('legacy');
    expect(stale.logLines.some((line) => line.stream === 'host' && line.text.includes('no longer works'))).toBe(true);
    await stale.cleanup();
    const healed = JSON.parse(readFileSync(cacheFile, 'utf8')) as Record<string, unknown>;
    expect(healed[launchKey(legacy)]).toMatchObject({ kind: 'legacy' });
    for (const pid of spawnedPids(spawnLog)) expect(isAlive(pid)).toBe(false);
    await Promise.all([h.cleanup(), again.cleanup(), probe.cleanup()]);
  });
});
