import type Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ContentBlock, ToolSearchBlock } from '../../../../shared/chat.ts';
import type { ExposedTool } from '../../../../shared/servers.ts';
import { defaultSettings, type Settings } from '../../../../shared/settings.ts';
import { buildRequest } from '../requestBuilder.ts';
import { mostUsedLimit, planTools, searchMode, toolTokens } from './deferralPolicy.ts';
import { inScope } from './scope.ts';
import { runHostSearches } from './hostSearch.ts';

function tool(serverId: string, toolName: string, description = `Does ${toolName}`): ExposedTool {
  return { exposedName: `${serverId}__${toolName}`, serverId, toolName, description, inputSchema: { type: 'object', properties: { path: { type: 'string' } } }, enabled: true, approval: 'ask' };
}
// 3 servers x 20 tools: over the default 40-tool budget.
const tools = ['alpha', 'beta', 'gamma'].flatMap((s) => Array.from({ length: 20 }, (_, i) => tool(s, `op_${String(i).padStart(2, '0')}`)));
const gateway: Settings = { ...defaultSettings, apiBaseUrl: 'http://127.0.0.1:9999' };
const anthropic: Settings = { ...defaultSettings };
let seq = 0;
const msg = (role: 'user' | 'assistant', blocks: ContentBlock[]): ChatMessage => ({ id: `m${++seq}`, chatId: 'c', role, blocks, status: 'complete', createdAt: seq, updatedAt: seq });
const ask = msg('user', [{ type: 'text', text: 'hello' }]);
const names = (list: readonly object[] | undefined) => (list ?? []).map((t) => ('name' in t ? t.name : undefined));

describe('deferral policy', () => {
  it('sends every tool, sorted by name, while under the budget', () => {
    const few = tools.slice(0, 10).reverse();
    const plan = planTools({ tools: few, history: [ask], settings: gateway, model: 'm' });
    expect(plan.mode).toBe('all');
    expect(plan.loaded.map((t) => t.exposedName)).toEqual([...few].map((t) => t.exposedName).sort());
  });

  it('picks the API search on api.anthropic.com and the host search elsewhere (auto), or what the setting says', () => {
    expect(searchMode(anthropic)).toBe('server');
    expect(searchMode(gateway)).toBe('host');
    expect(searchMode({ ...gateway, toolSearch: 'server' })).toBe('server');
    expect(searchMode({ ...anthropic, toolSearch: 'off' })).toBe('off');
  });

  it('over the tool count, keeps pinned tools, always-load servers and the tools the chat used; defers the rest', () => {
    const settings: Settings = { ...gateway, alwaysLoadServers: ['gamma'], pinnedTools: [{ serverId: 'alpha', toolName: 'op_05' }] };
    const used = msg('assistant', [{ type: 'tool_call', id: 't1', exposedName: 'beta__op_07', serverId: 'beta', toolName: 'op_07', input: {}, status: 'done', destructive: false }]);
    const plan = planTools({ tools, history: [ask, used], settings, model: 'm' });
    expect(plan.mode).toBe('host');
    expect(plan.loaded.map((t) => t.exposedName)).toEqual(['alpha__op_05', ...Array.from({ length: 20 }, (_, i) => `gamma__op_${String(i).padStart(2, '0')}`), 'beta__op_07']);
    expect(plan.deferred).toHaveLength(60 - 22);
  });

  it('over the token share of the window, defers even a few large tools', () => {
    const big = Array.from({ length: 5 }, (_, i) => tool('big', `t${i}`, 'x'.repeat(20_000)));
    expect(planTools({ tools: big, history: [ask], settings: gateway, model: 'm' }).mode).toBe('host');
    expect(planTools({ tools: big, history: [ask], settings: { ...gateway, toolBudgetPercent: 100 }, model: 'm' }).mode).toBe('all');
  });

  it('counts each tool once per definition: the same tools give the same figure, a changed definition its own', () => {
    const few = Array.from({ length: 3 }, (_, i) => tool('few', `t${i}`, 'y'.repeat(1_000)));
    const fresh = toolTokens(few.map((t) => ({ ...t })));
    expect(toolTokens(few)).toBe(fresh);
    expect(toolTokens(few)).toBe(fresh);
    // The registry replaces a tool's object when the server changes its definition: that one is counted anew.
    const changed = few.map((t, i) => (i === 0 ? { ...t, description: 'y'.repeat(20_000) } : t));
    expect(toolTokens(changed)).toBeGreaterThan(fresh + 5_000);
    expect(planTools({ tools: changed, history: [ask], settings: { ...gateway, toolBudgetPercent: 1, contextWindow: 200_000 }, model: 'm' }).mode).toBe('host');
    expect(planTools({ tools: few, history: [ask], settings: { ...gateway, toolBudgetPercent: 1, contextWindow: 200_000 }, model: 'm' }).mode).toBe('all');
  });
});

