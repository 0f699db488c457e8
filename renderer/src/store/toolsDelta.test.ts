import { describe, expect, it } from 'vitest';
import type { ToolSummary } from '../../../shared/servers.ts';
import { applyToolsDelta, countEnabledTools, groupTools } from './toolsDelta.ts';

const tool = (serverId: string, toolName: string, extra: Partial<ToolSummary> = {}): ToolSummary => ({
  exposedName: `${serverId}__${toolName}`, serverId, toolName, enabled: true, approval: 'ask', ...extra,
});

describe('renderer tool mirror', () => {
  it('groups a whole list by server, each in tool-name order, even for a server named __proto__', () => {
    const byServer = groupTools([tool('b', 'z'), tool('a', 'y'), tool('b', 'c'), tool('__proto__', 'x')]);
    expect(Object.keys(byServer).sort()).toEqual(['__proto__', 'a', 'b']);
    expect(byServer.b?.map((t) => t.toolName)).toEqual(['c', 'z']);
    expect(byServer.__proto__?.map((t) => t.toolName)).toEqual(['x']);
  });

  it('applies upserts and removals to the named server only; other servers keep the same list object', () => {
    const before = groupTools([tool('a', 'one'), tool('a', 'two'), tool('b', 'three')]);
    const after = applyToolsDelta(before, {
      servers: [{ serverId: 'a', upsert: [tool('a', 'two', { enabled: false }), tool('a', 'four')], remove: ['one'] }],
    });
    expect(after.a?.map((t) => [t.toolName, t.enabled])).toEqual([['four', true], ['two', false]]);
    expect(after.b).toBe(before.b);
    expect(before.a?.map((t) => t.toolName)).toEqual(['one', 'two']);
    expect(countEnabledTools(after)).toBe(2);
  });

  it('drops a server left with no tools, adds a new one, and takes a renamed tool\'s new name', () => {
    const before = groupTools([tool('a', 'run'), tool('b', 'run')]);
    const after = applyToolsDelta(before, {
      servers: [
        { serverId: 'a', upsert: [], remove: ['run'] },
        { serverId: 'b', upsert: [tool('b', 'run', { exposedName: 'b__run_1a2b' })], remove: [] },
        { serverId: 'c', upsert: [tool('c', 'new')], remove: [] },
      ],
    });
    expect(Object.keys(after).sort()).toEqual(['b', 'c']);
    expect(after.b?.[0]?.exposedName).toBe('b__run_1a2b');
  });
});
