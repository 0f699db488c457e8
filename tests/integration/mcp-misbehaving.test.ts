// Servers that misbehave, as real processes: what status and message the user sees, automatic restart, reconciling
// config changes, and that no child process survives shutdown.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, isAlive, nodeServer, scripts, spawnedPids } from '../fixtures/servers/harness.ts';

const fast = { backoff: { baseMs: 100, maxMs: 400, healthyResetMs: 60_000 } };
const harnesses: ReturnType<typeof createHarness>[] = [];
function harness(options: Parameters<typeof createHarness>[0] = fast) {
  const h = createHarness(options);
  harnesses.push(h);
  return h;
}
const misbehaving = (mode: string, extra: Parameters<typeof nodeServer>[2] = {}) => nodeServer(scripts.misbehaving, [mode], extra);

afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((h) => h.cleanup()));
});

describe('servers that fail to start', () => {
  it('a server that exits at once is tried once more, then ends in error with its exit code and stderr, and is not restarted', async () => {
    const h = harness();
    h.set({ quitter: misbehaving('exit') });
    const error = await h.waitForState('quitter', 'error');
    expect(error).toMatchObject({ code: 'process_exited', message: 'The server exited during startup (exit code 2).' });
    expect(error.stderrTail).toContain('fatal: FOO_TOKEN is not set');
    await h.manager.whenSettled();
    // A first start that fails gets one automatic retry (start-up under load); after that it stays in error.
    expect(h.states('quitter')).toEqual(['connecting', 'restarting', 'connecting', 'error']);
  });

  it('a server that never answers times out, without delaying a healthy one started beside it', async () => {
    const h = harness();
    // The healthy one must be ready before the silent one times out: 8 s leaves room on a loaded CI machine, where
    // starting a server process can take seconds.
    h.set({ silent: misbehaving('silent', { connectTimeoutMs: 8000 }), healthy: misbehaving('serve') });
    await h.waitForState('healthy', 'ready');
    expect(h.manager.status('silent')?.state).toBe('connecting');
    expect(await h.manager.callTool('silent', 'echo', {})).toMatchObject({ ok: false, error: { code: 'server_not_ready', message: 'The server "silent" is not ready (still connecting).' } });
    const error = await h.waitForState('silent', 'error');
    // It wrote nothing to stderr either: the message names the likely cause (a package manager still downloading).
    expect(error).toMatchObject({ code: 'timeout' });
    expect(error.message).toBe(
      'The server did not answer within 8 s and wrote nothing to its log. npx/uvx may still be downloading the package; check network/proxy settings (HTTPS_PROXY, NODE_EXTRA_CA_CERTS), or raise the connect timeout.',
    );
  });

  it('a server that prints only text on stdout ends in error naming the offending line', async () => {
    const h = harness();
    // The verdict comes at the timeout, which must outlast the process start (seconds on a loaded CI machine).
    h.set({ chatty: misbehaving('garbage-only', { connectTimeoutMs: 8000 }) });
    const error = await h.waitForState('chatty', 'error');
    expect(error.code).toBe('protocol_error');
    expect(error.message).toContain('Welcome to my server! Type help for help.');
    expect(error.message).toContain('stdout');
  });

  it('a missing command names the command and the PATH searched', async () => {
    const h = harness({ ...fast, baseEnv: { PATH: '/nowhere/bin:/also/missing', HOME: '/tmp' } });
    h.set({ ghost: { command: 'definitely-not-installed-mcp' } });
    const error = await h.waitForState('ghost', 'error');
    expect(error.code).toBe('command_not_found');
    expect(error.message).toBe('Command not found: "definitely-not-installed-mcp" is not in any of the 2 folders of the PATH Switchboard searched.');
    expect(error.detail).toContain('Searched PATH:\n  /nowhere/bin\n  /also/missing');
    expect(error.detail).toContain('What to try:');
  });

  it('an HTTP server that wants a sign-in shows auth_required, and got the configured headers', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = address && typeof address === 'object' ? address.port : 0;
    try {
      const h = harness();
      h.set({ locked: { type: 'http', url: `http://127.0.0.1:${port}/mcp`, headers: { Authorization: 'Bearer abc123', 'X-Team': 'blue' } } });
      const status = await h.waitForState('locked', 'auth_required');
      expect(status.message).toContain('sign in');
      expect(seen[0]).toMatchObject({ authorization: 'Bearer abc123', 'x-team': 'blue' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('servers that misbehave while running', () => {
  it('a crash mid-call returns process_exited with the stderr tail, then the server restarts by itself', async () => {
    const h = harness();
    h.set({ fragile: misbehaving('crash') });
    await h.waitForState('fragile', 'ready');
    const result = await h.manager.callTool('fragile', 'crash', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'process_exited' } });
    expect(!result.ok && result.error.detail).toContain('panic: the crash tool was called');
    // Said as codes the window translates: the call's own error, and why the server is restarting.
    expect(result).toMatchObject({ ok: false, error: { text: { code: 'request.stopped' } } });
    const restarting = await h.waitForState('fragile', 'restarting');
    expect(restarting).toMatchObject({ attempt: 1 });
    const lostText = restarting.state === 'restarting' ? restarting.lastErrorText : undefined;
    expect(['lost.exitedCode', 'servers.lostRequest']).toContain(lostText?.code);
    if (lostText?.code === 'servers.lostRequest') expect(lostText.params).toMatchObject({ lostCode: 'request.stopped' });
    await h.until(() => (h.states('fragile').at(-1) === 'ready' && h.states('fragile').length > 2 ? true : undefined), 'the restart');
    expect(h.states('fragile')).toEqual(['connecting', 'ready', 'restarting', 'connecting', 'ready']);
    expect(h.catalogs('fragile').map((c) => c.tools.length)).toEqual([2, 0, 2]);
    expect(await h.manager.callTool('fragile', 'echo', { text: 'back' })).toMatchObject({ ok: true });
  });

  it('a crash loop backs off with growing attempts and recovers once the cause is gone', async () => {
    const h = harness();
    const flag = path.join(h.dataDir, 'crash.flag');
    h.set({ looping: misbehaving('crash', { env: { CRASH_FLAG: flag } }) });
    await h.waitForState('looping', 'ready');
    await h.manager.callTool('looping', 'crash', {});
    const third = await h.waitForState('looping', 'restarting', 30_000, (s) => s.attempt === 3);
    expect(third.lastError).toContain('exit code 4');
    const attempts = h.transitions('looping').flatMap((s) => (s.state === 'restarting' ? [s.attempt] : []));
    expect(attempts).toEqual([1, 2, 3]);
    rmSync(flag);
    await h.waitForState('looping', 'ready');
    expect(existsSync(flag)).toBe(false);
  });

  it('a banner on stdout leaves the server ready with a warning naming the line, and later stray output adds one', async () => {
    const h = harness();
    h.set({ noisy: misbehaving('banner') });
    const ready = await h.waitForState('noisy', 'ready');
    expect(ready.warnings).toEqual(['Ignored non-JSON output on stdout: "Server v1.0 starting on stdio..."']);
    expect(await h.manager.callTool('noisy', 'shout', {})).toMatchObject({ ok: true });
    const warned = await h.waitForState('noisy', 'ready', 10_000, (s) => s.warnings.length === 2);
    expect(warned.warnings[1]).toContain('DEBUG: shout was called');
  });

  it('a stderr flood keeps the last 1,000 lines, throttles the live feed and does not stop the server', async () => {
    const h = harness();
    h.set({ flood: misbehaving('flood', { env: { FLOOD_LINES: '20000' } }) });
    await h.waitForState('flood', 'ready');
    await h.until(() => (h.manager.logs('flood').at(-1)?.text === 'flood finished' ? true : undefined), 'the end of the flood');
    expect(await h.manager.callTool('flood', 'flood', {})).toMatchObject({ ok: true });
    await h.until(() => (h.manager.logs('flood').at(-1)?.text === 'tool flood line 20000 of 20000' ? true : undefined), 'the tool flood');
    const logs = h.manager.logs('flood');
    expect(logs).toHaveLength(1000);
    expect(logs[0]?.text).toBe('tool flood line 19001 of 20000');
    expect(h.manager.logs('flood', 5).map((l) => l.text)).toEqual(logs.slice(-5).map((l) => l.text));
    // 40,000 lines were written; the live feed carries a throttled share (about 200 a second).
    expect(h.logLines.filter((l) => l.serverId === 'flood').length).toBeLessThan(5000);
    expect(await h.manager.callTool('flood', 'echo', { text: 'alive' })).toMatchObject({ ok: true });
  });
});

describe('lifecycle', () => {
  it('disabled servers never start; setServers starts, leaves alone, restarts on change and stops', async () => {
    const h = harness();
    const log = path.join(h.dataDir, 'spawns.log');
    const config = misbehaving('serve', { env: { SPAWN_LOG: log } });
    h.set({ one: { ...config, enabled: false } });
    await h.manager.whenSettled();
    expect(h.manager.status('one')).toEqual({ state: 'disabled' });
    expect(spawnedPids(log)).toEqual([]);
    expect(await h.manager.restart('one')).toMatchObject({ ok: false, error: { code: 'server_disabled' } });

    h.set({ one: config });
    await h.waitForState('one', 'ready');
    const started = spawnedPids(log).length;
    h.set({ one: { ...config, toolTimeoutMs: 5000 } });
    await h.manager.whenSettled();
    expect(spawnedPids(log)).toHaveLength(started);
    expect(h.states('one').filter((s) => s === 'ready')).toHaveLength(1);

    h.set({ one: misbehaving('serve', { env: { SPAWN_LOG: log, EXTRA: '1' } }) });
    await h.manager.whenSettled();
    expect(h.manager.status('one')?.state).toBe('ready');
    expect(spawnedPids(log).length).toBeGreaterThan(started);

    h.manager.setServers([{ id: 'broken', invalid: { message: 'command: Command is required', field: 'command' } }]);
    await h.manager.whenSettled();
    expect(h.manager.status('one')).toBeUndefined();
    expect(h.catalogs('one').at(-1)).toEqual({ tools: [], prompts: [], resourceCount: 0 });
    expect(h.manager.status('broken')).toEqual({ state: 'invalid', message: 'command: Command is required', field: 'command' });
    for (const pid of spawnedPids(log)) expect(isAlive(pid)).toBe(false);
  });

  it('restart() starts a new process now, and shutdown leaves no child process behind', async () => {
    const h = harness();
    const log = path.join(h.dataDir, 'spawns.log');
    h.set({ a: misbehaving('serve', { env: { SPAWN_LOG: log } }), b: nodeServer(scripts.modern, [], { env: { SPAWN_LOG: log } }), c: misbehaving('silent', { env: { SPAWN_LOG: log } }) });
    await h.waitForState('a', 'ready');
    await h.waitForState('b', 'ready');
    const before = spawnedPids(log).length;
    expect(await h.manager.restart('a')).toEqual({ ok: true, value: null });
    expect(h.manager.status('a')?.state).toBe('ready');
    expect(spawnedPids(log).length).toBeGreaterThan(before);
    // `c` is still connecting (its era probe is waiting on its own process): shutdown must end it too.
    await h.manager.shutdown();
    const pids = spawnedPids(log);
    // One process per start (the probe runs in place): a, b, c and a's restart.
    expect(pids.length).toBeGreaterThanOrEqual(4);
    for (const pid of pids) expect(isAlive(pid)).toBe(false);
  });

  it('testConnection connects once, reports what it found with the stderr tail, and always disconnects', async () => {
    const h = harness();
    const log = path.join(h.dataDir, 'spawns.log');
    const good = await h.manager.testConnection('probe', nodeServer(scripts.modern, [], { env: { SPAWN_LOG: log } }));
    expect(good).toMatchObject({ status: { state: 'ready', era: 'modern' }, prompts: 1, stderrTail: [expect.stringContaining('modern fixture started')] });
    expect(good.tools.map((t) => t.name)).toContain('ask_name');
    const bad = await h.manager.testConnection('bad', misbehaving('exit'));
    // A server that exits before answering the era probe is started once more with `initialize` (in case the probe
    // ended it), so both processes' last words are in the tail.
    expect(bad).toMatchObject({ status: { state: 'error', code: 'process_exited' }, tools: [] });
    expect(bad.stderrTail).toEqual(['fatal: FOO_TOKEN is not set', 'fatal: FOO_TOKEN is not set']);
    expect(h.manager.status('probe')).toBeUndefined();
    for (const pid of spawnedPids(log)) expect(isAlive(pid)).toBe(false);
  });
});
