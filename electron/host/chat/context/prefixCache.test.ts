import { describe, expect, it } from 'vitest';
import type { ExposedTool } from '../../../../shared/servers.ts';
import { defaultSettings, type Settings } from '../../../../shared/settings.ts';
import { buildRequest } from '../requestBuilder.ts';
import { prefixTokens } from './estimate.ts';
import { PrefixCache } from './prefixCache.ts';

const tool = (name: string, description = `Does ${name}`): ExposedTool => ({
  exposedName: `srv__${name}`, serverId: 'srv', toolName: name, description, inputSchema: { type: 'object', properties: { q: { type: 'string' } } }, enabled: true, approval: 'ask',
});

describe('prefix size cache', () => {
  it('gives what sizing an empty request gives, computing it again only when the tools, settings or model change', () => {
    const cache = new PrefixCache();
    let computed = 0;
    const size = (tools: ExposedTool[], settings: Settings, model = 'claude-sonnet-5-5') =>
      cache.tokens(tools, settings, model, false, () => {
        computed += 1;
        return prefixTokens(buildRequest({ history: [], tools, settings, model }));
      });
    const fresh = (tools: ExposedTool[], settings: Settings, model = 'claude-sonnet-5-5') => prefixTokens(buildRequest({ history: [], tools, settings, model }));
    const tools = [tool('a'), tool('b')];
    const settings: Settings = { ...defaultSettings, systemPrompt: 'Be brief.' };

    expect(size(tools, settings)).toBe(fresh(tools, settings));
    // The next turn lists the same tool objects in a new array, with settings rebuilt: nothing to compute.
    expect(size([...tools], { ...settings })).toBe(fresh(tools, settings));
    expect(computed).toBe(1);

    const longer = { ...settings, systemPrompt: `Be brief.\n\n${'Server instructions. '.repeat(50)}` };
    expect(size(tools, longer)).toBe(fresh(tools, longer));
    const changed = [tool('a', 'x'.repeat(2_000)), tools[1] as ExposedTool];
    expect(size(changed, longer)).toBe(fresh(changed, longer));
    expect(size([...changed, tool('c')], longer)).toBe(fresh([...changed, tool('c')], longer));
    const tight = { ...longer, toolBudgetCount: 1 };
    expect(size(changed, tight)).toBe(fresh(changed, tight));
    expect(size(changed, tight, 'claude-opus-5')).toBe(fresh(changed, tight, 'claude-opus-5'));
    expect(computed).toBe(6);
    // Lists compare by content: an equal copy computes nothing, an entry added (even in place) computes again.
    const pinned = { ...tight, pinnedTools: [{ serverId: 'srv', toolName: 'a' }] };
    expect(size(changed, pinned, 'claude-opus-5')).toBe(fresh(changed, pinned, 'claude-opus-5'));
    expect(size(changed, { ...pinned, pinnedTools: [...pinned.pinnedTools] }, 'claude-opus-5')).toBe(fresh(changed, pinned, 'claude-opus-5'));
    expect(computed).toBe(7);
    pinned.pinnedTools.push({ serverId: 'srv', toolName: 'b' });
    expect(size(changed, pinned, 'claude-opus-5')).toBe(fresh(changed, pinned, 'claude-opus-5'));
    expect(computed).toBe(8);
  });
});
