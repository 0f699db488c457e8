// The per-server protocol choice with real servers: a pin skips the era probe (no sibling process) and connects in that
// era; a pinned 2026-07-28 on a 2025-only server fails loudly; a server that needs the 2025 back-channel fails on
// 2026-07-28 with a hint to pin 2025-11-25, and works once pinned.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchKey } from '../../electron/host/mcp/eraCache.ts';
import { createHarness, nodeServer, scripts, spawnedPids } from '../fixtures/servers/harness.ts';

const backChannel = path.join(path.dirname(scripts.modern), 'backChannelServer.ts');

describe('protocol pins', () => {
  let h: ReturnType<typeof createHarness>;
  let spawnLog: string;

  beforeAll(async () => {
    h = createHarness();
    spawnLog = path.join(h.dataDir, 'spawns.log');
    h.set({
      modernPinned: nodeServer(scripts.modern, [], { env: { SPAWN_LOG: spawnLog }, protocol: '2026-07-28' }),
      modernAs2025: nodeServer(scripts.modern, [], { protocol: '2025-11-25' }),
      everything2025: nodeServer(scripts.everything, [], { protocol: '2025-11-25' }),
      everything2026: nodeServer(scripts.everything, [], { protocol: '2026-07-28', connectTimeoutMs: 15_000 }),
    });
    await h.manager.whenSettled();
  }, 120_000);
  afterAll(() => h.cleanup());

  it('a 2026-07-28 pin connects in the modern era without a probe process, and caches no verdict', () => {
    expect(h.manager.status('modernPinned')).toMatchObject({ state: 'ready', era: 'modern', protocolVersion: '2026-07-28' });
    // One process: the pin skips the probe's sibling.
    expect(spawnedPids(spawnLog)).toHaveLength(1);
    const cache = path.join(h.dataDir, 'era-cache.json');
    const key = launchKey(nodeServer(scripts.modern, [], { env: { SPAWN_LOG: spawnLog }, protocol: '2026-07-28' }));
    if (existsSync(cache)) expect(readFileSync(cache, 'utf8')).not.toContain(JSON.stringify(key).slice(1, -1));
  });

  it('a 2026-07-28 pin lists the server\'s tools, the same as a 2025-11-25 pin does', async () => {
    // The pin is adopted with stand-in capabilities; the live discover must decide which lists are read, or the
    // server is Ready with no tools at all.
    const names = (id: string) => (h.catalogs(id).at(-1)?.tools ?? []).map((tool) => tool.name).sort();
    await h.until(() => names('modernPinned').length > 0 || undefined, 'the pinned server\'s tools');
    expect(names('modernPinned')).toContain('echo');
    expect(names('modernPinned')).toEqual(names('modernAs2025'));
    // The name and version come from the live discover too, not the stand-in (which has none).
    expect(h.manager.status('modernPinned')).toMatchObject({ serverName: 'modern-fixture', serverVersion: '1.2.3' });
    // A list_changed refresh reads the lists with the same capabilities (not the stand-in's none).
    expect(await h.manager.callTool('modernPinned', 'add_tool', { name: 'added_later' })).toMatchObject({ ok: true });
    await h.until(() => names('modernPinned').includes('added_later') || undefined, 'the tool added at runtime');
  });

  it('a 2025-11-25 pin connects in the legacy era, even on a server that speaks 2026-07-28', () => {
    expect(h.manager.status('modernAs2025')).toMatchObject({ state: 'ready', era: 'legacy', protocolVersion: '2025-11-25' });
    expect(h.manager.status('everything2025')).toMatchObject({ state: 'ready', era: 'legacy' });
  });

  it('a 2026-07-28 pin on a 2025-only server (server-everything) fails instead of falling back', () => {
    expect(h.manager.status('everything2026')?.state).toBe('error');
  });

});

describe('a server that needs the 2025 back-channel', () => {
  let h: ReturnType<typeof createHarness>;

  beforeAll(async () => {
    // Started apart from the others: under load a slow probe would make 'auto' settle on 2025 by timeout.
    h = createHarness();
    h.set({ backAuto: nodeServer(backChannel), backPinned: nodeServer(backChannel, [], { protocol: '2025-11-25' }) });
    await h.manager.whenSettled();
  }, 120_000);
  afterAll(() => h.cleanup());

  it('a server that needs the back-channel fails on 2026-07-28 with the hint to pin 2025-11-25', async () => {
    expect(h.manager.status('backAuto')).toMatchObject({ state: 'ready', era: 'modern' });
    const result = await h.manager.callTool('backAuto', 'ask_push', {});
    const text = JSON.stringify(result);
    expect(text).toContain('Pinning this server to protocol 2025-11-25');
  });

  it('the same server pinned to 2025-11-25 asks the user and succeeds', async () => {
    expect(h.manager.status('backPinned')).toMatchObject({ state: 'ready', era: 'legacy' });
    const call = h.manager.callTool('backPinned', 'ask_push', {});
    const pending = await h.until(() => h.broker.list().find((p) => p.serverId === 'backPinned'), 'the elicitation');
    h.broker.answer(pending.id, { action: 'accept', content: { name: 'Ada' } });
    expect(await call).toMatchObject({ ok: true, value: { isError: false, content: [{ type: 'text', text: 'Hello, Ada' }] } });
  });

  it('changing the protocol in the config reconnects the server in the new era', async () => {
    h.set({ backAuto: nodeServer(backChannel, [], { protocol: '2025-11-25' }), backPinned: nodeServer(backChannel, [], { protocol: '2025-11-25' }) });
    // The old process stops, then a new one starts: two server starts, which took over 60 s on a loaded 2-core machine.
    await h.waitForState('backAuto', 'ready', 150_000, (status) => status.era === 'legacy');
  }, 180_000);
});