describe('most used tools across chats', () => {
  const key = (serverId: string, toolName: string) => ({ serverId, toolName });
  const loadedNames = (plan: ReturnType<typeof planTools>) => plan.loaded.map((t) => t.exposedName);

  it('keeps the most used tools of other chats loaded over the budget, after pinned ones, sorted by name', () => {
    const settings: Settings = { ...gateway, pinnedTools: [key('gamma', 'op_19')] };
    const mostUsed = [key('beta', 'op_09'), key('alpha', 'op_03'), key('gamma', 'op_19')];
    const plan = planTools({ tools, history: [ask], settings, model: 'm', mostUsed });
    expect(plan.mode).toBe('host');
    expect(loadedNames(plan)).toEqual(['gamma__op_19', 'alpha__op_03', 'beta__op_09']);
    expect(plan.deferred.map((t) => t.exposedName)).not.toContain('beta__op_09');
    // The chat's own calls follow them; one that is also most used is not sent twice.
    const used = msg('assistant', [
      { type: 'tool_call', id: 't1', exposedName: 'beta__op_09', serverId: 'beta', toolName: 'op_09', input: {}, status: 'done', destructive: false },
      { type: 'tool_call', id: 't2', exposedName: 'alpha__op_11', serverId: 'alpha', toolName: 'op_11', input: {}, status: 'done', destructive: false },
    ]);
    expect(loadedNames(planTools({ tools, history: [ask, used], settings, model: 'm', mostUsed }))).toEqual(['gamma__op_19', 'alpha__op_03', 'beta__op_09', 'alpha__op_11']);
  });

  it('matches by server id and tool name, whatever the exposed name is now', () => {
    const renamed = tools.map((t) => (t.serverId === 'beta' && t.toolName === 'op_09' ? { ...t, exposedName: 'beta_2__op_09' } : t));
    expect(loadedNames(planTools({ tools: renamed, history: [ask], settings: gateway, model: 'm', mostUsed: [key('beta', 'op_09')] }))).toEqual(['beta_2__op_09']);
  });

  it('loads none that is disabled (not listed), out of the chat scope or gone', () => {
    const scope = { excludedServers: ['gamma'], excludedTools: [key('alpha', 'op_01')] };
    const offered = tools.filter((t) => inScope(t, scope) && !(t.serverId === 'beta' && t.toolName === 'op_02'));
    const mostUsed = [key('gamma', 'op_00'), key('alpha', 'op_01'), key('beta', 'op_02'), key('removed', 'tool'), key('alpha', 'op_04')];
    const plan = planTools({ tools: offered, history: [ask], settings: { ...gateway, toolBudgetCount: 10 }, model: 'm', mostUsed });
    expect(plan.mode).toBe('host');
    expect(loadedNames(plan)).toEqual(['alpha__op_04']);
  });

  it('keeps at most mostUsedLimit, and never more than the budget leaves after pinned and always-load tools', () => {
    const ranked = tools.map((t) => key(t.serverId, t.toolName)).reverse();
    const plan = planTools({ tools, history: [ask], settings: gateway, model: 'm', mostUsed: ranked });
    expect(loadedNames(plan)).toEqual(ranked.slice(0, mostUsedLimit).map((k) => `${k.serverId}__${k.toolName}`).sort());
    // gamma's 20 tools leave 2 places under a 22-tool budget: the two most used of the others take them.
    const tight: Settings = { ...gateway, alwaysLoadServers: ['gamma'], toolBudgetCount: 22 };
    const mostUsed = [key('beta', 'op_05'), key('gamma', 'op_00'), key('alpha', 'op_07'), key('alpha', 'op_08')];
    const kept = planTools({ tools, history: [ask], settings: tight, model: 'm', mostUsed });
    expect(kept.loaded).toHaveLength(22);
    expect(loadedNames(kept).slice(20)).toEqual(['alpha__op_07', 'beta__op_05']);
    // No room at all: the most used wait for the search like the rest.
    expect(planTools({ tools, history: [ask], settings: { ...tight, toolBudgetCount: 20 }, model: 'm', mostUsed }).loaded).toHaveLength(20);
  });

  it('skips a most used tool too large for the token budget and takes the next that fits', () => {
    const big = tool('big', 'huge', 'x'.repeat(40_000));
    const all = [...tools, big];
    const settings: Settings = { ...gateway, toolBudgetPercent: 2, contextWindow: 200_000 };
    const plan = planTools({ tools: all, history: [ask], settings, model: 'm', mostUsed: [key('big', 'huge'), key('alpha', 'op_00')] });
    expect(loadedNames(plan)).toEqual(['alpha__op_00']);
  });

  it('gives the same request bytes whatever order the tools and the counts come in', () => {
    const mostUsed = [key('gamma', 'op_03'), key('alpha', 'op_12'), key('beta', 'op_00')];
    const shuffled = [...tools.filter((t) => t.serverId === 'beta'), ...tools.filter((t) => t.serverId !== 'beta').reverse()];
    for (const settings of [gateway, anthropic]) {
      const before = JSON.stringify(buildRequest({ history: [ask], tools, settings, model: 'm', mostUsed }));
      expect(JSON.stringify(buildRequest({ history: [ask], tools: shuffled, settings, model: 'm', mostUsed }))).toBe(before);
    }
    // Ties broken differently by the counts still pick the same set here, and the set is sent sorted by name.
    const a = buildRequest({ history: [ask], tools, settings: anthropic, model: 'm', mostUsed });
    const b = buildRequest({ history: [ask], tools: shuffled, settings: anthropic, model: 'm', mostUsed: [...mostUsed].reverse() });
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(names(a.tools).slice(0, 4)).toEqual(['tool_search_tool_bm25', 'alpha__op_12', 'beta__op_00', 'gamma__op_03']);
  });
});

