import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HostEvents } from '../../../shared/contract.ts';
import { err, ok } from '../../../shared/errors.ts';
import type { ServerStatus } from '../../../shared/servers.ts';
import { silentLogger } from '../environment.ts';
import { HostEventHub } from '../events.ts';
import type { McpModule } from '../ports.ts';
import type { ServerManagerDeps } from './manager.ts';
import { createMcpModule } from './mcpModule.ts';
import type { McpServerManager } from './types.ts';

const ready = { state: 'ready', since: 1, era: 'legacy', protocolVersion: '2025-06-18', serverName: 's', serverVersion: '1', warnings: [], counts: { tools: 2, resources: 0, prompts: 0 } } as unknown as ServerStatus;
const schema = { type: 'object', properties: { path: { type: 'string', description: 'Where to read' } } };

/** Servers stay connecting until the test makes one ready with two tools. */
function scripted(deps: ServerManagerDeps) {
  const statuses = new Map<string, ServerStatus>();
  const nope = () => Promise.resolve(err('not_implemented', 'test'));
  const manager: McpServerManager = {
    setServers: (servers) => servers.forEach((s) => statuses.set(s.id, { state: 'connecting', since: 1 })),
    whenSettled: () => Promise.resolve(),
    status: (id) => statuses.get(id),
    catalog: () => undefined,
    restart: () => Promise.resolve(ok(null)),
    logs: () => [],
    note: () => {},
    callTool: () => Promise.resolve(ok({ content: [], isError: false })),
    listResources: nope,
    listResourceTemplates: nope,
    readResource: nope,
    getPrompt: nope,
    testConnection: () => Promise.reject(new Error('not in this test')),
    shutdown: () => Promise.resolve(),
  };
  const becomeReady = (id: string) => {
    statuses.set(id, ready);
    deps.listener.onStatus(id, ready);
    deps.listener.onCatalog(id, { tools: [{ name: 'read', description: 'Reads', inputSchema: schema }, { name: 'write', inputSchema: schema }], prompts: [], resourceCount: 0 });
  };
  return { manager, becomeReady };
}

describe('MCP module: tools.changed deltas', () => {
  let dataDir: string | undefined;
  let module: McpModule | undefined;
  afterEach(async () => {
    await module?.shutdown();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('pushes each ready server once, as its own delta without schemas, and answers a schema on demand', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sb-module-delta-'));
    await writeFile(join(dataDir, 'servers.json'), JSON.stringify({ mcpServers: { a: { command: 'node' }, b: { command: 'node' } } }));
    const hub = new HostEventHub();
    const pushes: HostEvents['tools.changed'][] = [];
    hub.subscribe((name, payload) => {
      if (name === 'tools.changed') pushes.push(payload as HostEvents['tools.changed']);
    });
    let script: ReturnType<typeof scripted> | undefined;
    module = await createMcpModule({
      env: { mode: 'web', dataDir, logger: silentLogger, version: 'test', openExternal: () => Promise.resolve(), secrets: { kind: 'file', get: () => Promise.resolve(undefined), set: () => Promise.resolve(), delete: () => Promise.resolve() } },
      events: hub,
      createManager: (deps) => (script = scripted(deps)).manager,
    });
    await module.start();
    script?.becomeReady('a');
    await expect.poll(() => pushes.length).toBe(1);
    script?.becomeReady('b');
    await expect.poll(() => pushes.length).toBe(2);
    expect(pushes.map((p) => p.servers.map((s) => [s.serverId, s.upsert.map((t) => t.exposedName)]))).toEqual([
      [['a', ['a__read', 'a__write']]],
      [['b', ['b__read', 'b__write']]],
    ]);
    expect(JSON.stringify(pushes)).not.toContain('Where to read');
    const listed = await module.api['tools.list']({});
    expect(listed.ok && listed.value.map((t) => t.exposedName)).toEqual(['a__read', 'a__write', 'b__read', 'b__write']);
    expect(JSON.stringify(listed)).not.toContain('inputSchema');
    expect(await module.api['tools.schema']({ serverId: 'b', toolName: 'read' })).toEqual({ ok: true, value: { inputSchema: schema } });
    const missing = await module.api['tools.schema']({ serverId: 'b', toolName: 'nope' });
    expect(missing.ok ? undefined : missing.error.code).toBe('tool_not_found');
  });
});
