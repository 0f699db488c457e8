import { beforeEach, describe, expect, it } from 'vitest';
import { ok } from '../../../shared/errors.ts';
import type { ServerConfig, ToolSettings } from '../../../shared/serverConfig.ts';
import type { ServerStatus, ToolsDelta } from '../../../shared/servers.ts';
import { createToolRegistry, type ToolRegistry } from './registry.ts';
import type { ServerTool } from './types.ts';

const ready = { state: 'ready' } as ServerStatus;
const tool = (name: string, description = `Does ${name}`): ServerTool => ({
  name, description, inputSchema: { type: 'object', properties: { path: { type: 'string', description: 'x'.repeat(200) } } },
});
const waitTick = () => new Promise((resolve) => setImmediate(resolve));

describe('tool registry deltas', () => {
  const statuses = new Map<string, ServerStatus>();
  const configs = new Map<string, ServerConfig>();
  let registry: ToolRegistry;
  let pushes: ToolsDelta[];

  beforeEach(() => {
    statuses.clear();
    configs.clear();
    pushes = [];
    registry = createToolRegistry({
      manager: {
        status: (id) => statuses.get(id),
        callTool: () => Promise.resolve(ok({ content: [], isError: false })),
        readResource: () => Promise.resolve(ok([])),
      },
      settings: {
        config: (id) => configs.get(id),
        updateTool: (serverId: string, toolName: string, patch: Partial<ToolSettings>) => {
          const config = configs.get(serverId) ?? { command: 'node' };
          configs.set(serverId, { ...config, tools: { ...config.tools, [toolName]: { ...config.tools?.[toolName], ...patch } } });
          return Promise.resolve(ok(null));
        },
      },
      onToolsDelta: (delta) => pushes.push(delta),
    });
    for (const id of ['alpha', 'beta', 'my server', 'my_server']) {
      configs.set(id, { command: 'node' });
      statuses.set(id, ready);
    }
  });
  const nameOf = (serverId: string, toolName: string) => registry.listAll().find((t) => t.serverId === serverId && t.toolName === toolName)?.exposedName;

  it('pushes one delta per tick with only the server that changed, and no schemas', async () => {
    registry.setCatalog('alpha', [tool('one'), tool('two')]);
    await waitTick();
    registry.setCatalog('beta', [tool('three')]);
    await waitTick();
    expect(pushes).toHaveLength(2);
    expect(pushes[1]?.servers.map((s) => s.serverId)).toEqual(['beta']);
    expect(pushes[1]?.servers[0]?.upsert.map((t) => t.exposedName)).toEqual(['beta__three']);
    expect(JSON.stringify(pushes)).not.toContain('inputSchema');
    // The schema is there on demand.
    expect(registry.schemaOf('beta', 'three')?.inputSchema).toMatchObject({ type: 'object' });
  });

  it('coalesces a burst: many changes in one tick make one push, each server once', async () => {
    registry.setCatalog('alpha', [tool('one')]);
    registry.setCatalog('alpha', [tool('one'), tool('two')]);
    registry.setCatalog('beta', [tool('three')]);
    await registry.setToolEnabled('alpha', 'one', false);
    await waitTick();
    expect(pushes).toHaveLength(1);
    const alpha = pushes[0]?.servers.find((s) => s.serverId === 'alpha');
    expect(pushes[0]?.servers.map((s) => s.serverId).sort()).toEqual(['alpha', 'beta']);
    expect(alpha?.upsert.map((t) => [t.toolName, t.enabled])).toEqual([['one', false], ['two', true]]);
  });

  it('sends removals when a server stops and the same names when it comes back', async () => {
    registry.setCatalog('alpha', [tool('one'), tool('two')]);
    const before = registry.listAll().map((t) => t.exposedName);
    await waitTick();
    statuses.set('alpha', { state: 'restarting' } as ServerStatus);
    registry.setCatalog('alpha', []);
    await waitTick();
    expect(pushes.at(-1)?.servers).toEqual([{ serverId: 'alpha', upsert: [], remove: ['one', 'two'] }]);
    statuses.set('alpha', ready);
    registry.setCatalog('alpha', [tool('one'), tool('two')]);
    await waitTick();
    expect(registry.listAll().map((t) => t.exposedName)).toEqual(before);
    expect(pushes.at(-1)?.servers[0]?.upsert.map((t) => t.exposedName)).toEqual(before);
  });

  it('keeps every other tool\'s name and object when another server\'s tools change or it reconnects', async () => {
    registry.setCatalog('alpha', [tool('one')]);
    registry.setCatalog('my_server', [tool('run')]);
    registry.setCatalog('my server', [tool('run')]);
    const alphaTool = registry.getTool('alpha__one');
    const partner = nameOf('my_server', 'run');
    await waitTick();
    registry.setCatalog('beta', [tool('one'), tool('four')]);
    registry.setCatalog('my server', [tool('run', 'New text')]);
    registry.setCatalog('my server', []);
    registry.setCatalog('my server', [tool('run'), tool('walk')]);
    await waitTick();
    expect(registry.getTool('alpha__one')).toBe(alphaTool);
    expect(nameOf('my_server', 'run')).toBe(partner);
    expect(pushes.at(-1)?.servers.map((s) => s.serverId).sort()).toEqual(['beta', 'my server']);
  });

  it('renames a collision partner only when the set of names requires it, and tells the window', async () => {
    registry.setCatalog('my_server', [tool('run')]);
    await waitTick();
    expect(nameOf('my_server', 'run')).toBe('my_server__run');
    registry.setCatalog('my server', [tool('run')]);
    await waitTick();
    // "my server" sorts first and takes the plain name (as shared/toolNames.ts gives for the whole set).
    expect(nameOf('my server', 'run')).toBe('my_server__run');
    const renamed = pushes.at(-1)?.servers.find((s) => s.serverId === 'my_server')?.upsert[0]?.exposedName;
    expect(renamed).toMatch(/^my_server__run_[0-9a-f]{4}$/);
    expect(nameOf('my_server', 'run')).toBe(renamed);
    registry.removeServer('my server');
    await waitTick();
    expect(nameOf('my_server', 'run')).toBe('my_server__run');
    const call = await registry.callTool(renamed ?? '', {});
    expect(call.ok ? undefined : call.error.code).toBe('tool_not_found');
  });

  it('a status change of a ready server pushes nothing to the window but updates the model\'s list', async () => {
    registry.setCatalog('alpha', [tool('one')]);
    await waitTick();
    const count = pushes.length;
    statuses.set('alpha', { state: 'restarting' } as ServerStatus);
    registry.refresh('alpha');
    expect(registry.listTools()).toEqual([]);
    await waitTick();
    expect(pushes).toHaveLength(count);
  });
});
