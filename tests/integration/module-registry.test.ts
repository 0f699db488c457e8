/**
 * The tool registry through the real MCP module and real servers: names, calls, enable/disable, secrets, and
 * names and settings that survive a restart on the same data folder.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOOL_NAME_PATTERN } from '../../shared/toolNames.ts';
import { SECRET_MASK } from '../../electron/host/mcp/serversFileMask.ts';
import type { McpModule } from '../../electron/host/ports.ts';
import { everything, firstText, listServers, memory, moduleLifecycle, readServersFile, waitForState } from './module-harness.ts';

/** Every tool as the UI lists it (disabled ones included). */
async function uiTools(module: McpModule) {
  const result = await module.api['tools.list']({});
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('MCP module with real servers: tool registry', () => {

  const { dataDir, start } = moduleLifecycle({ beforeEach, afterEach });

  it('adds servers, names and routes their tools, honours switches, and keeps it all across a restart', async () => {
    const { module, events } = await start();
    const added = await module.api['servers.add']({ name: 'everything', config: { ...everything({ SB_MARKER: 'visible', API_TOKEN: 'tok-123' }), publicEnv: ['SB_MARKER'] } });
    expect(added.ok).toBe(true);
    expect((await module.api['servers.add']({ name: 'memory', config: memory(join(dataDir(), 'graph.jsonl')) })).ok).toBe(true);
    await waitForState(module, 'everything', ['ready']);
    await waitForState(module, 'memory', ['ready']);

    // Every tool under one valid, unique name; the server's metadata kept as sent.
    const tools = module.tools.listTools();
    const names = tools.map((tool) => tool.exposedName);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(TOOL_NAME_PATTERN);
    expect(names).toEqual(expect.arrayContaining(['everything__echo', 'everything__get-env', 'memory__read_graph', 'memory__create_entities']));
    expect(module.tools.getTool('everything__get-env')).toMatchObject({
      title: 'Print Environment Tool',
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    });
    expect(events.some((event) => event.name === 'tools.changed')).toBe(true);

    // Calls reach the right server.
    const echo = await module.tools.callTool('everything__echo', { message: 'hi there' });
    expect(echo.ok && firstText(echo.value.content)).toContain('hi there');
    const graph = await module.tools.callTool('memory__read_graph', {});
    expect(graph.ok && !graph.value.isError).toBe(true);

    // Secrets: masked in the list, real in the process, and kept when the masked config comes back in an edit.
    const view = (await listServers(module)).find((server) => server.id === 'everything');
    expect(view?.config).toMatchObject({ env: { SB_MARKER: 'visible', API_TOKEN: SECRET_MASK } });
    if (!view) throw new Error('everything is not listed');
    expect((await module.api['servers.update']({ id: 'everything', config: { ...view.config, connectTimeoutMs: 20_000 } })).ok).toBe(true);
    await waitForState(module, 'everything', ['ready']);
    const env = await module.tools.callTool('everything__get-env', {});
    expect(env.ok && firstText(env.value.content)).toContain('tok-123');

    // Switches: a disabled tool and a disabled server are gone for the model and refused when called.
    expect((await module.api['tools.setEnabled']({ serverId: 'everything', toolName: 'echo', enabled: false })).ok).toBe(true);
    expect(module.tools.listTools().map((tool) => tool.exposedName)).not.toContain('everything__echo');
    const disabledTool = await module.tools.callTool('everything__echo', { message: 'x' });
    expect(disabledTool.ok ? undefined : disabledTool.error.code).toBe('tool_disabled');
    expect((await module.api['tools.setApproval']({ serverId: 'everything', toolName: 'get-sum', policy: 'always_allow' })).ok).toBe(true);
    const memoryNames = module.tools.listTools().filter((tool) => tool.serverId === 'memory').map((tool) => tool.exposedName);
    const off = await module.api['servers.setEnabled']({ id: 'memory', enabled: false });
    expect(off.ok ? off.value.status : undefined).toEqual({ state: 'disabled' });
    expect(module.tools.listTools().some((tool) => tool.serverId === 'memory')).toBe(false);
    const disabledServer = await module.tools.callTool('memory__read_graph', {});
    expect(disabledServer.ok ? undefined : disabledServer.error.code).toBe('server_disabled');
    const everythingNames = (await uiTools(module)).filter((tool) => tool.serverId === 'everything').map((tool) => tool.exposedName);

    // Restart on the same data folder: same names, same switches.
    await module.shutdown();
    const again = (await start()).module;
    await waitForState(again, 'everything', ['ready']);
    expect((await listServers(again)).find((server) => server.id === 'memory')?.status).toEqual({ state: 'disabled' });
    expect((await uiTools(again)).filter((tool) => tool.serverId === 'everything').map((tool) => tool.exposedName)).toEqual(everythingNames);
    expect(again.tools.getTool('everything__echo')?.enabled).toBe(false);
    expect(again.tools.approvalVerdict('everything__get-sum')).toBe('allow');
    expect(again.tools.approvalVerdict('everything__get-tiny-image')).toBe('ask');
    expect((await again.api['servers.setEnabled']({ id: 'memory', enabled: true })).ok).toBe(true);
    await waitForState(again, 'memory', ['ready']);
    expect(again.tools.listTools().filter((tool) => tool.serverId === 'memory').map((tool) => tool.exposedName)).toEqual(memoryNames);

    const stored = await readServersFile(dataDir());
    expect(stored.mcpServers.everything).toMatchObject({ env: { API_TOKEN: 'tok-123' }, tools: { echo: { enabled: false }, 'get-sum': { approval: 'always_allow' } } });
  });

  it('gives colliding server names distinct tool names that stay the same after a restart', async () => {
    const { module } = await start();
    for (const [name, file] of [['my server', 'a.jsonl'], ['my_server', 'b.jsonl'], ['服务器', 'c.jsonl']] as const) {
      expect((await module.api['servers.add']({ name, config: memory(join(dataDir(), file)) })).ok).toBe(true);
    }
    for (const id of ['my server', 'my_server', '服务器']) await waitForState(module, id, ['ready']);
    const byServer = (m: McpModule) =>
      Object.fromEntries(['my server', 'my_server', '服务器'].map((id) => [id, m.tools.listTools().find((t) => t.serverId === id && t.toolName === 'read_graph')?.exposedName]));
    const first = byServer(module);
    expect(first['my server']).toBe('my_server__read_graph');
    expect(first.my_server).toMatch(/^my_server__read_graph_[0-9a-f]{4}$/);
    expect(first['服务器']).toMatch(/^mcp_[0-9a-f]{4}__read_graph$/);
    const routed = await module.tools.callTool(first.my_server ?? '', {});
    expect(routed.ok).toBe(true);

    await module.shutdown();
    const again = (await start()).module;
    for (const id of ['my server', 'my_server', '服务器']) await waitForState(again, id, ['ready']);
    expect(byServer(again)).toEqual(first);
  });

  it('lists and reads resources and prompts of a ready server through the module', async () => {
    const { module } = await start();
    await module.api['servers.add']({ name: 'everything', config: everything() });
    await waitForState(module, 'everything', ['ready']);
    const resources = await module.api['resources.list']({ serverId: 'everything' });
    const first = resources.ok ? resources.value.resources[0] : undefined;
    expect(first?.uri).toBeTruthy();
    const read = await module.api['resources.read']({ serverId: 'everything', uri: first?.uri ?? '' });
    expect(read.ok ? read.value[0]?.uri : read.error.message).toBe(first?.uri);
    const prompts = await module.api['prompts.list']({});
    const names = prompts.ok ? prompts.value.map((prompt) => prompt.name) : [];
    expect(names.length).toBeGreaterThan(0);
    const simple = names.find((name) => /simple/.test(name)) ?? names[0] ?? '';
    const got = await module.api['prompts.get']({ serverId: 'everything', name: simple });
    expect(got.ok ? got.value.messages.length : got.error.message).toBeGreaterThan(0);
    const ghost = await module.api['resources.list']({ serverId: 'ghost' });
    expect(ghost.ok ? undefined : ghost.error.code).toBe('not_found');
  });
});
