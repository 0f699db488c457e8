// A 2025-era Streamable HTTP server that restarts forgets every session and answers the old id with HTTP 404. The spec
// says the client MUST then start a new session with initialize; a server whose event stream cannot be reopened must
// not keep reading as ready. Real server processes (@modelcontextprotocol/server with sessions), killed and restarted
// on the same port.
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness } from '../fixtures/servers/harness.ts';
import { httpScripts, startHttpFixture, type HttpFixture } from '../fixtures/servers/httpProcess.ts';

const fast = { backoff: { baseMs: 200, maxMs: 1000 } };

describe('a 2025-era HTTP server that forgot the session', () => {
  let h: ReturnType<typeof createHarness> | undefined;
  const servers: HttpFixture[] = [];
  afterEach(async () => {
    await h?.cleanup();
    h = undefined;
    await Promise.all(servers.splice(0).map((server) => server.kill()));
  });

  it('renews the session on 404 and sends the failed call once more; the catalog is re-read', async () => {
    // No GET event stream: only the call itself can find out that the session is gone.
    const first = await startHttpFixture(httpScripts.session, { NO_GET_STREAM: '1' });
    servers.push(first);
    h = createHarness(fast);
    h.set({ remote: { type: 'http', url: first.url } });
    const ready = await h.waitForState('remote', 'ready');
    expect(ready.era).toBe('legacy');
    const before = await h.manager.callTool('remote', 'echo', { text: 'one' });
    expect(before).toMatchObject({ ok: true });

    await first.kill();
    const second = await startHttpFixture(httpScripts.session, { NO_GET_STREAM: '1', EXTRA_TOOL: 'second_life' }, first.port);
    servers.push(second);
    const catalogsBefore = h.catalogs('remote').length;
    const after = await h.manager.callTool('remote', 'echo', { text: 'two' });
    expect(after).toEqual({ ok: true, value: { content: [{ type: 'text', text: `two (pid ${second.child.pid})` }], isError: false } });
    expect(h.manager.status('remote')).toMatchObject({ state: 'ready' });
    const reread = h.catalogs('remote').slice(catalogsBefore).find((catalog) => catalog.tools.some((tool) => tool.name === 'second_life'));
    expect(reread?.tools.map((tool) => tool.name).sort()).toEqual(['echo', 'forget_sessions', 'second_life']);
    expect(h.logLines.some((line) => line.text.includes('no longer knows this session'))).toBe(true);
  });

  it('renews on its own when the event stream finds the session gone, without any call', async () => {
    const first = await startHttpFixture(httpScripts.session);
    servers.push(first);
    h = createHarness(fast);
    h.set({ remote: { type: 'http', url: first.url } });
    const ready = await h.waitForState('remote', 'ready');
    await first.kill();
    const second = await startHttpFixture(httpScripts.session, { EXTRA_TOOL: 'second_life' }, first.port);
    servers.push(second);
    // The card left the old session's 'ready' and came back with the new instance's catalog.
    const renewed = await h.waitForState('remote', 'ready', 30_000, (status) => status.since > ready.since && status.counts.tools === 3);
    expect(renewed.counts.tools).toBe(3);
    expect(await h.manager.callTool('remote', 'second_life', {})).toMatchObject({ ok: true, value: { content: [{ type: 'text', text: 'second_life' }] } });
  });

  it('does not renew in a tight loop a server that keeps forgetting sessions: the second renewal waits with backoff', async () => {
    const server = await startHttpFixture(httpScripts.session, { NO_GET_STREAM: '1' });
    servers.push(server);
    h = createHarness({ backoff: { baseMs: 60_000, maxMs: 60_000 } });
    h.set({ remote: { type: 'http', url: server.url } });
    await h.waitForState('remote', 'ready');
    // First 404: renewed at once, and the call goes through on the new session.
    expect(await h.manager.callTool('remote', 'forget_sessions', {})).toMatchObject({ ok: true });
    expect(await h.manager.callTool('remote', 'echo', { text: 'one' })).toMatchObject({ ok: true });
    // Second 404 within 10 s: no second renewal at once, the server waits its turn as restarting.
    expect(await h.manager.callTool('remote', 'forget_sessions', {})).toMatchObject({ ok: true });
    const second = await h.manager.callTool('remote', 'echo', { text: 'two' });
    expect(second).toMatchObject({ ok: false, error: { code: 'server_not_ready' } });
    expect(h.manager.status('remote')).toMatchObject({ state: 'restarting', lastError: 'The server keeps forgetting the session (HTTP 404).' });
  });

  it('does not read as ready once the event stream gives up: it restarts with backoff and comes back', async () => {
    const first = await startHttpFixture(httpScripts.session);
    servers.push(first);
    h = createHarness(fast);
    h.set({ remote: { type: 'http', url: first.url } });
    await h.waitForState('remote', 'ready');
    await first.kill();
    // Nobody calls a tool: only the dropped event stream can tell.
    const restarting = await h.waitForState('remote', 'restarting', 30_000);
    expect(restarting.lastError).toMatch(/event stream|could not be reached/);
    // Why, as a code the window translates whole (no English reason inside a translated sentence).
    expect(['servers.streamLost', 'servers.lostRequest']).toContain(restarting.state === 'restarting' ? restarting.lastErrorText?.code : undefined);
    const second = await startHttpFixture(httpScripts.session, {}, first.port);
    servers.push(second);
    await h.waitForState('remote', 'ready', 30_000);
    expect(await h.manager.callTool('remote', 'echo', { text: 'back' })).toMatchObject({ ok: true });
  });
});
