import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HostEvents } from '../../../shared/contract.ts';
import { err, ok } from '../../../shared/errors.ts';
import type { ServerStatus, TestConnectionReport } from '../../../shared/servers.ts';
import { silentLogger, type HostEnvironment } from '../environment.ts';
import { HostEventHub } from '../events.ts';
import type { McpModule } from '../ports.ts';
import { createMcpModule } from './mcpModule.ts';
import type { ServerManagerDeps } from './manager.ts';
import type { ManagedServer, McpServerManager } from './types.ts';
import { SECRET_MASK } from './serversFileMask.ts';

const readyStatus = (name: string): ServerStatus => ({
  state: 'ready', since: 1, era: 'legacy', protocolVersion: '2025-06-18', serverName: name, serverVersion: '1', warnings: [],
  capabilities: { tools: true, resources: false, prompts: true, logging: false, completions: false, listChanged: { tools: false, resources: false, prompts: false }, subscribe: false },
  counts: { tools: 1, resources: 0, prompts: 0 },
});

/** A manager that makes every valid, enabled server ready at once with one `ping` tool. */
function fakeManager(deps: ServerManagerDeps, record: ManagedServer[][]): McpServerManager {
  const statuses = new Map<string, ServerStatus>();
  const nope = () => Promise.resolve(err('not_implemented', 'fake'));
  return {
    setServers(servers) {
      record.push(servers);
      for (const id of statuses.keys()) if (!servers.some((s) => s.id === id)) {
        statuses.delete(id);
        deps.listener.onCatalog(id, { tools: [], prompts: [], resourceCount: 0 });
      }
      for (const server of servers) {
        if ('invalid' in server || server.config.enabled === false) {
          statuses.delete(server.id);
          deps.listener.onCatalog(server.id, { tools: [], prompts: [], resourceCount: 0 });
          continue;
        }
        statuses.set(server.id, readyStatus(server.id));
        deps.listener.onStatus(server.id, readyStatus(server.id));
        deps.listener.onCatalog(server.id, { tools: [{ name: 'ping', inputSchema: { type: 'object' } }], prompts: [], resourceCount: 0 });
      }
    },
    whenSettled: () => Promise.resolve(),
    status: (id) => statuses.get(id),
    catalog: () => undefined,
    restart: () => Promise.resolve(ok(null)),
    logs: () => [],
    note: () => {},
    callTool: (serverId, toolName) => Promise.resolve(ok({ content: [{ type: 'text', text: `${serverId}:${toolName}` }], isError: false })),
    listResources: nope,
    listResourceTemplates: nope,
    readResource: nope,
    getPrompt: nope,
    testConnection: (_name, config): Promise<TestConnectionReport> =>
      Promise.resolve({ status: readyStatus(JSON.stringify(config)), tools: [], resources: 0, prompts: 0, stderrTail: [] }),
    shutdown: () => Promise.resolve(),
  };
}

