/**
 * Hostile names through the real MCP module: servers and tools named `__proto__`, `constructor`, `prototype`,
 * `toString` and `hasOwnProperty` are saved, reloaded from servers.json, imported, and their tools can be disabled
 * and denied. A real fixture server (tests/fixtures/servers/hostileTools.ts) offers tools with those names.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeServer, scripts } from '../fixtures/servers/harness.ts';
import { PROTO_NAMES } from '../fixtures/servers/hostileTools.ts';
import type { McpModule } from '../../electron/host/ports.ts';
import { ownValue } from '../../shared/ownRecord.ts';
import type { ServerConfig } from '../../shared/serverConfig.ts';
import { listServers, moduleLifecycle, openModule, readServersFile, waitForState } from '../integration/module-harness.ts';

const hostile = (extra: Partial<ServerConfig> = {}): ServerConfig => nodeServer(scripts.hostileTools, [], extra);

/** The tool of server `serverId` named `toolName` as the UI lists it (disabled ones included). */
async function uiTool(module: McpModule, serverId: string, toolName: string) {
  const listed = await module.api['tools.list']({});
  if (!listed.ok) throw new Error(listed.error.message);
  return listed.value.find((tool) => tool.serverId === serverId && tool.toolName === toolName);
}
const allListed = async (module: McpModule, serverId: string) => {
  for (const name of PROTO_NAMES) if (!(await uiTool(module, serverId, name))) return false;
  return true;
};

describe('hostile server and tool names', () => {
  const { dataDir, start } = moduleLifecycle({ beforeEach, afterEach });

  it('saves servers named like Object.prototype members and lists them again after a restart', async () => {
    const { module } = await start();
    for (const name of PROTO_NAMES) {
      const added = await module.api['servers.add']({ name, config: hostile({ enabled: false }) });
      expect(added.ok ? added.value.id : added.error.message).toBe(name);
    }
    const file = await readServersFile(dataDir());
    for (const name of PROTO_NAMES) expect(Object.hasOwn(file.mcpServers, name), name).toBe(true);
    expect(Object.keys(file.mcpServers)).toHaveLength(PROTO_NAMES.length);
    expect((await listServers(module)).map((server) => server.id)).toEqual([...PROTO_NAMES]);
    await module.shutdown();

    const again = await openModule(dataDir());
    await again.module.start();
    try {
      const views = await listServers(again.module);
      expect(views.map((server) => server.id)).toEqual([...PROTO_NAMES]);
      for (const view of views) expect(view.status.state).toBe('disabled');
      // Each can be switched and removed by its own name.
      const toggled = await again.module.api['servers.setTrustReadOnly']({ id: 'constructor', trust: true });
      expect(toggled.ok).toBe(true);
      expect((await again.module.api['servers.remove']({ id: '__proto__' })).ok).toBe(true);
      const after = await readServersFile(dataDir());
      expect(Object.hasOwn(after.mcpServers, '__proto__')).toBe(false);
      expect(ownValue(after.mcpServers, 'constructor')).toMatchObject({ trustReadOnlyHints: true });
    } finally {
      await again.module.shutdown();
    }
  });

  it('disables and denies tools named like Object.prototype members, persisted across a restart', async () => {
    const { module } = await start();
    expect((await module.api['servers.add']({ name: '__proto__', config: hostile() })).ok).toBe(true);
    await waitForState(module, '__proto__', ['ready']);
    await expect.poll(() => allListed(module, '__proto__')).toBe(true);

    for (const name of PROTO_NAMES) {
      const tool = await uiTool(module, '__proto__', name);
      if (!tool) throw new Error(`no tool ${name}`);
      // Before: the tool runs and asks for approval like any other.
      expect(module.tools.approvalVerdict(tool.exposedName)).toBe('ask');
      const ran = await module.tools.callTool(tool.exposedName, {});
      expect(ran.ok && ran.value.content[0]).toEqual({ type: 'text', text: `ran ${name}` });

      expect((await module.api['tools.setEnabled']({ serverId: '__proto__', toolName: name, enabled: false })).ok).toBe(true);
      expect(module.tools.listTools().map((t) => t.exposedName)).not.toContain(tool.exposedName);
      const disabled = await module.tools.callTool(tool.exposedName, {});
      expect(disabled.ok ? 'ran' : disabled.error.code).toBe('tool_disabled');
      expect((await module.api['tools.setEnabled']({ serverId: '__proto__', toolName: name, enabled: true })).ok).toBe(true);

      expect((await module.api['tools.setApproval']({ serverId: '__proto__', toolName: name, policy: 'deny' })).ok).toBe(true);
      expect(module.tools.approvalVerdict(tool.exposedName)).toBe('deny');
      const denied = await module.tools.callTool(tool.exposedName, {});
      expect(denied.ok ? 'ran' : denied.error.code).toBe('tool_denied');
    }
    const file = await readServersFile(dataDir());
    const entry = file.mcpServers.__proto__ as { tools: Record<string, unknown> };
    for (const name of PROTO_NAMES) expect(ownValue(entry.tools, name), name).toEqual({ approval: 'deny' });
    await module.shutdown();

    const again = await openModule(dataDir());
    await again.module.start();
    try {
      await waitForState(again.module, '__proto__', ['ready']);
      await expect.poll(() => allListed(again.module, '__proto__')).toBe(true);
      for (const name of PROTO_NAMES) {
        const tool = await uiTool(again.module, '__proto__', name);
        expect(tool?.approval, name).toBe('deny');
        expect(again.module.tools.approvalVerdict(tool?.exposedName ?? ''), name).toBe('deny');
      }
    } finally {
      await again.module.shutdown();
    }
  });

  it('imports servers named like Object.prototype members', async () => {
    const { module } = await start();
    const doc = `{ "mcpServers": { ${PROTO_NAMES.map((name) => `"${name}": { "command": "node", "env": { "${name}": "1" }, "enabled": false }`).join(', ')} } }`;
    const preview = await module.api['servers.importPreview']({ text: doc });
    expect(preview.ok && preview.value.entries.map((entry) => [entry.name, entry.error])).toEqual(PROTO_NAMES.map((name) => [name, undefined]));
    const applied = await module.api['servers.importApply']({ text: doc, decisions: PROTO_NAMES.map((name) => ({ name, action: 'add' as const })) });
    expect(applied.ok && applied.value.added).toEqual([...PROTO_NAMES]);
    const file = await readServersFile(dataDir());
    for (const name of PROTO_NAMES) {
      const entry = ownValue(file.mcpServers, name) as { env: Record<string, string> } | undefined;
      expect(ownValue(entry?.env, name), name).toBe('1');
    }
  });
});
