/**
 * Every API failure ends in a user-facing state with the right code and a next step, the user's message stays in
 * history, and Retry works once the cause is gone. Real SDK (with its retries) against the scripted LLM.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../shared/errors.ts';
import { startScriptedLlm, type ScriptedLlm, type TurnSource } from '../fixtures/scriptedLlm/index.ts';
import { createElicitationBroker } from '../../electron/host/elicitation/broker.ts';
import { createChatModule } from '../../electron/host/chat/chatModule.ts';
import { HostEventHub } from '../../electron/host/events.ts';
import { EventLog, FakeTools, startEngine, tempDataDir, testEnv, value, type Engine } from './chat-harness.ts';

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function setup(script: TurnSource[], options: { apiKey?: string | null; baseUrl?: string; llmOptions?: Parameters<typeof startScriptedLlm>[0] } = {}): Promise<{ llm: ScriptedLlm; engine: Engine; dataDir: string }> {
  const llm = await startScriptedLlm({ script, apiKey: 'sk-test', ...options.llmOptions });
  const data = tempDataDir();
  const engine = await startEngine({ dataDir: data.dir, tools: new FakeTools([]), baseUrl: options.baseUrl ?? llm.url, apiKey: options.apiKey === undefined ? 'sk-test' : options.apiKey });
  cleanups.push(() => llm.close(), data.remove, () => engine.chat.shutdown());
  return { llm, engine, dataDir: data.dir };
}

/** Sends one message, waits for the run to end, and checks the error code and that the user's message is kept. */
async function sendExpecting(engine: Engine, code: ErrorCode): Promise<string> {
  const api = engine.chat.api;
  const chat = value(await api['chats.create']({}));
  value(await api['chat.send']({ chatId: chat.id, text: 'my precious question' }));
  const state = await engine.log.runEnd(chat.id);
  expect(state.error?.code).toBe(code);
  expect(state.error?.message.length).toBeGreaterThan(20);
  expect(value(await api['chat.state']({ chatId: chat.id })).error?.code).toBe(code);
  const page = value(await api['chats.get']({ chatId: chat.id }));
  expect(page.messages[0]).toMatchObject({ role: 'user', blocks: [{ type: 'text', text: 'my precious question' }] });
  expect(page.messages[1]).toMatchObject({ role: 'assistant', status: 'error', error: { code } });
  return chat.id;
}

const answer: TurnSource = { content: [{ type: 'text', text: 'Recovered answer.' }] };

