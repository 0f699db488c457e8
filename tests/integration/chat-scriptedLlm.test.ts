/** The scripted LLM fixture, driven by the real @anthropic-ai/sdk: wire format, recording, errors, cuts, caching. */
import { afterEach, describe, expect, it } from 'vitest';
import Anthropic from '@anthropic-ai/sdk';
import { startScriptedLlm, toolResults, type ScriptedLlm } from '../fixtures/scriptedLlm/index.ts';

let llm: ScriptedLlm | undefined;
afterEach(async () => {
  await llm?.close();
  llm = undefined;
});

const client = (url: string, apiKey = 'sk-test', maxRetries = 2) => new Anthropic({ apiKey, baseURL: url, maxRetries, logLevel: 'off' });
const tools = [
  { name: 'everything__get-sum', description: 'adds', input_schema: { type: 'object' as const, properties: {} } },
  { name: 'everything__echo', description: 'echo', input_schema: { type: 'object' as const, properties: {} } },
];

describe('scripted LLM', () => {
  it('streams thinking, text and tool_use with split JSON that the SDK reassembles', async () => {
    llm = await startScriptedLlm({
      script: [
        {
          content: [
            { type: 'thinking', thinking: 'I should add.', signature: 'sig-1' },
            { type: 'text', text: 'Adding now.' },
            { type: 'tool_use', tool: 'get-sum', id: 'toolu_1', input: { a: 2, b: 3 }, chunkSize: 3 },
            { type: 'tool_use', tool: 'echo', input: { message: 'hi' } },
          ],
        },
      ],
    });
    const raw: string[] = [];
    const stream = client(llm.url).messages.stream({ model: 'm', max_tokens: 100, tools, messages: [{ role: 'user', content: 'sum' }] });
    stream.on('streamEvent', (event) => {
      raw.push(event.type === 'content_block_delta' ? event.delta.type : event.type);
    });
    const message = await stream.finalMessage();
    expect(message.stop_reason).toBe('tool_use');
    expect(message.content.map((b) => b.type)).toEqual(['thinking', 'text', 'tool_use', 'tool_use']);
    const [thinking, , sum, echo] = message.content;
    expect(thinking).toMatchObject({ thinking: 'I should add.', signature: 'sig-1' });
    expect(sum).toMatchObject({ id: 'toolu_1', name: 'everything__get-sum', input: { a: 2, b: 3 } });
    expect(echo).toMatchObject({ name: 'everything__echo', input: { message: 'hi' } });
    expect(raw.filter((t) => t === 'input_json_delta').length).toBeGreaterThan(4);
    expect(raw).toContain('signature_delta');
    expect(raw.at(-1)).toBe('message_stop');
    expect(llm.requests[0]?.headers.authorization).toBe('[redacted]');
    expect(llm.requests[0]?.outcome).toBe('streamed');
  });

  it('records tool_result blocks and checks expectations, answering 400 when one fails', async () => {
    llm = await startScriptedLlm({
      script: [
        { expect: { toolResultsContain: ['5'] }, content: [{ type: 'text', text: 'ok' }] },
        { expect: { toolResultsContain: ['never'] }, content: [{ type: 'text', text: 'unreachable' }] },
      ],
    });
    const messages: Anthropic.MessageParam[] = [
      { role: 'user', content: 'sum' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'x', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: 'The sum is 5' }] }] },
    ];
    const sdk = client(llm.url);
    const first = await sdk.messages.create({ model: 'm', max_tokens: 10, messages });
    expect(first.content[0]).toMatchObject({ type: 'text', text: 'ok' });
    expect(toolResults(llm.requests[0]?.body ?? {})[0]?.tool_use_id).toBe('t1');
    await expect(sdk.messages.create({ model: 'm', max_tokens: 10, messages })).rejects.toMatchObject({ status: 400 });
    expect(llm.requests[1]?.outcome).toBe('assertion_failed');
    expect(llm.requests[1]?.problems[0]).toContain('never');
  });

  it('answers 401 for a wrong key, 429 with retry-after (after the SDK retries), 529, and lists models', async () => {
    llm = await startScriptedLlm({
      apiKey: 'sk-right',
      script: [
        { times: 2, error: { status: 429, retryAfterMs: 5 } },
        { error: { status: 529 } },
      ],
    });
    await expect(client(llm.url, 'sk-wrong').messages.create({ model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'x' }] })).rejects.toBeInstanceOf(Anthropic.AuthenticationError);
    const sdk = client(llm.url, 'sk-right', 1);
    await expect(sdk.messages.create({ model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'x' }] })).rejects.toBeInstanceOf(Anthropic.RateLimitError);
    expect(llm.requests.filter((r) => r.outcome === 'http_error')).toHaveLength(2);
    await expect(client(llm.url, 'sk-right', 0).messages.create({ model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({ status: 529 });
    const models = await sdk.models.list();
    expect(models.data.map((m) => m.id)).toContain('claude-sonnet-5-5');
  });

  it('cuts a stream mid-message, ends one early, and sends an SSE error event', async () => {
    llm = await startScriptedLlm({
      script: [
        { content: [{ type: 'text', text: 'a long answer that will be cut' }], cutAfterEvents: 3 },
        { content: [{ type: 'text', text: 'ended early' }], endAfterEvents: 3 },
        { content: [{ type: 'text', text: 'overloaded mid-way' }], errorAfterEvents: { after: 2 } },
      ],
    });
    const sdk = client(llm.url, 'k', 0);
    const run = async () => {
      const seen: string[] = [];
      const stream = await sdk.messages.create({ model: 'm', max_tokens: 10, stream: true, messages: [{ role: 'user', content: 'x' }] });
      for await (const event of stream) seen.push(event.type);
      return seen;
    };
    await expect(run()).rejects.toThrow();
    const early = await run();
    expect(early).not.toContain('message_stop');
    await expect(run()).rejects.toMatchObject({ type: 'overloaded_error' });
    expect(llm.requests.map((r) => r.outcome)).toEqual(['stream_cut', 'stream_ended_early', 'stream_error']);
  });

  it('holds a slow stream until the client aborts, and records the abort', async () => {
    llm = await startScriptedLlm({ script: [{ content: [{ type: 'text', text: 'slow words '.repeat(10), chunkSize: 5 }], eventDelayMs: 5, holdAfterEvents: 4 }] });
    const controller = new AbortController();
    const texts: string[] = [];
    const stream = await client(llm.url).messages.create({ model: 'm', max_tokens: 10, stream: true, messages: [{ role: 'user', content: 'x' }] }, { signal: controller.signal });
    for await (const event of stream) {
      if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') {
        texts.push(event.delta.text);
        controller.abort();
      }
    }
    expect(texts).toEqual(['slow ']);
    // The server sees the dropped connection a moment later.
    await expect.poll(() => llm?.requests[0]?.outcome).toBe('client_aborted');
  });

  it('simulates prompt caching: the second turn reads the first turn’s cached prefix', async () => {
    llm = await startScriptedLlm({ script: [{ content: [{ type: 'text', text: 'one' }] }, { content: [{ type: 'text', text: 'two' }] }] });
    const sdk = client(llm.url);
    const system = [{ type: 'text' as const, text: 'You are helpful. '.repeat(50), cache_control: { type: 'ephemeral' as const } }];
    const turn1: Anthropic.MessageParam[] = [{ role: 'user', content: [{ type: 'text', text: 'first question', cache_control: { type: 'ephemeral' } }] }];
    const a = await sdk.messages.create({ model: 'm', max_tokens: 10, system, messages: turn1 });
    expect(a.usage.cache_read_input_tokens).toBe(0);
    expect(a.usage.cache_creation_input_tokens).toBeGreaterThan(0);
    const turn2: Anthropic.MessageParam[] = [
      { role: 'user', content: [{ type: 'text', text: 'first question' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'one' }] },
      { role: 'user', content: [{ type: 'text', text: 'second question', cache_control: { type: 'ephemeral' } }] },
    ];
    const b = await sdk.messages.create({ model: 'm', max_tokens: 10, system, messages: turn2 });
    expect(b.usage.cache_read_input_tokens).toBe((a.usage.cache_creation_input_tokens ?? 0) + (a.usage.cache_read_input_tokens ?? 0));
    expect(b.usage.cache_creation_input_tokens).toBeGreaterThan(0);
  });

  it('loads the shipped script files', async () => {
    llm = await startScriptedLlm({ script: 'hello.json' });
    const message = await client(llm.url).messages.stream({ model: 'm', max_tokens: 100, messages: [{ role: 'user', content: 'hello' }] }).finalMessage();
    expect(message.content.map((b) => b.type)).toEqual(['thinking', 'text']);
    llm.setScript('tools-everything.json');
    expect(llm.remaining()).toBe(2);
    llm.setScript('errors.json');
    expect(llm.remaining()).toBe(8);
  });
});
