// The era probe runs on the server's own process (issue 12): protocol 'auto' with no cached verdict sends one
// `server/discover` on the session's pipe, so every real server below starts exactly ONE process and connects in its
// own era with its tools. A server that exits on a request before `initialize` gets one fresh process with the 2025
// handshake, and its legacy verdict is cached so later starts skip the probe.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../shared/serverConfig.ts';
import { launchKey } from '../../electron/host/mcp/eraCache.ts';
import { createHarness, isAlive, nodeServer, scripts, spawnedPids } from '../fixtures/servers/harness.ts';

const fixtures = path.dirname(scripts.modern);
const countSpawns = path.join(fixtures, 'countSpawns.ts');
const legacyV1 = path.join(fixtures, 'legacyV1Server.ts');

describe('the era probe on the server\'s own process', () => {
  let h: ReturnType<typeof createHarness>;
  const logs: Record<string, string> = {};
  const configs: Record<string, ServerConfig> = {};

  beforeAll(async () => {
    h = createHarness();
    const log = (id: string) => (logs[id] = path.join(h.dataDir, `${id}-spawns.log`));
    const files = mkdtempSync(path.join(tmpdir(), 'sb-era-fs-'));
    // Generous timeouts: on a loaded 2-core machine a start can take seconds, and this test is about spawns, not speed.
    const extra = { connectTimeoutMs: 60_000 };
    configs.everything = nodeServer(countSpawns, [scripts.everything, 'stdio'], { ...extra, env: { SPAWN_LOG: log('everything') } });
    configs.filesystem = nodeServer(countSpawns, [scripts.filesystem, files], { ...extra, env: { SPAWN_LOG: log('filesystem') } });
    configs.memory = nodeServer(countSpawns, [scripts.memory], { ...extra, env: { SPAWN_LOG: log('memory'), MEMORY_FILE_PATH: path.join(files, 'memory.jsonl') } });
    configs.modern = nodeServer(scripts.modern, [], { ...extra, env: { SPAWN_LOG: log('modern') } });
    h.set(configs);
    await h.manager.whenSettled();
  }, 180_000);
  afterAll(() => h.cleanup());

  const tools = (id: string) => (h.catalogs(id).at(-1)?.tools ?? []).map((tool) => tool.name);

  it.each([
    ['everything', 'legacy', '2025-11-25', 'echo'],
    ['filesystem', 'legacy', '2025-11-25', 'read_text_file'],
    ['memory', 'legacy', '2025-11-25', 'create_entities'],
    ['modern', 'modern', '2026-07-28', 'ask_name'],
  ])('%s connects on auto in the %s era (%s) with its tools, from exactly one process', (id, era, protocolVersion, tool) => {
    expect(h.manager.status(id)).toMatchObject({ state: 'ready', era, protocolVersion });
    expect(tools(id)).toContain(tool);
    expect(spawnedPids(logs[id] ?? '')).toHaveLength(1);
    // No retry was needed: the probe's answer (or error) came on the first try.
    expect(h.states(id)).not.toContain('restarting');
  });

  it('caches each verdict, so the next start adopts it without a probe', async () => {
    await h.manager.shutdown();
    const cache = JSON.parse(readFileSync(path.join(h.dataDir, 'era-cache.json'), 'utf8')) as Record<string, { kind: string }>;
    for (const id of ['everything', 'filesystem', 'memory']) expect(cache[launchKey(configs[id] as ServerConfig)]?.kind).toBe('legacy');
    expect(cache[launchKey(configs.modern as ServerConfig)]?.kind).toBe('modern');
    for (const file of Object.values(logs)) for (const pid of spawnedPids(file)) expect(isAlive(pid)).toBe(false);
  });
});

describe('a server that exits on a request before initialize', () => {
  it('is started once more with the 2025 handshake, becomes ready, and is never probed again', async () => {
    const first = createHarness();
    const spawnLog = path.join(first.dataDir, 'spawns.log');
    const config = nodeServer(legacyV1, [], { connectTimeoutMs: 60_000, env: { SPAWN_LOG: spawnLog, STRICT_PRE_INIT: '1' } });
    first.set({ strict: config });
    const ready = await first.waitForState('strict', 'ready', 90_000);
    expect(ready).toMatchObject({ era: 'legacy', protocolVersion: '2025-11-25', serverName: 'legacy-v1' });
    expect(first.catalogs('strict').at(-1)?.tools.map((tool) => tool.name)).toEqual(['echo']);
    // The probe's process ended on server/discover; the respawn is the only second process.
    expect(spawnedPids(spawnLog)).toHaveLength(2);
    expect(first.states('strict')).not.toContain('restarting');
    expect(first.logLines.some((line) => line.stream === 'stderr' && line.text.includes('received server/discover before initialize'))).toBe(true);
    expect(first.logLines.some((line) => line.stream === 'host' && line.text.includes('starting it once more with the 2025 handshake'))).toBe(true);
    await first.manager.shutdown();
    const cache = JSON.parse(readFileSync(path.join(first.dataDir, 'era-cache.json'), 'utf8')) as Record<string, { kind: string }>;
    expect(cache[launchKey(config)]?.kind).toBe('legacy');

    // The cached verdict skips the probe: one more process, no exit.
    const second = createHarness({ dataDir: first.dataDir });
    second.set({ strict: config });
    await second.waitForState('strict', 'ready', 90_000);
    await second.cleanup();
    expect(spawnedPids(spawnLog)).toHaveLength(3);
    expect(second.logLines.some((line) => line.text.includes('before initialize'))).toBe(false);
    for (const pid of spawnedPids(spawnLog)) expect(isAlive(pid)).toBe(false);
    await first.cleanup();
  }, 180_000);
});

describe('a 2025 server too slow for the probe window', () => {
  it('is judged by its late error answer on the same process: ready on the first try, one process, verdict cached', async () => {
    const h = createHarness();
    const spawnLog = path.join(h.dataDir, 'spawns.log');
    // A 40 s connect timeout gives a 20 s probe window; the server reads nothing for 22 s after loading, then answers
    // the probe (an error) and `initialize`, in order, on the same pipe, well within the connect timeout.
    const config = nodeServer(legacyV1, [], { connectTimeoutMs: 40_000, env: { SPAWN_LOG: spawnLog, START_DELAY_MS: '22000' } });
    h.set({ slow: config });
    const ready = await h.waitForState('slow', 'ready', 90_000);
    expect(ready).toMatchObject({ era: 'legacy', protocolVersion: '2025-11-25', serverName: 'legacy-v1' });
    // No 'did not answer the protocol probe' retry, no second process.
    expect(h.states('slow')).toEqual(['connecting', 'ready']);
    expect(spawnedPids(spawnLog)).toHaveLength(1);
    // The late answer is consumed, not logged as a response to an unknown request.
    expect(h.logLines.some((line) => line.text.includes('unknown message ID'))).toBe(false);
    await h.manager.shutdown();
    const cache = JSON.parse(readFileSync(path.join(h.dataDir, 'era-cache.json'), 'utf8')) as Record<string, { kind: string }>;
    expect(cache[launchKey(config)]?.kind).toBe('legacy');
    await h.cleanup();
  }, 120_000);
});
