// 2026-07-28 servers announce list changes only on a subscriptions/listen stream. The stream must be open on every
// connect (a probe, a cached era verdict, a restart) and reopened when it drops; lists no stream covers are re-read when
// their ttlMs runs out. Real servers: the stdio fixture and an HTTP one (createMcpHandler), both @modelcontextprotocol/server.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../shared/serverConfig.ts';
import { createHarness, nodeServer, scripts, spawnedPids } from '../fixtures/servers/harness.ts';
import { httpScripts, startHttpFixture, type HttpFixture } from '../fixtures/servers/httpProcess.ts';

type Harness = ReturnType<typeof createHarness>;

/** Calls add_tool and waits for a catalog with the new tool (and a ready status counting it). */
async function addToolAndSeeIt(h: Harness, id: string, name: string): Promise<void> {
  const before = h.catalogs(id).length;
  expect(await h.manager.callTool(id, 'add_tool', { name })).toMatchObject({ ok: true });
  const catalog = await h.until(() => h.catalogs(id).slice(before).find((c) => c.tools.some((t) => t.name === name)), `a catalog with ${name}`);
  expect(h.manager.status(id)).toMatchObject({ state: 'ready', counts: { tools: catalog.tools.length } });
  expect(await h.manager.callTool(id, name, {})).toMatchObject({ ok: true, value: { content: [{ type: 'text', text: name }] } });
}

/** Starts with one harness (probe, verdict cached), stops it, and starts a second on the same data folder. */
async function restartWithCachedVerdict(config: ServerConfig, cleanups: Harness[]): Promise<Harness> {
  const first = createHarness();
  cleanups.push(first);
  first.set({ modern: config });
  await first.waitForState('modern', 'ready', 30_000, (s) => s.era === 'modern');
  await first.manager.shutdown();
  const second = createHarness({ dataDir: first.dataDir });
  cleanups.push(second);
  second.set({ modern: config });
  await second.waitForState('modern', 'ready', 30_000, (s) => s.era === 'modern');
  return second;
}

describe('the listen stream of a 2026-07-28 server', () => {
  const harnesses: Harness[] = [];
  const servers: HttpFixture[] = [];
  afterEach(async () => {
    for (const h of harnesses.splice(0).reverse()) await h.cleanup();
    await Promise.all(servers.splice(0).map((server) => server.kill()));
  });

  it('is open after a restart from the cached era verdict (stdio): a tool added then shows up', async () => {
    const spawnLog = path.join(mkdtempSync(path.join(tmpdir(), 'sb-listen-')), 'spawns.log');
    const config = nodeServer(scripts.modern, [], { env: { SPAWN_LOG: spawnLog } });
    const h = await restartWithCachedVerdict(config, harnesses);
    // One process per start (the era probe runs in place); the second start's verdict came from the cache.
    expect(spawnedPids(spawnLog)).toHaveLength(2);
    await addToolAndSeeIt(h, 'modern', 'after_restart');
  });

  it('is open after a restart from the cached era verdict (HTTP): a tool added then shows up', async () => {
    const server = await startHttpFixture(httpScripts.modern);
    servers.push(server);
    const h = await restartWithCachedVerdict({ type: 'http', url: server.url }, harnesses);
    await addToolAndSeeIt(h, 'modern', 'after_http_restart');
  });

  it('is open again after a Restart of the server (a reconnect from the cached verdict)', async () => {
    const h = createHarness();
    harnesses.push(h);
    h.set({ modern: nodeServer(scripts.modern) });
    const first = await h.waitForState('modern', 'ready', 30_000, (s) => s.era === 'modern');
    expect(await h.manager.restart('modern')).toEqual({ ok: true, value: null });
    await h.waitForState('modern', 'ready', 30_000, (s) => s.since > first.since);
    await addToolAndSeeIt(h, 'modern', 'after_reconnect');
  });

  it('is reopened after the server cuts it, the card says so meanwhile, and a later change is seen', async () => {
    const server = await startHttpFixture(httpScripts.modern);
    servers.push(server);
    const h = createHarness();
    harnesses.push(h);
    h.set({ remote: { type: 'http', url: server.url } });
    await h.waitForState('remote', 'ready', 30_000, (s) => s.era === 'modern');
    expect(h.manager.status('remote')).not.toHaveProperty('changeStreamDown');
    const seen = h.transitions('remote').length;
    expect(await h.manager.callTool('remote', 'cut_listen', {})).toMatchObject({ ok: true, value: { content: [{ type: 'text', text: 'cutting 1' }] } });
    const down = await h.until(() => h.transitions('remote').slice(seen).find((s) => s.state === 'ready' && s.changeStreamDown !== undefined), 'the card to say the stream is down');
    expect(down).toMatchObject({ state: 'ready', changeStreamDown: { reason: 'Change notifications dropped.' } });
    await h.waitForState('remote', 'ready', 30_000, (s) => s.changeStreamDown === undefined);
    await addToolAndSeeIt(h, 'remote', 'after_cut');
    expect(h.logLines.some((line) => line.text.includes('flowing again'))).toBe(true);
  });

  it('re-reads a list no stream covers once its ttlMs runs out (clamped to 5 s)', async () => {
    // No listChanged declared, so nothing announces the change; the 1 s ttl is raised to the 5 s floor.
    const server = await startHttpFixture(httpScripts.modern, { NO_LIST_CHANGED: '1', TTL_MS: '1000' });
    servers.push(server);
    const h = createHarness();
    harnesses.push(h);
    h.set({ remote: { type: 'http', url: server.url } });
    await h.waitForState('remote', 'ready', 30_000, (s) => s.era === 'modern');
    await addToolAndSeeIt(h, 'remote', 'found_by_ttl');
  });
});
