/**
 * The conversation from the issue through the whole host (createHost): the scripted model calls real
 * server-everything tools over stdio (configured with 'servers.add'): a sum and an echo in one turn, an image, an
 * elicitation answered through the contract, a long-running tool with progress that the user stops. Asserts the
 * tool_result blocks the host sent, the events the renderer saw, and the history read back by a new host.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatStreamEvent, ToolCallBlock } from '../../shared/chat.ts';
import { startScriptedLlm, toolResults, toolResultText, type ScriptedLlm } from '../fixtures/scriptedLlm/index.ts';
import { addEverything, startHost, tempDataDir, value, waitForTools, type HostUnderTest } from './chat-harness.ts';

describe('a conversation with server-everything through the host', () => {
  let llm: ScriptedLlm;
  let data: ReturnType<typeof tempDataDir>;
  let target: HostUnderTest;
  let chatId = '';

  beforeAll(async () => {
    llm = await startScriptedLlm({
      apiKey: 'sk-test',
      script: [
        {
          expect: { toolsInclude: ['get-sum', 'echo', 'get-tiny-image'] },
          content: [
            { type: 'text', text: 'Adding and echoing at once.' },
            { type: 'tool_use', tool: 'get-sum', input: { a: 2, b: 3 } },
            { type: 'tool_use', tool: 'echo', input: { message: 'hello switchboard' } },
          ],
        },
        { expect: { toolResultCount: 2 }, content: [{ type: 'text', text: '2 + 3 = 5 and the echo worked.' }] },
        { content: [{ type: 'tool_use', tool: 'get-tiny-image', input: {} }] },
        { content: [{ type: 'text', text: 'That is the MCP logo.' }] },
        { content: [{ type: 'tool_use', tool: 'trigger-elicitation-request', input: {} }] },
        { expect: { toolResultsContain: ['Name: Ada Lovelace'] }, content: [{ type: 'text', text: 'Thanks, Ada.' }] },
        { content: [{ type: 'text', text: 'Starting the long job.' }, { type: 'tool_use', tool: 'trigger-long-running-operation', input: { duration: 60, steps: 60 } }] },
      ],
    });
    data = tempDataDir();
    target = await startHost({ dataDir: data.dir, baseUrl: llm.url });
    await addEverything(target, ['get-sum', 'echo', 'get-tiny-image', 'trigger-long-running-operation', 'trigger-elicitation-request']);
    chatId = value(await target.api['chats.create']({})).id;
  });

  afterAll(async () => {
    await target.host.shutdown();
    await llm.close();
    data.remove();
  });

  it('runs a sum and an echo from one turn after the user allows each once, and sends both results in one user turn', async () => {
    value(await target.api['chat.send']({ chatId, text: 'What is 2 + 3? Also echo "hello switchboard".' }));
    const pending = await target.log.waitFor('approvals.changed', (list) => list.length === 2);
    expect(pending.map((p) => p.toolName).sort()).toEqual(['echo', 'get-sum']);
    expect(pending.every((p) => p.serverId === 'everything' && p.readOnly)).toBe(true);
    for (const p of pending) value(await target.api['approvals.answer']({ id: p.id, decision: 'allow_once' }));
    expect((await target.log.runEnd(chatId)).error).toBeUndefined();
    const results = toolResults(llm.messageRequests()[1]?.body ?? {});
    expect(results.map(toolResultText)).toEqual(['The sum of 2 and 3 is 5.', 'Echo: hello switchboard']);
    expect(results.every((r) => r.is_error === undefined)).toBe(true);
  });

  it('sends an image result to the model as an image block', async () => {
    const sent = value(await target.api['chat.send']({ chatId, text: 'Show me a tiny image.' }));
    expect(sent.messageId).toBeTruthy();
    const [approval] = await target.log.waitFor('approvals.changed', (list) => list.length === 1);
    value(await target.api['approvals.answer']({ id: approval!.id, decision: 'always_allow' }));
    await target.log.runEnd(chatId);
    const [image] = toolResults(llm.messageRequests()[3]?.body ?? {});
    const blocks = Array.isArray(image?.content) ? (image.content as { type: string; source?: { media_type: string } }[]) : [];
    expect(blocks.map((b) => b.type)).toEqual(['text', 'image', 'text']);
    expect(blocks[1]?.source?.media_type).toBe('image/png');
    const tools = value(await target.api['tools.list']({}));
    expect(tools.find((t) => t.toolName === 'get-tiny-image')?.approval).toBe('always_allow');
  });

  it('routes an elicitation from inside a tool call to the user, and the answer reaches the server', async () => {
    value(await target.api['chat.send']({ chatId, text: 'Ask me for my details.' }));
    const [approval] = await target.log.waitFor('approvals.changed', (list) => list.length === 1);
    value(await target.api['approvals.answer']({ id: approval!.id, decision: 'allow_once' }));
    const [elicitation] = (await target.log.waitFor('elicitations.delta', (delta) => delta.added.length === 1)).added;
    expect(elicitation).toMatchObject({ serverId: 'everything', mode: 'form', chatId });
    value(await target.api['elicitations.answer']({ id: elicitation!.id, answer: { action: 'accept', content: { name: 'Ada Lovelace', check: true } } }));
    expect((await target.log.runEnd(chatId)).error).toBeUndefined();
    expect(llm.messageRequests()[5]?.outcome).toBe('streamed');
  });

  it('auto-allows a read-only tool on a trusted server, shows its progress, and stops it on the user’s stop', async () => {
    value(await target.api['servers.setTrustReadOnly']({ id: 'everything', trust: true }));
    await waitForTools(target, ['trigger-long-running-operation']);
    value(await target.api['chat.send']({ chatId, text: 'Run the long job.' }));
    const progress = await target.log.waitFor('chat.stream', (e) => e.type === 'block' && e.block.type === 'tool_call' && (e.block.progress?.progress ?? 0) >= 1, 20_000);
    expect(progress.type === 'block' && progress.block.type === 'tool_call' ? progress.block.progress?.total : 0).toBe(60);
    value(await target.api['chat.stop']({ chatId }));
    const state = value(await target.api['chat.state']({ chatId }));
    expect(state.generating).toBe(false);
    const last = value(await target.api['chats.get']({ chatId })).messages.at(-1);
    expect(last?.status).toBe('stopped');
    expect(last?.blocks[0]).toEqual({ type: 'text', text: 'Starting the long job.' });
    expect((last?.blocks[1] as ToolCallBlock).status).toBe('cancelled');
  });

  it('pushed the events a renderer needs: the user message, deltas, blocks, approvals, run states', () => {
    const events: ChatStreamEvent[] = target.log.stream(chatId);
    expect(events.filter((e) => e.type === 'message' && e.message.role === 'user')).toHaveLength(4);
    expect(events.some((e) => e.type === 'tool_input_delta')).toBe(true);
    const text = events.filter((e) => e.type === 'text_delta').map((e) => (e.type === 'text_delta' ? e.text : '')).join('');
    expect(text).toContain('2 + 3 = 5 and the echo worked.');
    const states = events.filter((e) => e.type === 'run_state').map((e) => (e.type === 'run_state' ? e.state.generating : null));
    expect(states).toEqual([true, false, true, false, true, false, true, false]);
    expect(target.log.all.some((r) => r.event === 'chats.changed')).toBe(true);
  });

  it('reads the same history back from a new host on the same data folder', async () => {
    await target.host.shutdown();
    target = await startHost({ dataDir: data.dir, baseUrl: llm.url });
    const page = value(await target.api['chats.get']({ chatId }));
    expect(page.chat.title).toBe('What is 2 + 3? Also echo "hello switchboard".');
    expect(page.messages.map((m) => `${m.role}:${m.status}`)).toEqual([
      'user:complete', 'assistant:complete', 'assistant:complete',
      'user:complete', 'assistant:complete', 'assistant:complete',
      'user:complete', 'assistant:complete', 'assistant:complete',
      'user:complete', 'assistant:stopped',
    ]);
    const calls = page.messages.flatMap((m) => m.blocks).filter((b): b is ToolCallBlock => b.type === 'tool_call');
    expect(calls.map((c) => `${c.toolName}:${c.status}`)).toEqual(['get-sum:done', 'echo:done', 'get-tiny-image:done', 'trigger-elicitation-request:done', 'trigger-long-running-operation:cancelled']);
    expect(calls[0]?.result?.content).toEqual([{ type: 'text', text: 'The sum of 2 and 3 is 5.' }]);
    expect(calls[2]?.result?.content.map((c) => c.type)).toEqual(['text', 'image', 'text']);
    expect(JSON.stringify(calls[3]?.result)).toContain('Ada Lovelace');
    expect(page.messages[1]?.usage?.outputTokens).toBeGreaterThan(0);
    const markdown = value(await target.api['chats.export']({ chatId, format: 'markdown' }));
    expect(markdown.content).toContain('The sum of 2 and 3 is 5.');
    expect(markdown.filename).toMatch(/\.md$/);
  });
});
