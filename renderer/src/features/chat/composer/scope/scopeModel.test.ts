import { describe, expect, it } from 'vitest';
import type { ToolPlanSummary } from '../../../../../../shared/chat.ts';
import { fullScope, markInScope } from './scopeModel.ts';

const plan: ToolPlanSummary = {
  mode: 'all',
  loaded: { tools: 3, tokens: 300 },
  deferred: 0,
  scope: fullScope,
  servers: [
    { serverId: 'a', inScope: true, tools: [{ toolName: 'x', tokens: 100, inScope: true }, { toolName: 'y', tokens: 100, inScope: true }] },
    { serverId: 'b', inScope: true, tools: [{ toolName: 'x', tokens: 100, inScope: true }] },
  ],
};

describe('markInScope (what a checkbox shows before the host answers)', () => {
  it('leaves a server out with all its tools, and only that server', () => {
    const shown = markInScope(plan, 'a', undefined, false);
    expect(shown.servers[0]).toMatchObject({ inScope: false, tools: [{ inScope: false }, { inScope: false }] });
    expect(shown.servers[1]).toBe(plan.servers[1]);
  });

  it('leaves one tool out, not its namesake on another server', () => {
    const shown = markInScope(plan, 'a', 'x', false);
    expect(shown.servers[0]?.tools.map((tool) => tool.inScope)).toEqual([false, true]);
    expect(shown.servers[0]?.inScope).toBe(true);
    expect(shown.servers[1]?.tools[0]?.inScope).toBe(true);
  });
});
