/**
 * Progressive tool discovery and per-chat tool scope through the whole host (createHost) with real server-everything
 * over stdio and the scripted LLM as a gateway that refuses deferred tools and tool references (a 127.0.0.1 base URL,
 * so the host-side search is used; its first request with references is refused once, and the host names what it
 * finds from then on): over the tool budget only `search_tools` is offered; the model searches, the host loads what it
 * found, and the model calls the deferred tool. Further down, the host search with references on an endpoint that
 * takes them, and the API's own search. A chat whose scope leaves the server out is offered none of its tools and cannot call one. A tool
 * that ran in one chat stays loaded in the next chat's requests (the user's most used tools).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToolUsage } from '../../electron/host/store/toolUsage.ts';
import type { ChatStreamEvent, ToolCallBlock, ToolSearchBlock } from '../../shared/chat.ts';
import { startScriptedLlm, toolResults, toolResultText, type ScriptedLlm } from '../fixtures/scriptedLlm/index.ts';
import { addEverything, FakeTools, startEngine, startHost, tempDataDir, textResult, value, type HostUnderTest } from './chat-harness.ts';

const toolNames = (body: { tools?: { name: string }[] } | undefined) => (body?.tools ?? []).map((t) => t.name);

describe('tool search and tool scope through the host', () => {
  let llm: ScriptedLlm;
  let data: ReturnType<typeof tempDataDir>;
  let target: HostUnderTest;
  let searchedChat = '';

  beforeAll(async () => {
    llm = await startScriptedLlm({
      apiKey: 'sk-test',
      // A gateway without the API's tool search: it refuses deferred tools and tool references (a 400).
      toolReferences: false,
      script: [
        { expect: { toolsInclude: ['search_tools'] }, content: [{ type: 'text', text: 'Let me find a tool.' }, { type: 'tool_use', name: 'search_tools', id: 'toolu_search', input: { query: 'sum of two numbers' } }] },
        { expect: { toolsInclude: ['get-sum'], toolResultsContain: ['everything__get-sum'] }, content: [{ type: 'tool_use', tool: 'get-sum', input: { a: 2, b: 3 } }] },
        { expect: { toolResultsContain: ['The sum of 2 and 3 is 5.'] }, content: [{ type: 'text', text: '2 + 3 = 5.' }] },
      ],
    });
    data = tempDataDir();
    target = await startHost({ dataDir: data.dir, baseUrl: llm.url });
    await addEverything(target, ['get-sum', 'echo']);
    // server-everything offers 13 tools: over a 5-tool budget.
    value(await target.api['settings.update']({ toolBudgetCount: 5 }));
  }, 60_000);

  afterAll(async () => {
    await target.host.shutdown();
    await llm.close();
    data.remove();
  });

  it('offers only the search tool, loads what the search found, and runs the deferred tool the model then calls', async () => {
    const chatId = value(await target.api['chats.create']({})).id;
    searchedChat = chatId;
    const plan = value(await target.api['chats.toolPlan']({ chatId }));
    expect(plan).toMatchObject({ mode: 'host', loaded: { tools: 1 } });
    expect(plan.deferred).toBeGreaterThanOrEqual(13);

    value(await target.api['chat.send']({ chatId, text: 'What is 2 + 3?' }));
    const [approval] = await target.log.waitFor('approvals.changed', (list) => list.length === 1);
    expect(approval?.toolName).toBe('get-sum');
    value(await target.api['approvals.answer']({ id: approval!.id, decision: 'allow_once' }));
    expect((await target.log.runEnd(chatId)).error).toBeUndefined();

    // The first request sent the deferred tools for the host search's references; the gateway refused it once, and
    // the host asked again naming what its search finds (and remembers that for this base URL: no refusal after).
    const [refused, first, second, third] = llm.messageRequests();
    expect(refused?.problems.join()).toContain('defer_loading');
    expect(llm.messageRequests().filter((r) => r.outcome === 'assertion_failed')).toHaveLength(1);
    expect(toolNames(first?.body)).toEqual(['search_tools']);
    expect(toolNames(second?.body)[0]).toBe('search_tools');
    expect(toolNames(second?.body)).toContain('everything__get-sum');
    expect(toolNames(second?.body).length).toBeLessThanOrEqual(6);
    expect(toolResultText(toolResults(second!.body!)[0]!)).toContain('everything__get-sum');
    expect(toolResults(third!.body!).map(toolResultText)).toEqual(['The sum of 2 and 3 is 5.']);

    // The chat showed the search and what it loaded, and keeps it in history.
    const searchEvents = target.log.stream(chatId).filter((e): e is Extract<ChatStreamEvent, { type: 'block' }> => e.type === 'block' && e.block.type === 'tool_search');
    expect(searchEvents.at(-1)?.block).toMatchObject({ type: 'tool_search', by: 'host', query: 'sum of two numbers', status: 'done' });
    const page = value(await target.api['chats.get']({ chatId }));
    const blocks = page.messages.flatMap((m) => m.blocks);
    const search = blocks.find((b): b is ToolSearchBlock => b.type === 'tool_search');
    expect(search?.loaded).toContain('everything__get-sum');
    const call = blocks.find((b): b is ToolCallBlock => b.type === 'tool_call');
    expect(call).toMatchObject({ toolName: 'get-sum', status: 'done' });
  }, 60_000);

  it('a server restart that does not change its tools does not change the tools bytes of the next request (prompt cache kept)', async () => {
    const readySince = async (): Promise<number> => {
      const server = value(await target.api['servers.list']({})).find((s) => s.id === 'everything');
      return server?.status.state === 'ready' ? server.status.since : -1;
    };
    const before = await readySince();
    value(await target.api['servers.restart']({ id: 'everything' }));
    const deadline = Date.now() + 30_000;
    while ((await readySince()) <= before) {
      if (Date.now() > deadline) throw new Error('server-everything did not become ready again');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const previous = llm.messageRequests().at(-1);
    llm.setScript([{ content: [{ type: 'text', text: 'Still here.' }] }]);
    value(await target.api['chat.send']({ chatId: searchedChat, text: 'Thanks!' }));
    expect((await target.log.runEnd(searchedChat)).error).toBeUndefined();
    const next = llm.messageRequests().at(-1);
    expect(next).not.toBe(previous);
    expect(toolNames(next?.body)).toContain('everything__get-sum');
    expect(JSON.stringify(next?.body?.tools)).toBe(JSON.stringify(previous?.body?.tools));
    // The gateway's refusal is remembered: a later run asks it the way it takes, at once.
    expect(llm.messageRequests().filter((r) => r.outcome === 'assertion_failed')).toHaveLength(1);
  }, 60_000);

  it('a chat whose scope leaves the server out offers none of its tools, and a guessed call never reaches the server', async () => {
    const chatId = value(await target.api['chats.create']({})).id;
    const scoped = value(await target.api['chats.setToolScope']({ chatId, scope: { excludedServers: ['everything'], excludedTools: [] } }));
    expect(scoped.toolScope?.excludedServers).toEqual(['everything']);
    const plan = value(await target.api['chats.toolPlan']({ chatId }));
    expect(plan).toMatchObject({ mode: 'all', loaded: { tools: 0, tokens: 0 }, deferred: 0 });
    expect(plan.servers.find((s) => s.serverId === 'everything')?.inScope).toBe(false);

    llm.setScript([
      { content: [{ type: 'tool_use', name: 'everything__echo', id: 'toolu_guess', input: { message: 'out of scope' } }] },
      { expect: { toolResultsContain: ['not available'] }, content: [{ type: 'text', text: 'That tool is not available here.' }] },
    ]);
    const before = llm.messageRequests().length;
    value(await target.api['chat.send']({ chatId, text: 'Echo something.' }));
    expect((await target.log.runEnd(chatId)).error).toBeUndefined();
    const [request] = llm.messageRequests().slice(before);
    expect(toolNames(request?.body)).toEqual([]);
    const page = value(await target.api['chats.get']({ chatId }));
    const call = page.messages.flatMap((m) => m.blocks).find((b): b is ToolCallBlock => b.type === 'tool_call');
    expect(call).toMatchObject({ exposedName: 'everything__echo', status: 'error', error: { code: 'tool_not_found' } });
    expect(page.chat.toolScope).toEqual({ excludedServers: ['everything'], excludedTools: [] });
  }, 60_000);

  it("a new chat's first request over the budget has the tool called in another chat loaded, not deferred", async () => {
    // get-sum ran in the first chat (its call counts); echo's guessed call in the scoped chat failed and does not.
    const chatId = value(await target.api['chats.create']({})).id;
    const plan = value(await target.api['chats.toolPlan']({ chatId }));
    expect(plan).toMatchObject({ mode: 'host', loaded: { tools: 2 } });
    llm.setScript([{ expect: { toolsInclude: ['everything__get-sum'] }, content: [{ type: 'text', text: 'Ready.' }] }]);
    const before = llm.messageRequests().length;
    value(await target.api['chat.send']({ chatId, text: 'Hello again.' }));
    expect((await target.log.runEnd(chatId)).error).toBeUndefined();
    const [request] = llm.messageRequests().slice(before);
    expect(toolNames(request?.body)).toEqual(['search_tools', 'everything__get-sum']);
  }, 60_000);

  it('reads the usage counts only for a run (or a picker plan) over the budget, once for all its turns', async () => {
    const reads = vi.spyOn(ToolUsage.prototype, 'top');
    try {
      value(await target.api['settings.update']({ toolBudgetCount: 40 }));
      const under = value(await target.api['chats.create']({})).id;
      llm.setScript([{ content: [{ type: 'text', text: 'Under the budget.' }] }]);
      value(await target.api['chat.send']({ chatId: under, text: 'Hi.' }));
      expect((await target.log.runEnd(under)).error).toBeUndefined();
      // Under the budget nothing is deferred, so the ranking is never needed before the first request, nor by the
      // composer's chip, which asks for the plan whenever the tools change.
      expect(value(await target.api['chats.toolPlan']({ chatId: under })).mode).toBe('all');
      expect(reads).not.toHaveBeenCalled();

      value(await target.api['settings.update']({ toolBudgetCount: 5 }));
      value(await target.api['tools.setApproval']({ serverId: 'everything', toolName: 'get-sum', policy: 'always_allow' }));
      const over = value(await target.api['chats.create']({})).id;
      llm.setScript([
        { content: [{ type: 'tool_use', tool: 'get-sum', input: { a: 1, b: 1 } }] },
        { content: [{ type: 'text', text: 'Two.' }] },
      ]);
      value(await target.api['chat.send']({ chatId: over, text: 'One plus one?' }));
      expect((await target.log.runEnd(over)).error).toBeUndefined();
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
  }, 60_000);
});

describe("the API's tool search (server mode) through the chat engine", () => {
  it('sends deferred tools with defer_loading, stores the search blocks from the stream, and sends them back before the tool result', async () => {
    const llm = await startScriptedLlm({
      apiKey: 'sk-test',
      script: [
        {
          content: [
            { type: 'server_tool_use', id: 'srvtoolu_1', input: { query: 'weather' } },
            { type: 'tool_search_tool_result', tool_use_id: 'srvtoolu_1', tool_references: ['fake__weather'] },
            { type: 'tool_use', name: 'fake__weather', id: 'toolu_w', input: {} },
          ],
        },
        { expect: { toolResultsContain: ['sunny'] }, content: [{ type: 'text', text: 'It is sunny.' }] },
      ],
    });
    const data = tempDataDir();
    const tools = new FakeTools([
      { name: 'weather', approval: 'always_allow', run: () => Promise.resolve(textResult('sunny')) },
      { name: 'stocks', run: () => Promise.resolve(textResult('up')) },
    ]);
    const engine = await startEngine({ dataDir: data.dir, tools, baseUrl: llm.url, settings: { toolSearch: 'server', toolBudgetCount: 1 } });
    try {
      const chatId = value(await engine.chat.api['chats.create']({})).id;
      value(await engine.chat.api['chat.send']({ chatId, text: 'Weather?' }));
      expect((await engine.log.runEnd(chatId)).error).toBeUndefined();
      const [first, second] = llm.messageRequests();
      expect(first?.body?.tools).toEqual([
        { type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25', cache_control: { type: 'ephemeral' } },
        expect.objectContaining({ name: 'fake__stocks', defer_loading: true }),
        expect.objectContaining({ name: 'fake__weather', defer_loading: true }),
      ]);
      expect(second?.body?.messages?.[1]?.content).toEqual([
        { type: 'server_tool_use', id: 'srvtoolu_1', name: 'tool_search_tool_bm25', input: { query: 'weather' } },
        { type: 'tool_search_tool_result', tool_use_id: 'srvtoolu_1', content: { type: 'tool_search_tool_search_result', tool_references: [{ type: 'tool_reference', tool_name: 'fake__weather' }] } },
        { type: 'tool_use', id: 'toolu_w', name: 'fake__weather', input: {} },
      ]);
      const page = value(await engine.chat.api['chats.get']({ chatId }));
      const search = page.messages.flatMap((m) => m.blocks).find((b): b is ToolSearchBlock => b.type === 'tool_search');
      expect(search).toMatchObject({ by: 'server', query: 'weather', status: 'done', loaded: ['fake__weather'] });
    } finally {
      await engine.chat.shutdown();
      await llm.close();
      data.remove();
    }
  }, 60_000);

  it('sends a chat whose deferred tools alone would overflow the window: they are not counted as input', async () => {
    const llm = await startScriptedLlm({ apiKey: 'sk-test', script: [{ content: [{ type: 'text', text: 'Ready.' }] }] });
    const data = tempDataDir();
    // 3,000 tools, about 80 characters each: some 70,000 tokens if counted, against a window of 20,000.
    const tools = new FakeTools(Array.from({ length: 3_000 }, (_, i) => ({ name: `tool_${i}`, run: () => Promise.resolve(textResult('x')) })));
    const engine = await startEngine({ dataDir: data.dir, tools, baseUrl: llm.url, settings: { toolSearch: 'server', contextWindow: 20_000 } });
    try {
      const chatId = value(await engine.chat.api['chats.create']({})).id;
      value(await engine.chat.api['chat.send']({ chatId, text: 'Hello.' }));
      // Counted whole, the deferred definitions refused the send as too large for the window ("context.tooLarge").
      expect((await engine.log.runEnd(chatId)).error).toBeUndefined();
      const [first] = llm.messageRequests();
      expect(first?.body?.tools).toHaveLength(3_001);
      expect(first?.body?.tools?.filter((t) => (t as { defer_loading?: boolean }).defer_loading === true)).toHaveLength(3_000);
      const usage = value(await engine.chat.api['chat.context']({ chatId }));
      expect(usage?.inputTokens).toBeLessThan(1_000);
    } finally {
      await engine.chat.shutdown();
      await llm.close();
      data.remove();
    }
  }, 60_000);
});

describe("the host's tool search answering with tool references (an endpoint that takes them)", () => {
  it('keeps every deferred tool in the request with defer_loading, so the tools bytes never change, and answers the search with references', async () => {
    const llm = await startScriptedLlm({
      apiKey: 'sk-test',
      script: [
        { content: [{ type: 'tool_use', name: 'search_tools', id: 'toolu_s', input: { query: 'weather forecast' } }] },
        { content: [{ type: 'tool_use', name: 'fake__weather', id: 'toolu_w', input: {} }] },
        { expect: { toolResultsContain: ['sunny'] }, content: [{ type: 'text', text: 'It is sunny.' }] },
      ],
    });
    const data = tempDataDir();
    const tools = new FakeTools([
      { name: 'weather', approval: 'always_allow', run: () => Promise.resolve(textResult('sunny')) },
      { name: 'stocks', run: () => Promise.resolve(textResult('up')) },
      { name: 'news', run: () => Promise.resolve(textResult('none')) },
    ]);
    const engine = await startEngine({ dataDir: data.dir, tools, baseUrl: llm.url, settings: { toolSearch: 'host', toolBudgetCount: 1 } });
    try {
      const chatId = value(await engine.chat.api['chats.create']({})).id;
      value(await engine.chat.api['chat.send']({ chatId, text: 'Weather?' }));
      expect((await engine.log.runEnd(chatId)).error).toBeUndefined();
      const requests = llm.messageRequests();
      expect(requests.map((r) => r.outcome)).not.toContain('assertion_failed');
      const [first, second, third] = requests;
      expect(first?.body?.tools).toEqual([
        expect.objectContaining({ name: 'search_tools', cache_control: { type: 'ephemeral' } }),
        expect.objectContaining({ name: 'fake__news', defer_loading: true }),
        expect.objectContaining({ name: 'fake__stocks', defer_loading: true }),
        expect.objectContaining({ name: 'fake__weather', defer_loading: true }),
      ]);
      // The search's answer: references the API expands into the definitions, where the search was.
      expect(toolResults(second!.body!)[0]).toMatchObject({ tool_use_id: 'toolu_s', content: [{ type: 'tool_reference', tool_name: 'fake__weather' }] });
      // The tool found is not added to the tools: the bytes the prompt cache keys on stay the same all run long.
      expect(JSON.stringify(second?.body?.tools)).toBe(JSON.stringify(first?.body?.tools));
      expect(toolResults(third!.body!).map(toolResultText)).toEqual(['sunny']);
    } finally {
      await engine.chat.shutdown();
      await llm.close();
      data.remove();
    }
  }, 60_000);
});
