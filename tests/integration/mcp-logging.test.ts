// Server log messages on both eras, at the level set per server: a 2025 server (server-everything) is told the level
// with logging/setLevel and sends only messages at or above it; a 2026-07-28 fixture is sent the level on each request
// (_meta io.modelcontextprotocol/logLevel) and its log messages arrive. Both land in the server's log with their level.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, nodeServer, scripts } from '../fixtures/servers/harness.ts';

const backChannel = path.join(path.dirname(scripts.modern), 'backChannelServer.ts');
const severity = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

describe('server logging', () => {
  let h: ReturnType<typeof createHarness>;

  beforeAll(async () => {
    h = createHarness();
    h.set({
      everything: nodeServer(scripts.everything, [], { logLevel: 'warning' }),
      modern: nodeServer(backChannel, [], { logLevel: 'error', protocol: '2026-07-28' }),
      modernDefault: nodeServer(backChannel, [], { protocol: '2026-07-28' }),
    });
    await h.manager.whenSettled();
  }, 120_000);
  afterAll(() => h.cleanup());

  const serverLines = (id: string) => h.logLines.filter((line) => line.serverId === id && line.stream === 'server');

  it('a 2025 server sends only messages at or above the level set with logging/setLevel', async () => {
    expect(h.manager.status('everything')).toMatchObject({ state: 'ready', era: 'legacy' });
    expect(await h.manager.callTool('everything', 'toggle-simulated-logging', {})).toMatchObject({ ok: true });
    // Random levels every 5 s: wait for three that pass the filter (below-level ones are never sent).
    const lines = await h.until(() => (serverLines('everything').length >= 3 ? serverLines('everything') : undefined), 'three log messages', 120_000);
    for (const line of lines) expect(severity.indexOf(line.level ?? '')).toBeGreaterThanOrEqual(severity.indexOf('warning'));
    expect(lines[0]?.text).toMatch(/-level message|level-message/);
  }, 150_000);

  it('a 2026-07-28 server sends log messages for a request carrying the level, filtered by it', async () => {
    expect(h.manager.status('modern')).toMatchObject({ state: 'ready', era: 'modern' });
    expect(await h.manager.callTool('modern', 'log_burst', {})).toMatchObject({ ok: true });
    const lines = await h.until(() => (serverLines('modern').length >= 4 ? serverLines('modern') : undefined), 'the burst', 30_000);
    expect(lines.map((line) => line.level)).toEqual(['error', 'critical', 'alert', 'emergency']);
    expect(lines[0]?.text).toContain('burst error');
  });

  it('with no logLevel set, a 2026-07-28 server logs from info up', async () => {
    expect(await h.manager.callTool('modernDefault', 'log_burst', {})).toMatchObject({ ok: true });
    const lines = await h.until(() => (serverLines('modernDefault').length >= 7 ? serverLines('modernDefault') : undefined), 'the burst', 30_000);
    expect(lines.map((line) => line.level)).toEqual(severity.slice(1));
  });
});