describe('MCP module wiring', () => {
  let dataDir: string;
  let module: McpModule | undefined;
  let pushed: ManagedServer[][];
  let events: { name: keyof HostEvents; payload: unknown }[];

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sb-module-'));
    pushed = [];
    events = [];
  });
  afterEach(async () => {
    await module?.shutdown();
    module = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  const open = async (secrets: HostEnvironment['secrets'] = { kind: 'file', get: () => Promise.resolve(undefined), set: () => Promise.resolve(), delete: () => Promise.resolve() }) => {
    const env: HostEnvironment = { mode: 'web', dataDir, logger: silentLogger, version: 'test', openExternal: () => Promise.resolve(), secrets };
    const hub = new HostEventHub();
    hub.subscribe((name, payload) => events.push({ name, payload }));
    module = await createMcpModule({ env, events: hub, createManager: (deps) => fakeManager(deps, pushed) });
    await module.start();
    return module;
  };
  const fileJson = async () => JSON.parse(await readFile(join(dataDir, 'servers.json'), 'utf8')) as { mcpServers: Record<string, unknown> };
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('adds a server, shows it ready with its tools, and keeps its secrets out of the renderer', async () => {
    const m = await open();
    const added = await m.api['servers.add']({ name: 'github', config: { command: 'npx', env: { GITHUB_TOKEN: 'ghp_secret', MODE: 'x' }, publicEnv: ['MODE'] } });
    expect(added.ok && added.value.status.state).toBe('ready');
    expect(added.ok && 'env' in added.value.config ? added.value.config.env : undefined).toEqual({ GITHUB_TOKEN: SECRET_MASK, MODE: 'x' });
    expect((await fileJson()).mcpServers.github).toEqual({ command: 'npx', env: { GITHUB_TOKEN: 'ghp_secret', MODE: 'x' }, publicEnv: ['MODE'] });
    expect(m.tools.listTools().map((t) => t.exposedName)).toEqual(['github__ping']);
    await flush();
    const lastServers = events.filter((e) => e.name === 'servers.changed').at(-1)?.payload;
    expect(JSON.stringify(lastServers)).not.toContain('ghp_secret');
    expect(events.some((e) => e.name === 'tools.changed')).toBe(true);
  });

  it('refuses to save a config it would report as invalid, naming the field', async () => {
    const m = await open();
    const bad = await m.api['servers.add']({ name: 'x', config: { command: 'node', env: { 'NOT-OK': '1' } } });
    expect(bad.ok ? undefined : bad.error).toMatchObject({ code: 'invalid_config', field: 'env.NOT-OK' });
    await m.api['servers.add']({ name: 'y', config: { command: 'node' } });
    const update = await m.api['servers.update']({ id: 'y', config: { command: 'node', connectTimeoutMs: 10 } });
    expect(update.ok ? undefined : update.error).toMatchObject({ code: 'invalid_config', field: 'connectTimeoutMs' });
    expect((await fileJson()).mcpServers).toEqual({ y: { command: 'node' } });
  });

  it('refuses a second server whose name differs only in case', async () => {
    const m = await open();
    await m.api['servers.add']({ name: 'GitHub', config: { command: 'a' } });
    const again = await m.api['servers.add']({ name: 'github', config: { command: 'b' } });
    expect(again.ok ? undefined : again.error.code).toBe('already_exists');
  });

  it('keeps stored secrets when an edit sends the mask back, and renames in place', async () => {
    await writeFile(join(dataDir, 'servers.json'), JSON.stringify({
      mcpServers: { a: { command: 'x' }, remote: { type: 'http', url: 'https://x.example/mcp', headers: { Authorization: 'Bearer tok' }, tools: { ping: { enabled: false } }, note: 'mine' }, z: { command: 'y' } },
    }));
    const m = await open();
    const list = await m.api['servers.list']({});
    const remote = list.ok ? list.value.find((v) => v.id === 'remote') : undefined;
    expect(remote?.config).toMatchObject({ headers: { Authorization: `Bearer ${SECRET_MASK}` } });
    if (!remote) throw new Error('remote missing');
    const updated = await m.api['servers.update']({ id: 'remote', name: 'remote2', config: { ...remote.config, connectTimeoutMs: 5000 } });
    expect(updated.ok).toBe(true);
    const file = await fileJson();
    expect(Object.keys(file.mcpServers)).toEqual(['a', 'remote2', 'z']);
    expect(file.mcpServers.remote2).toEqual({
      note: 'mine', tools: { ping: { enabled: false } }, type: 'http', url: 'https://x.example/mcp', headers: { Authorization: 'Bearer tok' }, connectTimeoutMs: 5000,
    });
  });

  it('reports an invalid entry with its field, never starts it, and never drops it from the file', async () => {
    const broken = { command: 'node', args: 'server.js', custom: 1 };
    await writeFile(join(dataDir, 'servers.json'), JSON.stringify({ mcpServers: { broken, good: { command: 'node' } } }));
    const m = await open();
    const list = await m.api['servers.list']({});
    expect(list.ok ? list.value.map((v) => [v.id, v.status.state]) : []).toEqual([['broken', 'invalid'], ['good', 'ready']]);
    expect(list.ok ? list.value[0]?.status : undefined).toMatchObject({ state: 'invalid', field: 'args' });
    expect(pushed.at(-1)?.find((s) => s.id === 'broken')).toMatchObject({ invalid: { field: 'args' } });
    await m.api['servers.add']({ name: 'other', config: { command: 'x' } });
    expect((await fileJson()).mcpServers.broken).toEqual(broken);
    const restart = await m.api['servers.restart']({ id: 'broken' });
    expect(restart.ok ? undefined : restart.error).toMatchObject({ code: 'invalid_config', field: 'args' });
  });

  it('refuses every change to a file that is not JSON, leaves it alone, and recovers once it is fixed', async () => {
    const path = join(dataDir, 'servers.json');
    await writeFile(path, '{ "mcpServers": { "a": { "command": "x" } ');
    const m = await open();
    const list = await m.api['servers.list']({});
    expect(list.ok ? undefined : list.error.code).toBe('storage_error');
    const add = await m.api['servers.add']({ name: 'b', config: { command: 'y' } });
    expect(add.ok ? undefined : add.error.code).toBe('storage_error');
    expect(await readFile(path, 'utf8')).toBe('{ "mcpServers": { "a": { "command": "x" } ');
    await flush();
    // An empty list pushed now would replace the error the renderer shows.
    expect(events.filter((e) => e.name === 'servers.changed')).toEqual([]);
    await writeFile(path, '{ "mcpServers": { "a": { "command": "x" } } }');
    const fixed = await m.api['servers.list']({});
    expect(fixed.ok ? fixed.value.map((v) => [v.id, v.status.state]) : fixed.error.message).toEqual([['a', 'ready']]);
  });

  it('persists tool switches without restarting the server', async () => {
    await writeFile(join(dataDir, 'servers.json'), JSON.stringify({ mcpServers: { s: { command: 'node' } } }));
    const m = await open();
    const before = pushed.length;
    const result = await m.api['tools.setEnabled']({ serverId: 's', toolName: 'ping', enabled: false });
    expect(result.ok ? result.value.map((t) => t.enabled) : []).toEqual([false]);
    expect(m.tools.listTools()).toEqual([]);
    expect(pushed.length).toBe(before);
    expect((await fileJson()).mcpServers.s).toEqual({ command: 'node', tools: { ping: { enabled: false } } });
  });

  it('disables a server: status disabled, tools gone, flag in the file', async () => {
    await writeFile(join(dataDir, 'servers.json'), JSON.stringify({ mcpServers: { s: { command: 'node' } } }));
    const m = await open();
    const off = await m.api['servers.setEnabled']({ id: 's', enabled: false });
    expect(off.ok ? off.value.status : undefined).toEqual({ state: 'disabled' });
    expect(m.tools.listTools()).toEqual([]);
    expect((await fileJson()).mcpServers.s).toEqual({ command: 'node', enabled: false });
    const call = await m.tools.callTool('s__ping', {});
    expect(call.ok ? undefined : call.error.code).toBe('server_disabled');
    // Said as a code the window translates, the English kept for logs.
    const restart = await m.api['servers.restart']({ id: 's' });
    expect(restart.ok ? undefined : restart.error).toMatchObject({ code: 'server_disabled', text: { code: 'state.disabledStart', params: { server: 's' } }, message: 'The server "s" is disabled; enable it to start it.' });
  });

  it('words its refusals about one server as codes the window translates: none by that name, invalid, disabled, no such tool, no completions', async () => {
    await writeFile(join(dataDir, 'servers.json'), JSON.stringify({ mcpServers: { s: { command: 'node' }, off: { command: 'node', enabled: false }, slow: { command: 'node', connectTimeoutMs: 5 } } }));
    const m = await open();
    expect(await m.api['resources.list']({ serverId: 'nope' })).toMatchObject({ ok: false, error: { code: 'not_found', text: { code: 'entry.noServer', params: { name: 'nope' } } } });
    // An invalid entry's refusal shows the entry's own problem (as its card does); the English names the server for logs.
    expect(await m.api['resources.list']({ serverId: 'slow' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_config', message: expect.stringMatching(/^Server "slow" is not valid: connectTimeoutMs: /) as unknown, text: { code: 'entry.tooSmall' } },
    });
    expect(await m.api['prompts.get']({ serverId: 'off', name: 'p' })).toMatchObject({ ok: false, error: { code: 'server_disabled', text: { code: 'state.disabled', params: { server: 'off' } } } });
    expect(await m.api['tools.schema']({ serverId: 's', toolName: 'gone' })).toMatchObject({ ok: false, error: { code: 'tool_not_found', text: { code: 'servers.noToolNow', params: { server: 's', tool: 'gone' } } } });
    expect(await m.api['elicitations.answer']({ id: 'old', answer: { action: 'cancel' } })).toMatchObject({ ok: false, error: { code: 'not_found', text: { code: 'servers.notWaiting' } } });
    expect(await m.api['completions.complete']({ serverId: 's', ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: '' } })).toMatchObject({ ok: false, error: { code: 'not_implemented', text: { code: 'completion.notOffered' } } });
    expect(await m.api['completions.complete']({ serverId: 'off', ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: '' } })).toMatchObject({ ok: false, error: { text: { code: 'completion.notRunning', params: { server: 'off' } } } });
    expect(await m.appResources.read('nope', 'ui://x')).toMatchObject({ ok: false, error: { code: 'not_found', text: { code: 'servers.noValidServer', params: { server: 'nope' } } } });
    expect(await m.api['tools.setEnabled']({ serverId: 'nope', toolName: 'ping', enabled: false })).toMatchObject({ ok: false, error: { text: { code: 'servers.noValidServer' } } });
  });

  it('imports the good entries, reports the bad one, and refuses an unresolved clash', async () => {
    await writeFile(join(dataDir, 'servers.json'), JSON.stringify({ mcpServers: { memory: { command: 'old' } } }));
    const m = await open();
    const text = JSON.stringify({ mcpServers: { memory: { command: 'new' }, fresh: { command: 'node' }, bad: { command: 'node', env: { 'A-B': 'x' } } } });
    const preview = await m.api['servers.importPreview']({ text });
    expect(preview.ok ? preview.value.entries.map((e) => [e.name, e.clash, e.error?.field]) : []).toEqual([
      ['memory', true, undefined], ['fresh', false, undefined], ['bad', false, 'env.A-B'],
    ]);
    const applied = await m.api['servers.importApply']({
      text, decisions: [{ name: 'memory', action: 'add' }, { name: 'fresh', action: 'add' }, { name: 'bad', action: 'add' }],
    });
    expect(applied.ok ? applied.value : undefined).toMatchObject({ added: ['fresh'], failed: [{ name: 'memory', error: { code: 'already_exists' } }, { name: 'bad', error: { field: 'env.A-B' } }] });
    expect((await fileJson()).mcpServers.memory).toEqual({ command: 'old' });
    const replaced = await m.api['servers.importApply']({ text, decisions: [{ name: 'memory', action: 'replace' }] });
    expect(replaced.ok ? replaced.value.replaced : undefined).toEqual(['memory']);
    expect((await fileJson()).mcpServers.memory).toEqual({ command: 'new' });
  });

  it('tests a connection with the stored secret behind a mask', async () => {
    await writeFile(join(dataDir, 'servers.json'), JSON.stringify({ mcpServers: { s: { command: 'node', env: { API_KEY: 'k-1' } } } }));
    const m = await open();
    const report = await m.api['servers.test']({ name: 's', config: { command: 'node', env: { API_KEY: SECRET_MASK } } });
    expect(report.ok && report.value.status.state === 'ready' ? report.value.status.serverName : '').toContain('k-1');
  });

  it('answers not_found for unknown servers and pending requests', async () => {
    const m = await open();
    for (const result of [
      await m.api['servers.remove']({ id: 'ghost' }),
      await m.api['servers.logs']({ id: 'ghost' }),
      await m.api['resources.list']({ serverId: 'ghost' }),
      await m.api['elicitations.answer']({ id: 'nope', answer: { action: 'cancel' } }),
    ]) expect(result.ok ? undefined : result.error.code).toBe('not_found');
  });

  it('removes a server even when its stored sign-in cannot be forgotten (the secret store fails)', async () => {
    const m = await open({ kind: 'file', get: () => Promise.resolve(undefined), set: () => Promise.resolve(), delete: () => Promise.reject(new Error('keychain locked')) });
    await m.api['servers.add']({ name: 'remote', config: { type: 'http', url: 'https://mcp.example.com/mcp' } });
    expect(await m.api['servers.remove']({ id: 'remote' })).toEqual({ ok: true, value: null });
    expect((await fileJson()).mcpServers).toEqual({});
  });
});
