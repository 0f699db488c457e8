/**
 * The API's compaction (compact_20260112) through the whole host with the scripted LLM: with API context management on
 * a model that supports it, the request asks for compaction (edit and beta header); a `compaction` block in an answer is
 * stored in the chat, sent back verbatim as the conversation's first block, and the messages it replaced are no longer
 * sent, also after the host restarts on the same SQLite file. A failed compaction (null content) is kept and sent back
 * in place while the host's own trimming keeps the request inside the window. Where compaction blocks cannot be sent
 * (context managed by the host) the summary goes as text instead.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { countTokens, startScriptedLlm, type MessagesBody, type ScriptedLlm } from '../fixtures/scriptedLlm/index.ts';
import { seedLongChat } from '../fixtures/longChat/seedLongChat.ts';
import { FakeTools, startEngine, startHost, tempDataDir, textResult, value, type Engine, type HostUnderTest } from './chat-harness.ts';

let llm: ScriptedLlm | undefined;
let target: HostUnderTest | undefined;
let data: ReturnType<typeof tempDataDir> | undefined;
let engine: Engine | undefined;
afterEach(async () => {
  await target?.host.shutdown();
  await engine?.chat.shutdown();
  engine = undefined;
  await llm?.close();
  data?.remove();
  target = undefined;
  llm = undefined;
});

const window = 20_000;
const maxTokens = 1_000;
const chatId = 'compacted-chat';
const summary = 'COMPACT-SUMMARY: the user read notes 0 to 9 and asked about file 7.';
const opaque = 'opaque-metadata-7f3a9c';

type Block = { type: string; text?: string; content?: unknown; encrypted_content?: unknown };
const blocksOf = (message: { content: unknown } | undefined): Block[] => (Array.isArray(message?.content) ? (message.content as Block[]) : []);
const streamed = (server: ScriptedLlm) => server.messageRequests().filter((r) => r.body?.stream === true);
const seededQuestions = (body: MessagesBody) => [...JSON.stringify(body.messages ?? []).matchAll(/Question \d+:/g)].length;
const lastUserText = (body: MessagesBody) => blocksOf(body.messages?.at(-1)).map((b) => b.text ?? '').join('\n');
const compactionBlocks = (body: MessagesBody) => (body.messages ?? []).flatMap((m) => blocksOf(m)).filter((b) => b.type === 'compaction');

async function start(settings: { contextManagement: 'api' | 'host' }): Promise<HostUnderTest> {
  if (!llm || !data) throw new Error('start the LLM and the data folder first');
  target = await startHost({ dataDir: data.dir, baseUrl: llm.url });
  value(await target.api['settings.update']({ contextWindow: window, maxTokens, contextManagement: settings.contextManagement }));
  return target;
}

async function send(host: HostUnderTest, text: string): Promise<void> {
  value(await host.api['chat.send']({ chatId, text }));
  const end = await host.log.runEnd(chatId);
  expect(end.error).toBeUndefined();
}

describe("the API's compaction", () => {
  it('is asked for, stored, sent back verbatim in place of the messages it replaced, and kept across a restart', async () => {
    data = tempDataDir('sb-compaction-');
    seedLongChat(data.dir, { chatId, turns: 10, userChars: 200, answerChars: 300, toolEvery: 3, resultChars: 400, model: 'claude-sonnet-4-6' });
    llm = await startScriptedLlm({
      apiKey: 'sk-test',
      script: [
        { content: [{ type: 'compaction', content: summary, encrypted_content: opaque }, { type: 'text', text: 'Answer after compacting.' }] },
        { content: [{ type: 'text', text: 'Second answer.' }] },
      ],
    });
    const host = await start({ contextManagement: 'api' });
    await send(host, 'Where were we?');

    const first = streamed(llm)[0];
    expect(first?.headers['anthropic-beta']).toContain('compact-2026-01-12');
    expect(first?.headers['anthropic-beta']).toContain('context-management-2025-06-27');
    const edits = (first?.body?.context_management as { edits?: { type: string; trigger?: { value: number } }[] } | undefined)?.edits ?? [];
    expect(edits.map((e) => e.type)).toEqual(['clear_tool_uses_20250919', 'compact_20260112']);
    // The API's lowest trigger; a 20K window would otherwise ask for less.
    expect(edits[1]?.trigger?.value).toBeGreaterThanOrEqual(50_000);
    expect(seededQuestions(first?.body ?? {})).toBe(10);

    // The answer keeps the compaction block, with its summary, where the user can see it.
    const page = value(await host.api['chats.get']({ chatId }));
    const answer = page.messages.at(-1);
    expect(answer?.blocks[0]).toEqual({ type: 'compaction', content: summary, apiFields: { encrypted_content: opaque } });

    await send(host, 'And after that?');
    const second = streamed(llm)[1]?.body ?? {};
    // The compaction block starts the conversation, as the API returned it; nothing it replaced is sent again.
    expect(second.messages?.[0]?.role).toBe('assistant');
    expect(blocksOf(second.messages?.[0])[0]).toEqual({ type: 'compaction', content: summary, encrypted_content: opaque });
    expect(compactionBlocks(second)).toHaveLength(1);
    expect(seededQuestions(second)).toBe(0);
    expect(JSON.stringify(second.messages)).not.toContain('Where were we?');
    expect(JSON.stringify(second.messages)).toContain('Answer after compacting.');
    expect(lastUserText(second)).toBe('And after that?');
    expect(value(await host.api['chat.context']({ chatId }))).toMatchObject({ apiContextManagement: true, apiCompaction: true });

    // A restart reads the compaction from the SQLite file: still sent first, still nothing older.
    await host.host.shutdown();
    llm.setScript([{ content: [{ type: 'text', text: 'Third answer.' }] }]);
    const again = await start({ contextManagement: 'api' });
    await send(again, 'Still there?');
    const third = streamed(llm)[2]?.body ?? {};
    expect(blocksOf(third.messages?.[0])[0]).toEqual({ type: 'compaction', content: summary, encrypted_content: opaque });
    expect(seededQuestions(third)).toBe(0);
    expect(JSON.stringify(third.messages)).toContain('Second answer.');
    expect(streamed(llm).every((r) => r.outcome === 'streamed')).toBe(true);
  });

  it('sends the summary as text when the host manages the context (no compaction blocks the request could not carry)', async () => {
    data = tempDataDir('sb-compaction-');
    seedLongChat(data.dir, { chatId, turns: 6, userChars: 200, answerChars: 300, toolEvery: 3, resultChars: 400, model: 'claude-sonnet-4-6' });
    llm = await startScriptedLlm({ apiKey: 'sk-test', script: [{ content: [{ type: 'compaction', content: summary, encrypted_content: opaque }, { type: 'text', text: 'Compacted.' }] }] });
    const api = await start({ contextManagement: 'api' });
    await send(api, 'Where were we?');
    await api.host.shutdown();

    llm.setScript([{ content: [{ type: 'text', text: 'Host-managed answer.' }] }]);
    const host = await start({ contextManagement: 'host' });
    await send(host, 'Go on.');
    const request = streamed(llm)[1];
    const body = request?.body ?? {};
    expect(request?.headers['anthropic-beta'] ?? '').not.toContain('compact-2026-01-12');
    expect(body.context_management).toBeUndefined();
    expect(compactionBlocks(body)).toHaveLength(0);
    expect(body.messages?.[0]?.role).toBe('user');
    expect(blocksOf(body.messages?.[0]).map((b) => b.text).join('\n')).toContain(summary);
    expect(seededQuestions(body)).toBe(0);
    expect(lastUserText(body)).toBe('Go on.');
  });

  it('keeps a failed compaction (null content) and sends it back in place, while the host keeps the request in the window', async () => {
    data = tempDataDir('sb-compaction-');
    // About 25K tokens: over the 19K the window leaves for input, so the host clears old tool results itself.
    seedLongChat(data.dir, { chatId, turns: 20, userChars: 300, answerChars: 600, toolEvery: 1, resultChars: 3_500, model: 'claude-sonnet-4-6' });
    llm = await startScriptedLlm({
      apiKey: 'sk-test',
      script: [
        { content: [{ type: 'compaction', content: null, encrypted_content: opaque }, { type: 'text', text: 'Answer after a failed compaction.' }] },
        { content: [{ type: 'text', text: 'Next answer.' }] },
      ],
    });
    const host = await start({ contextManagement: 'api' });
    await send(host, 'Where were we?');
    const page = value(await host.api['chats.get']({ chatId }));
    expect(page.messages.at(-1)?.blocks[0]).toEqual({ type: 'compaction', content: null, apiFields: { encrypted_content: opaque } });

    await send(host, 'And now?');
    const body = streamed(llm)[1]?.body ?? {};
    // Sent back as it came, in its own answer (a no-op for the API), and the older turns are still there.
    expect(compactionBlocks(body)).toEqual([{ type: 'compaction', content: null, encrypted_content: opaque }]);
    expect(seededQuestions(body)).toBeGreaterThan(0);
    expect(JSON.stringify(body.messages)).toContain('Where were we?');
    expect(countTokens(body) + (body.max_tokens ?? 0)).toBeLessThanOrEqual(window);
    expect(lastUserText(body)).toBe('And now?');
  });

  it('starts the next request of the same run with a compaction that came with a tool call', async () => {
    data = tempDataDir('sb-compaction-');
    seedLongChat(data.dir, { chatId, turns: 6, userChars: 200, answerChars: 300, toolEvery: 0, resultChars: 0, model: 'claude-sonnet-4-6' });
    llm = await startScriptedLlm({
      apiKey: 'sk-test',
      script: [
        { content: [{ type: 'compaction', content: summary, encrypted_content: opaque }, { type: 'tool_use', tool: 'lookup', input: { q: 'file 7' } }] },
        { expect: { hasToolResults: true }, content: [{ type: 'text', text: 'Done after the tool.' }] },
      ],
    });
    const tools = new FakeTools([{ name: 'lookup', approval: 'always_allow', run: () => Promise.resolve(textResult('file 7 is about walruses')) }]);
    engine = await startEngine({ dataDir: data.dir, tools, baseUrl: llm.url, settings: { contextManagement: 'api', model: 'claude-sonnet-4-6' } });
    value(await engine.chat.api['chat.send']({ chatId, text: 'Look it up.' }));
    expect((await engine.log.runEnd(chatId)).error).toBeUndefined();

    const second = streamed(llm)[1]?.body ?? {};
    expect(second.messages?.[0]?.role).toBe('assistant');
    expect(blocksOf(second.messages?.[0]).map((b) => b.type)).toEqual(['compaction', 'tool_use']);
    expect(blocksOf(second.messages?.[0])[0]).toEqual({ type: 'compaction', content: summary, encrypted_content: opaque });
    expect(seededQuestions(second)).toBe(0);
    expect(JSON.stringify(second.messages)).not.toContain('Look it up.');
    expect(JSON.stringify(second.messages?.at(-1))).toContain('file 7 is about walruses');
    expect(streamed(llm).every((r) => r.outcome === 'streamed')).toBe(true);
  });

  it('is not asked of a model that does not support it', async () => {
    data = tempDataDir('sb-compaction-');
    seedLongChat(data.dir, { chatId, turns: 2, userChars: 100, answerChars: 100, toolEvery: 0, resultChars: 0, model: 'claude-haiku-4-5' });
    llm = await startScriptedLlm({ apiKey: 'sk-test', script: [{ content: [{ type: 'text', text: 'ok' }] }] });
    const host = await start({ contextManagement: 'api' });
    await send(host, 'hello');
    const request = streamed(llm)[0];
    expect(request?.headers['anthropic-beta']).toContain('context-management-2025-06-27');
    expect(request?.headers['anthropic-beta']).not.toContain('compact-2026-01-12');
    const edits = (request?.body?.context_management as { edits?: { type: string }[] } | undefined)?.edits ?? [];
    expect(edits.map((e) => e.type)).toEqual(['clear_tool_uses_20250919']);
    expect(value(await host.api['chat.context']({ chatId }))?.apiCompaction).toBe(false);
  });

  it('asks again without it when the API refuses compaction for the model, and no longer asks that model', async () => {
    data = tempDataDir('sb-compaction-');
    seedLongChat(data.dir, { chatId, turns: 2, userChars: 100, answerChars: 100, toolEvery: 0, resultChars: 0, model: 'claude-sonnet-4-6' });
    llm = await startScriptedLlm({
      apiKey: 'sk-test',
      script: [
        { error: { status: 400, type: 'invalid_request_error', message: 'context_management.edits.1: compact_20260112 is not supported for this model' } },
        { content: [{ type: 'text', text: 'Answered without compaction.' }] },
        { content: [{ type: 'text', text: 'Second answer.' }] },
      ],
    });
    const host = await start({ contextManagement: 'api' });
    await send(host, 'hello');
    await send(host, 'again');
    const edits = (i: number) => ((streamed(llm!)[i]?.body?.context_management as { edits?: { type: string }[] } | undefined)?.edits ?? []).map((e) => e.type);
    expect(edits(0)).toContain('compact_20260112');
    expect(edits(1)).toEqual(['clear_tool_uses_20250919']);
    expect(edits(2)).toEqual(['clear_tool_uses_20250919']);
    expect(streamed(llm)[2]?.headers['anthropic-beta']).not.toContain('compact-2026-01-12');
    const messages = value(await host.api['chats.get']({ chatId })).messages;
    expect(messages.filter((m) => m.status === 'error')).toEqual([]);
    expect(JSON.stringify(messages)).toContain('Answered without compaction.');
  });
});
