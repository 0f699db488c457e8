import { describe, expect, it } from 'vitest';
import { ok } from '../../../../shared/errors.ts';
import type { ToolScope } from '../../../../shared/chat.ts';
import { FakeTools } from '../../../../tests/integration/chat-harness.ts';
import { inScope, scopedTools } from './scope.ts';

const tools = () =>
  new FakeTools([
    { name: 'read', run: () => Promise.resolve(ok({ content: [{ type: 'text', text: 'read' }], isError: false })) },
    { name: 'write', run: () => Promise.resolve(ok({ content: [{ type: 'text', text: 'written' }], isError: false })) },
  ]);

describe('tool scope', () => {
  it('leaves out excluded servers and single tools', () => {
    const scope: ToolScope = { excludedServers: [], excludedTools: [{ serverId: 'fake', toolName: 'write' }] };
    expect(inScope({ serverId: 'fake', toolName: 'read' }, scope)).toBe(true);
    expect(inScope({ serverId: 'fake', toolName: 'write' }, scope)).toBe(false);
    expect(inScope({ serverId: 'fake', toolName: 'read' }, { excludedServers: ['fake'], excludedTools: [] })).toBe(false);
  });

  it('a call to a tool outside the scope is refused without reaching the server, and the scope is read at each call', async () => {
    const inner = tools();
    let scope: ToolScope = { excludedServers: [], excludedTools: [{ serverId: 'fake', toolName: 'write' }] };
    const scoped = scopedTools(inner, () => scope);
    expect(scoped.listTools().map((t) => t.toolName)).toEqual(['read']);
    expect(scoped.getTool('fake__write')).toBeUndefined();
    const refused = await scoped.callTool('fake__write', {});
    expect(refused.ok ? 'ran' : refused.error.code).toBe('tool_not_found');
    expect(refused.ok ? undefined : refused.error.text?.code).toBe('scope.outOfScope');
    expect(inner.calls).toEqual([]);
    scope = { excludedServers: [], excludedTools: [] };
    expect((await scoped.callTool('fake__write', {})).ok).toBe(true);
    expect(inner.calls.map((c) => c.name)).toEqual(['fake__write']);
  });
});
