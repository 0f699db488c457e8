import { describe, expect, it } from 'vitest';
import type { ChatMessage, ContentBlock, ToolCallBlock } from '../../../shared/chat.ts';
import { defaultSettings } from '../../../shared/settings.ts';
import type { ExposedTool } from '../../../shared/servers.ts';
import { buildRequest, continuePrompt, toApiMessages, toApiTools } from './requestBuilder.ts';

let seq = 0;
function msg(role: 'user' | 'assistant', blocks: ContentBlock[], extra: Partial<ChatMessage> = {}): ChatMessage {
  seq += 1;
  return { id: `m${seq}`, chatId: 'c', role, blocks, status: 'complete', createdAt: seq, updatedAt: seq, ...extra };
}
function call(id: string, extra: Partial<ToolCallBlock> = {}): ToolCallBlock {
  return { type: 'tool_call', id, exposedName: 'srv__tool', serverId: 'srv', toolName: 'tool', input: { x: 1 }, status: 'done', destructive: false, result: { content: [{ type: 'text', text: `result ${id}` }], isError: false }, ...extra };
}
const text = (t: string): ContentBlock => ({ type: 'text', text: t });

describe('history to API messages', () => {
  it('puts every tool_result of an assistant turn into one user turn, before any new user text', () => {
    const out = toApiMessages([msg('user', [text('go')]), msg('assistant', [text('calling'), call('a'), call('b')]), msg('user', [text('and?')])], 1000);
    expect(out.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    const blocks = out[2]?.content;
    expect(Array.isArray(blocks) ? blocks.map((b) => b.type) : []).toEqual(['tool_result', 'tool_result', 'text']);
  });

  it('tells the model about denied, failed and stopped calls, and drops calls whose input never finished', () => {
    const out = toApiMessages(
      [
        msg('user', [text('go')]),
        msg('assistant', [
          call('denied', { status: 'denied', result: undefined }),
          call('failed', { status: 'error', result: undefined, error: { code: 'timeout', message: 'took too long' } }),
          call('stopped', { status: 'cancelled', result: undefined }),
          call('partial', { status: 'cancelled', result: undefined, input: undefined, partialInput: '{"x"' }),
        ], { status: 'stopped' }),
      ],
      1000,
    );
    const assistant = out[1]?.content;
    expect(Array.isArray(assistant) ? assistant.map((b) => (b.type === 'tool_use' ? b.id : b.type)) : []).toEqual(['denied', 'failed', 'stopped']);
    const results = JSON.stringify(out[2]?.content);
    expect(results).toContain('The user declined to run this tool call.');
    expect(results).toContain('The tool call failed: took too long');
    expect(results).toContain('the user stopped it');
    expect(results.match(/"is_error":true/g)).toHaveLength(3);
  });

  it('leaves failed answers out, asks to continue after a cut answer, and resumes a paused turn in place', () => {
    const failed = toApiMessages([msg('user', [text('q')]), msg('assistant', [text('half')], { status: 'error' })], 1000);
    expect(failed).toHaveLength(1);
    const cut = toApiMessages([msg('user', [text('q')]), msg('assistant', [text('long answer')], { notice: 'max_tokens' })], 1000);
    expect(cut.at(-1)).toMatchObject({ role: 'user', content: [{ type: 'text', text: continuePrompt }] });
    const paused = toApiMessages([msg('user', [text('q')]), msg('assistant', [text('part one')], { stopReason: 'pause_turn' })], 1000);
    expect(paused.at(-1)?.role).toBe('assistant');
    const resumed = toApiMessages([msg('user', [text('q')]), msg('assistant', [text('one')], { stopReason: 'pause_turn' }), msg('assistant', [text('two')])], 1000);
    expect(resumed.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(JSON.stringify(resumed[1]?.content)).toContain('two');
  });

  it('keeps signed thinking, drops unsigned thinking and empty text', () => {
    const out = toApiMessages([msg('user', [text('q')]), msg('assistant', [{ type: 'thinking', thinking: 'hm', signature: 's' }, { type: 'thinking', thinking: 'cut', signature: '' }, text(''), text('a')])], 1000);
    expect(out[1]?.content).toEqual([{ type: 'thinking', thinking: 'hm', signature: 's' }, { type: 'text', text: 'a' }]);
  });

  it('marks cache breakpoints on the last two user turns, the last tool and the system prompt', () => {
    const history = [msg('user', [text('one')]), msg('assistant', [text('a')]), msg('user', [text('two')]), msg('assistant', [text('b')]), msg('user', [text('three')])];
    const request = buildRequest({
      history,
      tools: [
        { exposedName: 's__a', serverId: 's', toolName: 'a', inputSchema: { type: 'object' }, enabled: true, approval: 'ask' },
        { exposedName: 's__b', serverId: 's', toolName: 'b', inputSchema: { properties: {} }, enabled: true, approval: 'ask' },
      ],
      settings: { ...defaultSettings, systemPrompt: 'sys' },
      model: 'm',
    });
    const marked = request.messages.map((m) => JSON.stringify(m).includes('cache_control'));
    expect(marked).toEqual([false, false, true, false, true]);
    expect(request.tools?.map((t) => 'cache_control' in t)).toEqual([false, true]);
    expect(request.system).toEqual([{ type: 'text', text: 'sys', cache_control: { type: 'ephemeral' } }]);
    expect(toApiTools([{ exposedName: 'x', serverId: 's', toolName: 'x', inputSchema: { properties: {} }, enabled: true, approval: 'ask' }])[0]?.input_schema.type).toBe('object');
  });

  it('sends thinking with its budget, raising max_tokens above the budget when needed', () => {
    const request = buildRequest({ history: [msg('user', [text('q')])], tools: [], settings: { ...defaultSettings, thinkingEnabled: true, thinkingBudget: 9000, maxTokens: 4000 }, model: 'm' });
    expect(request.thinking).toEqual({ type: 'enabled', budget_tokens: 9000 });
    expect(request.max_tokens).toBe(13000);
    expect(request.tools).toBeUndefined();
    expect(request.system).toBeUndefined();
  });

  it('defines a stub for tools the history calls that are no longer offered', () => {
    const history = [msg('user', [text('q')]), msg('assistant', [call('a')]), msg('user', [text('again')])];
    const request = buildRequest({ history, tools: [], settings: defaultSettings, model: 'm' });
    expect(request.tools).toEqual([{ name: 'srv__tool', description: expect.stringContaining('no longer available') as string, input_schema: { type: 'object', properties: {} }, cache_control: { type: 'ephemeral' } }]);
    const offered = buildRequest({ history, tools: [{ exposedName: 'srv__tool', serverId: 'srv', toolName: 'tool', inputSchema: {}, enabled: true, approval: 'ask' }], settings: defaultSettings, model: 'm' });
    expect(JSON.stringify(offered.tools)).not.toContain('no longer available');
  });

  it('sends the same tool definitions each turn until a tool changes', () => {
    const a: ExposedTool = { exposedName: 's__a', serverId: 's', toolName: 'a', inputSchema: { properties: { q: { type: 'string' } } }, enabled: true, approval: 'ask' };
    const b: ExposedTool = { ...a, exposedName: 's__b', toolName: 'b', description: 'B' };
    const first = toApiTools([a, b]);
    const second = toApiTools([a, b]);
    expect(second).toEqual(first);
    expect(second.map((t, i) => t === first[i])).toEqual([true, true]);
    // The breakpoint goes on whichever tool is last.
    expect(toApiTools([b, a]).map((t) => ('cache_control' in t ? t.name : ''))).toEqual(['', 's__a']);
    // The registry replaces a changed tool's object: its new definition is sent.
    const changed = { ...a, description: 'Changed' };
    expect(toApiTools([changed, b])[0]).toEqual({ name: 's__a', description: 'Changed', input_schema: { type: 'object', properties: { q: { type: 'string' } } } });
  });
});