describe('chat errors', () => {
  it('401: invalid key, then retry after the user pastes a valid key', async () => {
    const { engine, llm } = await setup([answer], { apiKey: 'sk-wrong' });
    const chatId = await sendExpecting(engine, 'api_invalid_key');
    expect(llm.requests[0]?.outcome).toBe('unauthorized');
    value(await engine.chat.api['settings.setApiKey']({ apiKey: 'sk-test' }));
    value(await engine.chat.api['chat.retry']({ chatId }));
    expect((await engine.log.runEnd(chatId)).error).toBeUndefined();
    const page = value(await engine.chat.api['chats.get']({ chatId }));
    expect(page.messages.map((m) => m.status)).toEqual(['complete', 'error', 'complete']);
    // The failed attempt is not part of the conversation the model sees.
    expect(llm.messageRequests().at(-1)?.body?.messages).toHaveLength(1);
  });

  it('no key at all: api_key_missing, and settings never expose a key', async () => {
    const { engine } = await setup([answer], { apiKey: null });
    expect(value(await engine.chat.api['settings.get']({})).hasApiKey).toBe(false);
    await sendExpecting(engine, 'api_key_missing');
    const view = value(await engine.chat.api['settings.setApiKey']({ apiKey: 'sk-secret-value' }));
    expect(view.hasApiKey).toBe(true);
    expect(JSON.stringify(view)).not.toContain('sk-secret-value');
    expect(JSON.stringify(engine.log.all)).not.toContain('sk-secret-value');
  });

  it('403 forbidden and 404 model not found', async () => {
    const { engine } = await setup([{ error: { status: 403 } }, { error: { status: 404, message: 'model: nope' } }]);
    await sendExpecting(engine, 'api_forbidden');
    await sendExpecting(engine, 'api_model_not_found');
  });

  it('429 past the SDK retries (retry-after honoured) becomes api_rate_limited; retry then succeeds', async () => {
    const { engine, llm } = await setup([{ times: 3, error: { status: 429, retryAfterMs: 5 } }, answer]);
    const chatId = await sendExpecting(engine, 'api_rate_limited');
    expect(llm.messageRequests().filter((r) => r.outcome === 'http_error')).toHaveLength(3);
    value(await engine.chat.api['chat.retry']({ chatId }));
    expect((await engine.log.runEnd(chatId)).error).toBeUndefined();
  });

  it('529 overloaded, and an overloaded error event in the middle of a stream', async () => {
    const { engine } = await setup([
      { times: 3, error: { status: 529, retryAfterMs: 5 } },
      { content: [{ type: 'text', text: 'partial then overloaded' }], errorAfterEvents: { after: 3 } },
    ]);
    await sendExpecting(engine, 'api_overloaded');
    await sendExpecting(engine, 'api_overloaded');
  });

  it('a stream cut mid-message keeps the partial text with api_stream_cut; so does a stream that ends early', async () => {
    const { engine, llm } = await setup([
      { content: [{ type: 'text', text: 'The first words arrive and then the line drops', chunkSize: 5 }], cutAfterEvents: 5 },
      { content: [{ type: 'text', text: 'ends early' }], endAfterEvents: 3 },
      answer,
    ]);
    const chatId = await sendExpecting(engine, 'api_stream_cut');
    const failed = value(await engine.chat.api['chats.get']({ chatId })).messages[1];
    // Exactly what the renderer saw before the cut is kept.
    const seen = engine.log.stream(chatId).map((e) => (e.type === 'text_delta' ? e.text : '')).join('');
    expect(seen).toBe('The first words');
    expect(failed?.blocks[0]).toEqual({ type: 'text', text: seen });
    const second = await sendExpecting(engine, 'api_stream_cut');
    value(await engine.chat.api['chat.retry']({ chatId: second }));
    expect((await engine.log.runEnd(second)).error).toBeUndefined();
    expect(llm.messageRequests().map((r) => r.outcome)).toEqual(['stream_cut', 'stream_ended_early', 'streamed']);
  });

  it('network down: api_network naming the base URL', async () => {
    const { engine } = await setup([answer], { baseUrl: 'http://127.0.0.1:9' });
    const chatId = await sendExpecting(engine, 'api_network');
    expect(value(await engine.chat.api['chat.state']({ chatId })).error?.message).toContain('127.0.0.1:9');
  });

  it('retry refuses when nothing failed; send refuses while a chat is answering', async () => {
    const { engine } = await setup([answer, { content: [{ type: 'text', text: 'slow' }], holdAfterEvents: 2 }]);
    const api = engine.chat.api;
    const chat = value(await api['chats.create']({}));
    value(await api['chat.send']({ chatId: chat.id, text: 'hi' }));
    await engine.log.runEnd(chat.id);
    expect((await api['chat.retry']({ chatId: chat.id })).ok).toBe(false);
    value(await api['chat.send']({ chatId: chat.id, text: 'slowly' }));
    const busy = await api['chat.send']({ chatId: chat.id, text: 'again' });
    expect(busy.ok ? '' : busy.error.message).toContain('still answering');
    value(await api['chat.stop']({ chatId: chat.id }));
  });

  it('models.list comes from the API, and falls back to typed ids when the endpoint fails', async () => {
    const { engine } = await setup([]);
    const listed = value(await engine.chat.api['models.list']({}));
    expect(listed.fromApi).toBe(true);
    expect(listed.models[0]).toEqual({ id: 'claude-sonnet-5-5', displayName: 'Claude Sonnet 5.5' });
    const other = await setup([], { llmOptions: { modelsErrorStatus: 404 } });
    const fallback = value(await other.engine.chat.api['models.list']({}));
    expect(fallback.fromApi).toBe(false);
    expect(fallback.models.length).toBeGreaterThan(2);
  });

  it('an unexpected failure inside a run (the key store cannot be read) ends the answer in an error, not left streaming', async () => {
    const data = tempDataDir();
    const events = new HostEventHub();
    const log = new EventLog(events);
    const env = { ...testEnv(data.dir), secrets: { kind: 'file' as const, get: () => Promise.reject(new Error('secrets file damaged')), set: () => Promise.resolve(), delete: () => Promise.resolve() } };
    const chat = await createChatModule({ env, events, tools: new FakeTools([]), elicitations: createElicitationBroker(events) });
    cleanups.push(data.remove, () => chat.shutdown());
    const created = value(await chat.api['chats.create']({}));
    value(await chat.api['chat.send']({ chatId: created.id, text: 'my precious question' }));
    const state = await log.runEnd(created.id);
    expect(state.error?.message).toContain('secrets file damaged');
    const page = value(await chat.api['chats.get']({ chatId: created.id }));
    expect(page.messages.map((m) => [m.role, m.status])).toEqual([['user', 'complete'], ['assistant', 'error']]);
    const shown = log.stream(created.id).filter((e) => e.type === 'message' && e.message.role === 'assistant').at(-1);
    expect(shown?.type === 'message' ? shown.message.status : undefined).toBe('error');
  });
});