describe('requests with deferred tools', () => {
  it('host mode: offers search_tools and the loaded tools only, one cache breakpoint on the last', () => {
    const request = buildRequest({ history: [ask], tools, settings: gateway, model: 'm' });
    expect(names(request.tools)).toEqual(['search_tools']);
    expect(JSON.stringify(request.tools)).toContain('"cache_control"');
  });

  it('server mode: the API search tool first, every other tool sent with defer_loading', () => {
    const request = buildRequest({ history: [ask], tools, settings: anthropic, model: 'm' });
    const list = request.tools ?? [];
    expect(list[0]).toMatchObject({ type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25', cache_control: { type: 'ephemeral' } });
    expect(list.slice(1).every((t) => 'defer_loading' in t && t.defer_loading === true)).toBe(true);
    expect(list).toHaveLength(61);
  });

  it('a reconnect that lists the same tools in another order does not change the request bytes', () => {
    const before = JSON.stringify(buildRequest({ history: [ask], tools, settings: anthropic, model: 'm' }));
    // A server that reconnects is listed last by the registry.
    const reconnected = [...tools.filter((t) => t.serverId !== 'alpha'), ...tools.filter((t) => t.serverId === 'alpha')];
    expect(JSON.stringify(buildRequest({ history: [ask], tools: reconnected, settings: anthropic, model: 'm' }))).toBe(before);
    const few = tools.slice(0, 30);
    expect(JSON.stringify(buildRequest({ history: [ask], tools: [...few].reverse(), settings: gateway, model: 'm' }))).toBe(JSON.stringify(buildRequest({ history: [ask], tools: few, settings: gateway, model: 'm' })));
  });

  it('host search: runs over the tools, answers with a tool_result, and loads what it found at the end of the tools', () => {
    const named = [...tools, tool('files', 'read_text_file', 'Read the complete contents of a text file from the file system')];
    const search: ToolSearchBlock = { type: 'tool_search', id: 'toolu_s', by: 'host', name: 'search_tools', input: { query: 'read a text file' }, query: 'read a text file', status: 'searching', loaded: [] };
    const answer = msg('assistant', [search]);
    runHostSearches(answer, () => named);
    expect(search.loaded[0]).toBe('files__read_text_file');
    const request = buildRequest({ history: [ask, answer], tools: named, settings: gateway, model: 'm' });
    expect(names(request.tools).slice(0, 2)).toEqual(['search_tools', 'files__read_text_file']);
    const [, assistant, results] = request.messages;
    expect(assistant?.content).toEqual([{ type: 'tool_use', id: 'toolu_s', name: 'search_tools', input: { query: 'read a text file' } }]);
    expect(JSON.stringify(results?.content)).toContain('files__read_text_file');
  });

  it('host search with references: every deferred tool goes out with defer_loading, and the search answers with tool_reference blocks', () => {
    const named = [...tools, tool('files', 'read_text_file', 'Read the complete contents of a text file from the file system')];
    const search: ToolSearchBlock = { type: 'tool_search', id: 'toolu_s', by: 'host', name: 'search_tools', input: { query: 'read a text file' }, query: 'read a text file', status: 'searching', loaded: [] };
    const answer = msg('assistant', [search]);
    runHostSearches(answer, () => named);
    const before = buildRequest({ history: [ask], tools: named, settings: gateway, model: 'm', hostReferences: true });
    const after = buildRequest({ history: [ask, answer], tools: named, settings: gateway, model: 'm', hostReferences: true });
    expect(names(before.tools)[0]).toBe('search_tools');
    expect((before.tools ?? []).slice(1).every((t) => 'defer_loading' in t && t.defer_loading === true)).toBe(true);
    // What the search found is not moved into the loaded tools: the tools bytes are those of the first request.
    expect(JSON.stringify(after.tools)).toBe(JSON.stringify(before.tools));
    const results = after.messages[2]?.content as Anthropic.ToolResultBlockParam[];
    expect(results[0]?.content).toEqual(search.loaded.map((tool_name) => ({ type: 'tool_reference', tool_name })));
    // A found tool gone since (its server removed) is not referenced: the API refuses a reference it cannot resolve.
    const without = named.filter((t) => t.exposedName !== search.loaded[0]);
    const later = buildRequest({ history: [ask, answer], tools: without, settings: gateway, model: 'm', hostReferences: true });
    const laterResults = later.messages[2]?.content as Anthropic.ToolResultBlockParam[];
    expect(JSON.stringify(laterResults[0]?.content)).not.toContain(search.loaded[0]);
  });

  it('host search: lists the tools only for an answer that holds a search to run', () => {
    let listed = 0;
    const list = () => {
      listed++;
      return tools;
    };
    expect(runHostSearches(msg('assistant', [{ type: 'text', text: 'no search here' }]), list)).toEqual([]);
    expect(listed).toBe(0);
    const search: ToolSearchBlock = { type: 'tool_search', id: 'toolu_s', by: 'host', name: 'search_tools', input: { query: 'anything' }, query: 'anything', status: 'searching', loaded: [] };
    runHostSearches(msg('assistant', [search]), list);
    expect(listed).toBe(1);
  });

  it('server search: the server_tool_use and tool_search_tool_result blocks are sent back; dropped once the search is off', () => {
    const search: ToolSearchBlock = { type: 'tool_search', id: 'srvtoolu_1', by: 'server', name: 'tool_search_tool_bm25', input: { query: 'op 3' }, query: 'op 3', status: 'done', loaded: ['alpha__op_03', 'gone__tool'] };
    const history = [ask, msg('assistant', [search, { type: 'text', text: 'found it' }])];
    const request = buildRequest({ history, tools, settings: anthropic, model: 'm' });
    expect(request.messages[1]?.content).toEqual([
      { type: 'server_tool_use', id: 'srvtoolu_1', name: 'tool_search_tool_bm25', input: { query: 'op 3' } },
      { type: 'tool_search_tool_result', tool_use_id: 'srvtoolu_1', content: { type: 'tool_search_tool_search_result', tool_references: [{ type: 'tool_reference', tool_name: 'alpha__op_03' }] } },
      { type: 'text', text: 'found it' },
    ]);
    const off = buildRequest({ history, tools, settings: { ...anthropic, toolSearch: 'off' }, model: 'm' });
    expect(off.messages[1]?.content).toEqual([{ type: 'text', text: 'found it' }]);
  });
});
