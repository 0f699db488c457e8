import { beforeEach, describe, expect, it } from 'vitest';
import { err, ok, type Result } from '../../../shared/errors.ts';
import type { ServerConfig, ToolSettings } from '../../../shared/serverConfig.ts';
import type { ServerStatus, ToolResult, ToolsDelta, ToolSummary } from '../../../shared/servers.ts';
import { TOOL_NAME_PATTERN } from '../../../shared/toolNames.ts';
import type { ToolCallOptions } from '../ports.ts';
import { createToolRegistry, type ToolRegistry } from './registry.ts';
import type { ServerTool } from './types.ts';

const ready: ServerStatus = {
  state: 'ready', since: 0, era: 'legacy', protocolVersion: '2025-06-18', serverName: 's', serverVersion: '1', warnings: [],
  capabilities: { tools: true, resources: false, prompts: false, logging: false, completions: false, listChanged: { tools: false, resources: false, prompts: false }, subscribe: false },
  counts: { tools: 0, resources: 0, prompts: 0 },
};

const tool = (name: string, extra: Partial<ServerTool> = {}): ServerTool => ({ name, inputSchema: { type: 'object' }, ...extra });

/** An in-test stand-in for the manager: statuses we set, calls we record. */
class FakeManager {
  statuses = new Map<string, ServerStatus>();
  calls: { serverId: string; toolName: string; args: Record<string, unknown>; options?: ToolCallOptions; timeoutMs?: number }[] = [];
  status = (id: string) => this.statuses.get(id);
  callTool = (serverId: string, toolName: string, args: Record<string, unknown>, options?: ToolCallOptions, timeoutMs?: number): Promise<Result<ToolResult>> => {
    this.calls.push({ serverId, toolName, args, ...(options ? { options } : {}), ...(timeoutMs !== undefined ? { timeoutMs } : {}) });
    return Promise.resolve(ok({ content: [{ type: 'text', text: `${serverId}/${toolName}` }], isError: false }));
  };
  readResource = (serverId: string, uri: string) => Promise.resolve(ok([{ uri, text: serverId }]));
}

/** Settings kept in memory, with a switch to make saving fail. */
class FakeSettings {
  configs = new Map<string, ServerConfig>();
  failSave = false;
  config = (id: string) => this.configs.get(id);
  updateTool = (serverId: string, toolName: string, patch: Partial<ToolSettings>): Promise<Result<null>> => {
    if (this.failSave) return Promise.resolve(err('storage_error', 'disk full'));
    const config = this.configs.get(serverId);
    if (!config) return Promise.resolve(err('not_found', 'no'));
    const current: Record<string, unknown> = { ...config.tools?.[toolName] };
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) delete current[key];
      else current[key] = value;
    }
    this.configs.set(serverId, { ...config, tools: { ...config.tools, [toolName]: current } });
    return Promise.resolve(ok(null));
  };
}

/** The tool as the window last saw it: the latest summary of it in the pushed deltas (pushed on the next turn). */
async function latestShown(deltas: readonly ToolsDelta[], toolName: string): Promise<ToolSummary | undefined> {
  await new Promise((resolve) => setImmediate(resolve));
  return deltas.flatMap((delta) => delta.servers.flatMap((server) => server.upsert)).filter((tool) => tool.toolName === toolName).at(-1);
}

