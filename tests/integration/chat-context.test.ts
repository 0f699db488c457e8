/**
 * Long chats through the whole host with the scripted LLM: a history larger than the model's window is sent trimmed
 * (under the window, newest turn whole, every tool_use with its tool_result, the oldest results replaced by the
 * placeholder); when clearing is not enough, older turns are summarized once by a real request, stored, and reused by
 * the next send; a failed summary leaves messages out with a notice, never silently; the API's context management
 * is requested when set to 'api'.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { countTokens, startScriptedLlm, type MessagesBody, type ScriptedLlm } from '../fixtures/scriptedLlm/index.ts';
import { seedLongChat, toolCallId } from '../fixtures/longChat/seedLongChat.ts';
import { clearedResultText } from '../../electron/host/chat/context/trimPolicy.ts';
import { droppedNotice } from '../../electron/host/chat/context/contextManager.ts';
import { startHost, tempDataDir, value, type HostUnderTest } from './chat-harness.ts';

let llm: ScriptedLlm | undefined;
let target: HostUnderTest | undefined;
let data: ReturnType<typeof tempDataDir> | undefined;
afterEach(async () => {
  await target?.host.shutdown();
  await llm?.close();
  data?.remove();
  target = undefined;
  llm = undefined;
});

const window = 20_000;
const maxTokens = 1_000;
const chatId = 'long-chat';

type Block = { type: string; id?: string; tool_use_id?: string; text?: string; content?: unknown };
const blocksOf = (message: { content: unknown }): Block[] => (Array.isArray(message.content) ? (message.content as Block[]) : [{ type: 'text', text: String(message.content) }]);

// Every tool_use is answered by a tool_result in the very next (user) message, and no tool_result is orphaned.
function pairsIntact(body: MessagesBody): boolean {
  const messages = body.messages ?? [];
  return messages.every((message, i) => {
    const uses = blocksOf(message).filter((b) => b.type === 'tool_use').map((b) => b.id);
    const answered = new Set(blocksOf(messages[i + 1] ?? { content: [] }).filter((b) => b.type === 'tool_result').map((b) => b.tool_use_id));
    const results = blocksOf(message).filter((b) => b.type === 'tool_result').map((b) => b.tool_use_id);
    const asked = new Set(blocksOf(messages[i - 1] ?? { content: [] }).filter((b) => b.type === 'tool_use').map((b) => b.id));
    return uses.every((id) => answered.has(id)) && results.every((id) => asked.has(id));
  });
}

const resultTextOf = (body: MessagesBody, id: string): string => JSON.stringify((body.messages ?? []).flatMap(blocksOf).find((b) => b.type === 'tool_result' && b.tool_use_id === id) ?? null);
const firstUserText = (body: MessagesBody): string => blocksOf(body.messages?.[0] ?? { content: [] }).map((b) => b.text ?? '').join('\n');
const lastUserText = (body: MessagesBody): string => blocksOf(body.messages?.at(-1) ?? { content: [] }).map((b) => b.text ?? '').join('\n');
const streamed = (llmServer: ScriptedLlm) => llmServer.messageRequests().filter((r) => r.body?.stream === true);
const summaries = (llmServer: ScriptedLlm) => llmServer.messageRequests().filter((r) => r.body?.stream !== true);

async function start(settings: { contextManagement?: 'auto' | 'api' | 'host' } = {}): Promise<HostUnderTest> {
  if (!llm || !data) throw new Error('start the LLM and the data folder first');
  target = await startHost({ dataDir: data.dir, baseUrl: llm.url });
  value(await target.api['settings.update']({ contextWindow: window, maxTokens, contextManagement: settings.contextManagement ?? 'host' }));
  return target;
}

async function send(host: HostUnderTest, text: string): Promise<void> {
  value(await host.api['chat.send']({ chatId, text }));
  const end = await host.log.runEnd(chatId);
  expect(end.error).toBeUndefined();
}

describe('long chats stay inside the context window', () => {
  it('clears the oldest tool results first, keeping the request under the window and the newest turn whole', async () => {
    data = tempDataDir('sb-context-');
    // 20 turns, each with a ~1,000-token tool result: about 25K tokens, over the 19K the window leaves for input.
    seedLongChat(data.dir, { chatId, turns: 20, userChars: 300, answerChars: 600, toolEvery: 1, resultChars: 3_500 });
    llm = await startScriptedLlm({ apiKey: 'sk-test', script: [{ match: { stream: true }, content: [{ type: 'text', text: 'Here is what comes next.' }] }] });
    const host = await start();
    await send(host, 'What should I read next?');

    const [request] = streamed(llm);
    const body = request?.body ?? {};
    expect(summaries(llm)).toHaveLength(0);
    expect(countTokens(body) + (body.max_tokens ?? 0)).toBeLessThanOrEqual(window);
    expect(lastUserText(body)).toBe('What should I read next?');
    expect(pairsIntact(body)).toBe(true);
    // The oldest result is cleared, the newest ones are sent whole.
    expect(resultTextOf(body, toolCallId(0))).toContain(clearedResultText);
    expect(resultTextOf(body, toolCallId(19))).toContain('Contents of file 19');
    expect(resultTextOf(body, toolCallId(19))).not.toContain(clearedResultText);
    // Near the limit the API's count_tokens checked the estimate.
    expect(llm.requests.some((r) => r.outcome === 'count_tokens')).toBe(true);

    const usage = value(await host.api['chat.context']({ chatId }));
    expect(usage).toMatchObject({ windowTokens: window, reservedTokens: maxTokens, counted: 'api', summarizedMessages: 0, droppedMessages: 0 });
    expect(usage?.clearedToolResults).toBeGreaterThan(0);
    expect(usage?.inputTokens).toBeLessThanOrEqual(window - maxTokens);
  });

  it('summarizes older turns once with a real request, stores the summary and reuses it on the next send', async () => {
    data = tempDataDir('sb-context-');
    // 60 turns of ~1,100 tokens of text each: even with every old tool result cleared, far over the window.
    seedLongChat(data.dir, { chatId, turns: 60, userChars: 1_500, answerChars: 2_500, toolEvery: 3, resultChars: 3_500 });
    llm = await startScriptedLlm({
      apiKey: 'sk-test',
      script: [
        { match: { stream: false }, content: [{ type: 'text', text: 'SUMMARY-ONE: the user read many notes files; open question about file 40.' }] },
        { match: { stream: true }, content: [{ type: 'text', text: 'First answer.' }] },
        { match: { stream: true }, content: [{ type: 'text', text: 'Second answer.' }] },
      ],
    });
    const host = await start();
    await send(host, 'Where were we?');
    await send(host, 'And after that?');

    // One summary request, with older turns in its transcript.
    expect(summaries(llm)).toHaveLength(1);
    const summaryPrompt = lastUserText(summaries(llm)[0]?.body ?? {});
    const summarized = [...summaryPrompt.matchAll(/Question (\d+):/g)].map((m) => m[0]);
    expect(summarized.length).toBeGreaterThan(3);
    expect(summaryPrompt.includes('Where were we?')).toBe(false);

    const [first, second] = streamed(llm).map((r) => r.body ?? {});
    for (const [body, text] of [[first, 'Where were we?'], [second, 'And after that?']] as const) {
      expect(body).toBeDefined();
      if (!body) continue;
      expect(countTokens(body) + (body.max_tokens ?? 0)).toBeLessThanOrEqual(window);
      expect(firstUserText(body)).toContain('SUMMARY-ONE');
      expect(firstUserText(body)).toMatch(/^\[Summary of the \d+ earlier messages/);
      expect(lastUserText(body)).toBe(text);
      expect(pairsIntact(body)).toBe(true);
      // The summarized turns are not sent again.
      expect(summarized.filter((q) => JSON.stringify(body.messages).includes(q))).toEqual([]);
    }
    const usage = value(await host.api['chat.context']({ chatId }));
    expect(usage?.summarizedMessages).toBeGreaterThan(0);
    // The oldest turns were more than one summary request reads: counted as left out, and the model is told.
    expect(usage?.droppedMessages).toBeGreaterThan(0);
    expect(firstUserText(second ?? {})).toContain(`the oldest ${usage?.droppedMessages} of them were too many to summarize`);

    // After a restart the stored summary is reused, not recomputed.
    await host.host.shutdown();
    llm.setScript([{ match: { stream: true }, content: [{ type: 'text', text: 'Third answer.' }] }]);
    const again = await start();
    await send(again, 'Still there?');
    expect(summaries(llm)).toHaveLength(1);
    expect(firstUserText(streamed(llm).at(-1)?.body ?? {})).toContain('SUMMARY-ONE');
  });

  it('leaves older messages out with a notice when the summary request fails', async () => {
    data = tempDataDir('sb-context-');
    seedLongChat(data.dir, { chatId, turns: 60, userChars: 1_500, answerChars: 2_500, toolEvery: 3, resultChars: 3_500 });
    llm = await startScriptedLlm({
      apiKey: 'sk-test',
      script: [
        { match: { stream: false }, times: 3, error: { status: 500, message: 'summary unavailable' } },
        { match: { stream: true }, content: [{ type: 'text', text: 'Answer without a summary.' }] },
      ],
    });
    const host = await start();
    await send(host, 'Where were we?');
    const body = streamed(llm)[0]?.body ?? {};
    const usage = value(await host.api['chat.context']({ chatId }));
    expect(usage?.droppedMessages).toBeGreaterThan(0);
    expect(firstUserText(body)).toContain(droppedNotice(usage?.droppedMessages ?? -1));
    expect(countTokens(body) + (body.max_tokens ?? 0)).toBeLessThanOrEqual(window);
    expect(pairsIntact(body)).toBe(true);
    expect(lastUserText(body)).toBe('Where were we?');
  });

  it("asks for the API's clear_tool_uses context management with its beta header when set to 'api'", async () => {
    data = tempDataDir('sb-context-');
    seedLongChat(data.dir, { chatId, turns: 4, userChars: 100, answerChars: 100, toolEvery: 1, resultChars: 500 });
    llm = await startScriptedLlm({ apiKey: 'sk-test', script: [{ content: [{ type: 'text', text: 'ok' }] }] });
    const host = await start({ contextManagement: 'api' });
    await send(host, 'hello');
    const request = streamed(llm)[0];
    expect(request?.headers['anthropic-beta']).toContain('context-management-2025-06-27');
    // (The seeded model also supports compaction, so compact_20260112 follows: chat-compaction.test.ts.)
    const edits = (request?.body?.context_management as { edits?: { type: string }[] } | undefined)?.edits ?? [];
    expect(edits.find((edit) => edit.type === 'clear_tool_uses_20250919')).toMatchObject({ trigger: { type: 'input_tokens' }, keep: { type: 'tool_uses', value: 3 } });
    expect(value(await host.api['chat.context']({ chatId }))?.apiContextManagement).toBe(true);
  });
});
