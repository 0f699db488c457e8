/**
 * The chat loop end to end over an in-test tool registry (behaviours a real server cannot provoke on demand): the real
 * SDK against the scripted LLM, real SQLite, the real elicitation broker. The same flows against server-everything are
 * in chat-host.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ok } from '../../shared/errors.ts';
import type { ChatMessage, ToolCallBlock } from '../../shared/chat.ts';
import { startScriptedLlm, toolResults, toolResultText, type ScriptedLlm, type TurnSource } from '../fixtures/scriptedLlm/index.ts';
import { applyStreamEvent } from '../../renderer/src/features/chat/model/applyStreamEvent.ts';
import { FakeTools, startEngine, tempDataDir, textResult, value, type Engine } from './chat-harness.ts';

const tinyPng = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function setup(script: TurnSource[], tools: FakeTools, settings = {}): Promise<{ llm: ScriptedLlm; engine: Engine; dir: string }> {
  const llm = await startScriptedLlm({ script, apiKey: 'sk-test' });
  const data = tempDataDir();
  const engine = await startEngine({ dataDir: data.dir, tools, baseUrl: llm.url, settings });
  cleanups.push(() => llm.close(), data.remove, () => engine.chat.shutdown());
  return { llm, engine, dir: data.dir };
}

function calls(message: ChatMessage | undefined): ToolCallBlock[] {
  return (message?.blocks ?? []).filter((b): b is ToolCallBlock => b.type === 'tool_call');
}

describe('chat engine over an in-test registry', () => {
  it('streams text and thinking as events, stores usage, titles the chat, and marks prompt-cache breakpoints', async () => {
    const tools = new FakeTools([{ name: 'noop', run: () => Promise.resolve(textResult('ok')) }]);
    const { llm, engine } = await setup(
      [
        { content: [{ type: 'thinking', thinking: 'Short answer.', signature: 'sig' }, { type: 'text', text: 'Hello there, nice to meet you.' }] },
        { expect: { lastUserText: 'again' }, content: [{ type: 'text', text: 'Hello again.' }] },
      ],
      tools,
      { systemPrompt: 'Be brief.' },
    );
    const api = engine.chat.api;
    const chat = value(await api['chats.create']({}));
    value(await api['chat.send']({ chatId: chat.id, text: 'Say hello\nplease' }));
    expect((await engine.log.runEnd(chat.id)).error).toBeUndefined();
    const events = engine.log.stream(chat.id);
    expect(events.filter((e) => e.type === 'text_delta').map((e) => (e.type === 'text_delta' ? e.text : '')).join('')).toBe('Hello there, nice to meet you.');
    expect(events.some((e) => e.type === 'thinking_delta')).toBe(true);

    value(await api['chat.send']({ chatId: chat.id, text: 'and again' }));
    await engine.log.runEnd(chat.id);
    const page = value(await api['chats.get']({ chatId: chat.id }));
    expect(page.chat.title).toBe('Say hello');
    expect(page.messages.map((m) => `${m.role}:${m.status}`)).toEqual(['user:complete', 'assistant:complete', 'user:complete', 'assistant:complete']);
    const [, first, , second] = page.messages;
    expect(first?.blocks[0]).toMatchObject({ type: 'thinking', thinking: 'Short answer.', signature: 'sig' });
    expect(first?.usage?.cacheWriteTokens).toBeGreaterThan(0);
    expect(second?.usage?.cacheReadTokens).toBeGreaterThan(0);

    const [req1, req2] = llm.messageRequests();
    const body1 = req1?.body;
    expect(body1?.tools?.at(-1)?.cache_control).toEqual({ type: 'ephemeral' });
    expect(body1?.system).toEqual([{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }]);
    // Turn 2 sends turn 1 back (thinking with its signature) and marks the newest user turn.
    expect(JSON.stringify(req2?.body?.messages?.[1])).toContain('"signature":"sig"');
    expect(JSON.stringify(req2?.body?.messages?.at(-1))).toContain('"cache_control"');
    expect(req1?.headers.authorization ?? req1?.headers['x-api-key']).toBe('[redacted]');
  });

  it('runs two tool calls of one turn concurrently and sends both results back in one user turn', async () => {
    let running = 0;
    let overlap = false;
    // Each call waits (up to 5 s) for the other to start: calls run one after another never overlap, and calls run
    // together overlap however slowly the machine starts the second one (a fixed 50 ms window did not allow for that).
    const slow = (text: string) => async () => {
      running += 1;
      if (running > 1) overlap = true;
      const deadline = Date.now() + 5000;
      while (!overlap && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      running -= 1;
      return textResult(text);
    };
    const tools = new FakeTools([
      { name: 'add', approval: 'always_allow', run: slow('5') },
      { name: 'echo', approval: 'always_allow', run: slow('Echo: hi') },
      { name: 'image', approval: 'always_allow', run: () => Promise.resolve(ok({ content: [{ type: 'image' as const, data: tinyPng, mimeType: 'image/png' }, { type: 'audio' as const, data: 'AAAA', mimeType: 'audio/wav' }], isError: false })) },
      { name: 'structured', approval: 'always_allow', run: () => Promise.resolve(ok({ content: [], structuredContent: { temperature: 21 }, isError: false })) },
      { name: 'failing', approval: 'always_allow', run: () => Promise.resolve(textResult('disk full', true)) },
      { name: 'huge', approval: 'always_allow', run: () => Promise.resolve(textResult('x'.repeat(5000))) },
    ]);
    const { llm, engine } = await setup(
      [
        {
          content: [
            { type: 'text', text: 'Working on it.' },
            { type: 'tool_use', tool: 'add', input: { a: 2, b: 3 } },
            { type: 'tool_use', tool: 'echo', input: { message: 'hi' }, chunkSize: 2 },
          ],
        },
        { expect: { toolResultCount: 2 }, content: [{ type: 'tool_use', tool: 'image', input: {} }, { type: 'tool_use', tool: 'structured', input: {} }, { type: 'tool_use', tool: 'failing', input: {} }, { type: 'tool_use', tool: 'huge', input: {} }] },
        { expect: { toolResultCount: 4 }, content: [{ type: 'text', text: 'All done.' }] },
      ],
      tools,
      { toolResultLimit: 1000 },
    );
    const chat = value(await engine.chat.api['chats.create']({}));
    value(await engine.chat.api['chat.send']({ chatId: chat.id, text: 'use tools' }));
    expect((await engine.log.runEnd(chat.id)).error).toBeUndefined();
    expect(overlap).toBe(true);
    expect(tools.calls.map((c) => c.args)).toContainEqual({ a: 2, b: 3 });
    expect(tools.calls.every((c) => c.options.chatId === chat.id)).toBe(true);

    const [, second, third] = llm.messageRequests();
    const firstResults = toolResults(second?.body ?? {});
    expect(firstResults.map(toolResultText)).toEqual(['5', 'Echo: hi']);
    const [image, structured, failing, huge] = toolResults(third?.body ?? {});
    expect(image?.content).toEqual([
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: tinyPng } },
      { type: 'text', text: expect.stringContaining('audio clip (audio/wav') as string },
    ]);
    expect(toolResultText(structured!)).toContain('"temperature": 21');
    expect(failing?.is_error).toBe(true);
    expect(toolResultText(huge!)).toContain('Cut by Switchboard: this tool result has 5,000 characters and the limit is 1,000');
    expect(toolResultText(huge!).startsWith('x'.repeat(500))).toBe(true);
    expect(toolResultText(huge!).length).toBeLessThanOrEqual(1000);

    // History keeps the cut copy; the whole result is on disk for the user. tool_input deltas streamed in pieces.
    const page = value(await engine.chat.api['chats.get']({ chatId: chat.id }));
    const hugeCall = page.messages.flatMap(calls).find((c) => c.toolName === 'huge');
    expect(hugeCall?.fullResult).toEqual({ chars: 5000, format: 'text' });
    const full = value(await engine.chat.api['chats.toolResult']({ chatId: chat.id, toolCallId: hugeCall?.id ?? '' }));
    expect(full.content).toBe('x'.repeat(5000));
    expect(page.messages.flatMap(calls).map((c) => c.status)).toEqual(['done', 'done', 'done', 'done', 'error', 'done']);
    expect(engine.log.stream(chat.id).filter((e) => e.type === 'tool_input_delta').length).toBeGreaterThan(3);
  });

  it('the deltas and block events alone rebuild every answer the renderer shows (no later mutation leaks into events)', async () => {
    const tools = new FakeTools([{ name: 'echo', approval: 'always_allow', run: (args) => Promise.resolve(textResult(`Echo: ${String(args.message)}`)) }]);
    const { engine } = await setup(
      [
        { content: [{ type: 'thinking', thinking: 'Plan: echo twice.', signature: 's1' }, { type: 'text', text: 'Echoing twice.', chunkSize: 3 }, { type: 'tool_use', tool: 'echo', input: { message: 'a' } }, { type: 'tool_use', tool: 'echo', input: { message: 'b' } }] },
        { content: [{ type: 'text', text: 'Both echoes returned.', chunkSize: 4 }] },
      ],
      tools,
    );
    const chat = value(await engine.chat.api['chats.create']({}));
    value(await engine.chat.api['chat.send']({ chatId: chat.id, text: 'echo twice' }));
    await engine.log.runEnd(chat.id);
    // Keep only each message's first appearance: everything after must come from deltas and block events.
    const seen = new Set<string>();
    const events = engine.log.stream(chat.id).filter((e) => {
      if (e.type !== 'message') return true;
      if (seen.has(e.message.id)) return false;
      seen.add(e.message.id);
      return true;
    });
    // Each event shows the state at its time: an answer starts empty, a tool call starts with its input streaming.
    const firsts = events.filter((e) => e.type === 'message' && e.message.role === 'assistant');
    expect(firsts.map((e) => (e.type === 'message' ? [e.message.status, e.message.blocks.length] : []))).toEqual([['streaming', 0], ['streaming', 0]]);
    const callEvents = events.filter((e) => e.type === 'block' && e.block.type === 'tool_call');
    expect(callEvents.map((e) => (e.type === 'block' && e.block.type === 'tool_call' ? e.block.status : '')).slice(0, 2)).toEqual(['streaming_input', 'awaiting_approval']);
    const mirror = events.reduce((target, event) => applyStreamEvent(target, event), { messages: [] as ChatMessage[], run: { chatId: chat.id, generating: false } });
    const stored = value(await engine.chat.api['chats.get']({ chatId: chat.id })).messages;
    expect(mirror.messages.map((m) => m.blocks)).toEqual(stored.map((m) => m.blocks));
    expect(mirror.run.generating).toBe(false);
  });

  it('asks before running: allow once, deny (the model hears the user declined), always allow (persisted, not asked again)', async () => {
    const tools = new FakeTools([
      { name: 'write', annotations: { destructiveHint: true }, run: () => Promise.resolve(textResult('written')) },
      { name: 'read', annotations: { readOnlyHint: true }, run: () => Promise.resolve(textResult('read it')) },
    ]);
    const { llm, engine } = await setup(
      [
        { content: [{ type: 'tool_use', tool: 'write', input: { n: 1 } }, { type: 'tool_use', tool: 'read', input: {} }] },
        { content: [{ type: 'tool_use', tool: 'write', input: { n: 2 } }] },
        { content: [{ type: 'tool_use', tool: 'write', input: { n: 3 } }] },
        { content: [{ type: 'text', text: 'done' }] },
      ],
      tools,
    );
    const api = engine.chat.api;
    const chat = value(await api['chats.create']({}));
    value(await api['chat.send']({ chatId: chat.id, text: 'go' }));
    const pending = await engine.log.waitFor('approvals.changed', (list) => list.length === 2);
    const write = pending.find((p) => p.toolName === 'write');
    const read = pending.find((p) => p.toolName === 'read');
    expect(write).toMatchObject({ chatId: chat.id, destructive: true, readOnly: false, input: { n: 1 } });
    expect(read).toMatchObject({ destructive: false, readOnly: true });
    expect(value(await api['approvals.list']({}))).toHaveLength(2);
    value(await api['approvals.answer']({ id: write!.id, decision: 'allow_once' }));
    value(await api['approvals.answer']({ id: read!.id, decision: 'deny' }));
    expect((await api['approvals.answer']({ id: read!.id, decision: 'deny' })).ok).toBe(false);

    const second = await engine.log.waitFor('approvals.changed', (list) => list.length === 1);
    value(await api['approvals.answer']({ id: second[0]!.id, decision: 'always_allow' }));
    expect(tools.policies.get('write')).toBe('always_allow');
    await engine.log.runEnd(chat.id);
    expect(tools.calls.map((c) => c.args)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    const results = toolResults(llm.messageRequests()[1]?.body ?? {});
    expect(results.map(toolResultText)).toEqual(['written', 'The user declined to run this tool call.']);
    expect(results[1]?.is_error).toBe(true);
    const page = value(await api['chats.get']({ chatId: chat.id }));
    expect(page.messages.flatMap(calls).map((c) => c.status)).toEqual(['done', 'denied', 'done', 'done']);
  });

  it('stop during a slow stream keeps the text received, aborts the request and ends the message as stopped', async () => {
    const tools = new FakeTools([]);
    const { llm, engine } = await setup([{ content: [{ type: 'text', text: 'one two three four five six', chunkSize: 4 }], holdAfterEvents: 5 }], tools);
    const api = engine.chat.api;
    const chat = value(await api['chats.create']({}));
    value(await api['chat.send']({ chatId: chat.id, text: 'talk slowly' }));
    await engine.log.waitFor('chat.stream', (e) => e.type === 'text_delta' && e.text === 'thre');
    expect(value(await api['chat.state']({ chatId: chat.id })).generating).toBe(true);
    value(await api['chat.stop']({ chatId: chat.id }));
    expect(value(await api['chat.state']({ chatId: chat.id }))).toEqual({ chatId: chat.id, generating: false });
    const page = value(await api['chats.get']({ chatId: chat.id }));
    expect(page.messages.at(-1)).toMatchObject({ status: 'stopped', blocks: [{ type: 'text', text: 'one two thre' }] });
    // The server sees the dropped connection a moment later.
    await expect.poll(() => llm.messageRequests()[0]?.outcome).toBe('client_aborted');
  });

  it('stop while a tool runs and another waits for approval: the call gets the abort, the approval is cancelled', async () => {
    let aborted = false;
    const tools = new FakeTools([
      {
        name: 'long',
        approval: 'always_allow',
        run: (_args, options) =>
          new Promise((resolve) => {
            options.onProgress?.({ progress: 1, total: 10, message: 'step 1' });
            options.signal?.addEventListener('abort', () => {
              aborted = true;
              resolve({ ok: false, error: { code: 'cancelled', message: 'cancelled' } });
            });
          }),
      },
      { name: 'ask', run: () => Promise.resolve(textResult('never')) },
    ]);
    const { engine } = await setup([{ content: [{ type: 'tool_use', tool: 'long', input: {} }, { type: 'tool_use', tool: 'ask', input: {} }] }], tools);
    const api = engine.chat.api;
    const chat = value(await api['chats.create']({}));
    value(await api['chat.send']({ chatId: chat.id, text: 'start' }));
    await engine.log.waitFor('chat.stream', (e) => e.type === 'block' && e.block.type === 'tool_call' && e.block.progress?.message === 'step 1');
    await engine.log.waitFor('approvals.changed', (list) => list.length === 1, 20_000, true);
    value(await api['chat.stop']({ chatId: chat.id }));
    expect(aborted).toBe(true);
    expect(value(await api['approvals.list']({}))).toEqual([]);
    const last = value(await api['chats.get']({ chatId: chat.id })).messages.at(-1);
    expect(last?.status).toBe('stopped');
    expect(calls(last).map((c) => c.status)).toEqual(['cancelled', 'cancelled']);
  });

  it('max_tokens and refusal become notices; continue picks up after max_tokens; max turns stops a tool loop', async () => {
    const tools = new FakeTools([{ name: 'again', approval: 'always_allow', run: () => Promise.resolve(textResult('again')) }]);
    const { llm, engine } = await setup(
      [
        { content: [{ type: 'text', text: 'A long essay that gets cut' }], stopReason: 'max_tokens' },
        { expect: { lastUserText: 'continue' }, content: [{ type: 'text', text: ' and ends here.' }] },
        { content: [{ type: 'text', text: 'I cannot help with that.' }], stopReason: 'refusal' },
        { times: 2, content: [{ type: 'tool_use', tool: 'again', input: {} }] },
      ],
      tools,
      { maxTurns: 2 },
    );
    const api = engine.chat.api;
    const chat = value(await api['chats.create']({}));
    value(await api['chat.send']({ chatId: chat.id, text: 'write an essay' }));
    expect((await engine.log.runEnd(chat.id)).notice).toBe('max_tokens');
    value(await api['chat.continue']({ chatId: chat.id }));
    expect((await engine.log.runEnd(chat.id)).notice).toBeUndefined();
    value(await api['chat.send']({ chatId: chat.id, text: 'something bad' }));
    expect((await engine.log.runEnd(chat.id)).notice).toBe('refusal');
    value(await api['chat.send']({ chatId: chat.id, text: 'loop' }));
    expect((await engine.log.runEnd(chat.id)).notice).toBe('max_turns');
    expect(tools.calls).toHaveLength(2);
    expect(llm.messageRequests().every((r) => r.outcome === 'streamed')).toBe(true);
  });

  it('attaches resources read through the registry, and refuses an unreadable one without saving the message', async () => {
    const tools = new FakeTools([]);
    const { llm, engine } = await setup([{ content: [{ type: 'text', text: 'I read it.' }] }], tools);
    const api = engine.chat.api;
    const chat = value(await api['chats.create']({}));
    const bad = await api['chat.send']({ chatId: chat.id, text: 'see', attachments: [{ serverId: 'fake', uri: 'test://missing/x' }] });
    expect(bad.ok ? '' : bad.error.field).toBe('attachments');
    expect(value(await api['chats.get']({ chatId: chat.id })).messages).toEqual([]);
    value(await api['chat.send']({ chatId: chat.id, text: 'see this', attachments: [{ serverId: 'fake', uri: 'test://docs/readme.txt' }] }));
    await engine.log.runEnd(chat.id);
    expect(JSON.stringify(llm.messageRequests()[0]?.body?.messages)).toContain('contents of test://docs/readme.txt from fake');
    const user = value(await api['chats.get']({ chatId: chat.id })).messages[0];
    expect(user?.blocks[1]).toMatchObject({ type: 'attachment', serverId: 'fake', uri: 'test://docs/readme.txt', name: 'readme.txt' });
  });
});