describe('tool registry', () => {
  const shownAs = (toolName: string) => latestShown(deltas, toolName);
  let manager: FakeManager;
  let settings: FakeSettings;
  let registry: ToolRegistry;
  let deltas: ToolsDelta[];

  beforeEach(() => {
    manager = new FakeManager();
    settings = new FakeSettings();
    deltas = [];
    registry = createToolRegistry({ manager, settings, onToolsDelta: (delta) => deltas.push(delta) });
    for (const id of ['everything', 'memory']) {
      settings.configs.set(id, { command: 'node' });
      manager.statuses.set(id, ready);
    }
  });

  const load = () => {
    registry.setCatalog('everything', [
      tool('echo', { title: 'Echo', description: 'Echoes', outputSchema: { type: 'object' }, annotations: { readOnlyHint: true, openWorldHint: false } }),
      tool('add'),
    ]);
    registry.setCatalog('memory', [tool('read_graph', { annotations: { readOnlyHint: true } }), tool('delete_entities', { annotations: { destructiveHint: true } })]);
  };
  const nameOf = (serverId: string, toolName: string) =>
    registry.listAll().find((t) => t.serverId === serverId && t.toolName === toolName)?.exposedName ?? '';

  it('merges tools of ready servers under valid unique names and keeps what the server sent', () => {
    load();
    const tools = registry.listTools();
    expect(tools.map((t) => t.exposedName)).toEqual(['everything__add', 'everything__echo', 'memory__delete_entities', 'memory__read_graph']);
    for (const t of tools) expect(t.exposedName).toMatch(TOOL_NAME_PATTERN);
    expect(registry.getTool('everything__echo')).toEqual({
      exposedName: 'everything__echo', serverId: 'everything', toolName: 'echo', title: 'Echo', description: 'Echoes',
      inputSchema: { type: 'object' }, outputSchema: { type: 'object' }, annotations: { readOnlyHint: true, openWorldHint: false },
      enabled: true, approval: 'ask', fingerprint: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) as unknown,
    });
  });

  it('lists only tools of ready servers for the model, but all of them for the UI', () => {
    load();
    manager.statuses.set('memory', { state: 'restarting', attempt: 1, nextTryAt: 0, lastError: 'crashed' });
    registry.refresh();
    expect(registry.listTools().map((t) => t.serverId)).toEqual(['everything', 'everything']);
    expect(registry.listAll()).toHaveLength(4);
  });

  it('routes a call to the right server and tool with the server timeout', async () => {
    load();
    settings.configs.set('memory', { command: 'node', toolTimeoutMs: 5000 });
    const result = await registry.callTool('memory__read_graph', { q: 1 });
    expect(result).toEqual({ ok: true, value: { content: [{ type: 'text', text: 'memory/read_graph' }], isError: false } });
    // The routed timeout travels as its own argument; the caller's options are passed on as they are, not copied.
    expect(manager.calls).toEqual([{ serverId: 'memory', toolName: 'read_graph', args: { q: 1 }, options: {}, timeoutMs: 5000 }]);
    const options = { chatId: 'c1', timeoutMs: 250 };
    await registry.callTool('memory__read_graph', {}, options);
    expect(manager.calls[1]?.options).toBe(options);
    expect(manager.calls[1]?.timeoutMs).toBe(250);
  });

  it("routes a call on the manager's cheap readiness answer, without building a server status per call", async () => {
    const ready = new Set(['memory']);
    const statusReads: string[] = [];
    const cheap = createToolRegistry({
      manager: { ...manager, status: (id) => (statusReads.push(id), manager.status(id)), isReady: (id) => ready.has(id) },
      settings,
    });
    cheap.setCatalog('memory', [tool('read_graph')]);
    statusReads.length = 0;
    expect(await cheap.callTool('memory__read_graph', {})).toMatchObject({ ok: true });
    expect(statusReads).toEqual([]);
    ready.delete('memory');
    expect(await cheap.callTool('memory__read_graph', {})).toMatchObject({ ok: false, error: { code: 'server_not_ready' } });
  });

  it('answers typed errors for unknown, disabled and not-ready tools', async () => {
    load();
    const code = async (name: string) => {
      const result = await registry.callTool(name, {});
      return result.ok ? 'ok' : result.error.code;
    };
    expect(await code('nope__x')).toBe('tool_not_found');
    await registry.setToolEnabled('everything', 'add', false);
    expect(await code('everything__add')).toBe('tool_disabled');
    manager.statuses.set('memory', { state: 'error', message: 'boom', code: 'process_exited', stderrTail: [], at: 0 });
    const notReady = await registry.callTool('memory__read_graph', {});
    expect(notReady.ok ? undefined : notReady.error).toMatchObject({ code: 'server_not_ready', message: expect.stringContaining('boom') as unknown, text: { code: 'call.notReady' } });
    await registry.setApproval('everything', 'echo', 'deny');
    expect(await code('everything__echo')).toBe('tool_denied');
    expect(manager.calls).toEqual([]);
  });

  it('explains a call to a tool whose server was disabled since the model saw it', async () => {
    load();
    settings.configs.set('memory', { command: 'node', enabled: false });
    registry.setCatalog('memory', []);
    const result = await registry.callTool('memory__read_graph', {});
    expect(result.ok ? undefined : result.error.code).toBe('server_disabled');
    // The tool card translates the code; the model and the logs get the English.
    expect(result.ok ? undefined : result.error).toMatchObject({
      text: { code: 'call.serverDisabledTool', params: { server: 'memory', tool: 'memory__read_graph' } },
      message: 'The server "memory" is disabled, so memory__read_graph is not available.',
    });
  });

  it('drops a disabled tool from the model list, persists it, and brings it back', async () => {
    load();
    const saved = await registry.setToolEnabled('memory', 'delete_entities', false);
    expect(saved.ok).toBe(true);
    expect(settings.configs.get('memory')?.tools?.delete_entities).toEqual({ enabled: false });
    expect(registry.listTools().map((t) => t.exposedName)).not.toContain('memory__delete_entities');
    expect(registry.getTool('memory__delete_entities')?.enabled).toBe(false);
    await registry.setToolEnabled('memory', 'delete_entities', true);
    expect(settings.configs.get('memory')?.tools?.delete_entities).toEqual({});
    expect(registry.listTools().map((t) => t.exposedName)).toContain('memory__delete_entities');
  });

  it('hides every tool of a disabled server', () => {
    load();
    settings.configs.set('everything', { command: 'node', enabled: false });
    registry.refresh();
    expect(registry.listTools().map((t) => t.serverId)).toEqual(['memory', 'memory']);
  });

  it('keeps the old state when saving fails', async () => {
    load();
    settings.failSave = true;
    const result = await registry.setToolEnabled('memory', 'read_graph', false);
    expect(result.ok ? undefined : result.error.code).toBe('storage_error');
    expect(registry.getTool('memory__read_graph')?.enabled).toBe(true);
  });

  it('answers the approval policy: deny, always allow, trusted read-only hint, else ask', async () => {
    load();
    expect(registry.approvalVerdict('memory__read_graph')).toBe('ask');
    settings.configs.set('memory', { command: 'node', trustReadOnlyHints: true });
    expect(registry.approvalVerdict('memory__read_graph')).toBe('allow');
    expect(registry.approvalVerdict('memory__delete_entities')).toBe('ask');
    await registry.setApproval('memory', 'read_graph', 'ask');
    expect(registry.approvalVerdict('memory__read_graph')).toBe('ask');
    await registry.setApproval('memory', 'delete_entities', 'always_allow');
    expect(registry.approvalVerdict('memory__delete_entities')).toBe('allow');
    expect(registry.getTool('memory__delete_entities')?.approval).toBe('always_allow');
    await registry.setApproval('everything', 'add', 'deny');
    expect(registry.approvalVerdict('everything__add')).toBe('deny');
    expect(registry.approvalVerdict('ghost__tool')).toBe('deny');
  });

  it('refuses settings for a server that is not configured', async () => {
    const result = await registry.setApproval('ghost', 'x', 'deny');
    expect(result.ok ? undefined : result.error.code).toBe('not_found');
  });

  it('gives colliding names suffixes that do not depend on which server connected first', () => {
    settings.configs.set('my server', { command: 'node' });
    settings.configs.set('my_server', { command: 'node' });
    manager.statuses.set('my server', ready);
    manager.statuses.set('my_server', ready);
    registry.setCatalog('my_server', [tool('run')]);
    registry.setCatalog('my server', [tool('run')]);
    const first = [nameOf('my server', 'run'), nameOf('my_server', 'run')];

    const other = createToolRegistry({ manager, settings });
    other.setCatalog('my server', [tool('run')]);
    other.setCatalog('my_server', [tool('run')]);
    const second = ['my server', 'my_server'].map((id) => other.listAll().find((t) => t.serverId === id)?.exposedName);
    expect(second).toEqual(first);
    expect(new Set(first).size).toBe(2);
    expect(first[0]).toBe('my_server__run');
  });

  it('keeps a stopped server\'s names reserved so its collision partner is not renamed while it restarts', async () => {
    for (const id of ['my server', 'my_server']) {
      settings.configs.set(id, { command: 'node' });
      manager.statuses.set(id, ready);
      registry.setCatalog(id, [tool('run')]);
    }
    const suffixed = nameOf('my_server', 'run');
    expect(suffixed).toMatch(/^my_server__run_[0-9a-f]{4}$/);
    manager.statuses.set('my server', { state: 'restarting', attempt: 1, nextTryAt: 0, lastError: 'crashed' });
    registry.setCatalog('my server', []);
    expect(nameOf('my_server', 'run')).toBe(suffixed);
    const call = await registry.callTool('my_server__run', {});
    expect(call.ok ? undefined : call.error.code).toBe('server_not_ready');
    registry.removeServer('my server');
    expect(nameOf('my_server', 'run')).toBe('my_server__run');
  });

  it('notifies listeners with the enabled list only when it changes', async () => {
    const seen: string[][] = [];
    registry.onChange((tools) => seen.push(tools.map((t) => t.exposedName)));
    load();
    registry.refresh();
    await registry.setToolEnabled('everything', 'add', false);
    expect(seen).toEqual([
      ['everything__add', 'everything__echo'],
      ['everything__add', 'everything__echo', 'memory__delete_entities', 'memory__read_graph'],
      ['everything__echo', 'memory__delete_entities', 'memory__read_graph'],
    ]);
    expect((await shownAs('add'))?.enabled).toBe(false);
  });

  it('routes resource reads and refuses unknown servers', async () => {
    expect(await registry.readResource('memory', 'file:///x')).toEqual({ ok: true, value: [{ uri: 'file:///x', text: 'memory' }] });
    const missing = await registry.readResource('ghost', 'file:///x');
    expect(missing.ok ? undefined : missing.error.code).toBe('not_found');
  });
});
