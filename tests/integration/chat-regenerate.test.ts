/**
 * Regenerating a reply in the middle of a tool loop (its parent is the assistant turn that called a tool, not a user
 * message), through the chat module with real SQLite and the real SDK against the scripted server: the new reply is a
 * version beside the old one, the model is asked again with the tool call and its result but without the old answer,
 * and switching back shows the old answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlm, type ScriptedLlm } from '../fixtures/scriptedLlm/index.ts';
import { FakeTools, startEngine, tempDataDir, textResult, value, type Engine } from './chat-harness.ts';

const reply = (text: string) => ({ content: [{ type: 'text' as const, text }] });

interface SentBlock {
  type: string;
  text?: string;
  name?: string;
  content?: { type: string; text?: string }[];
}
// Each message the model was sent as "role: block, block", blocks as `text`, `tool_use:<name>` or `tool_result:<text>`.
function sentConversation(body: Record<string, unknown> | undefined): string[] {
  const messages = (body?.messages ?? []) as { role: string; content: string | SentBlock[] }[];
  return messages.map((m) => {
    const blocks = typeof m.content === 'string' ? [m.content] : m.content.map((b) => (b.type === 'text' ? (b.text ?? '') : b.type === 'tool_use' ? `tool_use:${b.name}` : `tool_result:${b.content?.map((c) => c.text).join('')}`));
    return `${m.role}: ${blocks.join(', ')}`;
  });
}

describe('regenerating a reply inside a tool loop', () => {
  let llm: ScriptedLlm;
  let data: ReturnType<typeof tempDataDir>;
  let engine: Engine;

  beforeAll(async () => {
    llm = await startScriptedLlm({
      apiKey: 'sk-test',
      script: [{ content: [{ type: 'text', text: 'Checking.' }, { type: 'tool_use', tool: 'echo', input: { message: 'hi' } }] }, reply('First answer.'), reply('Second answer.')],
    });
    data = tempDataDir('sb-regenerate-');
    engine = await startEngine({ dataDir: data.dir, tools: new FakeTools([{ name: 'echo', approval: 'always_allow', run: () => Promise.resolve(textResult('echoed hi')) }]), baseUrl: llm.url });
  }, 60_000);

  afterAll(async () => {
    await engine?.chat.shutdown();
    await llm?.close();
    data?.remove();
  });

  it('asks again from the tool result, keeps the old answer as the other version, and switches between them', async () => {
    const api = engine.chat.api;
    const chatId = value(await api['chats.create']({})).id;
    value(await api['chat.send']({ chatId, text: 'Echo hi' }));
    await engine.log.runEnd(chatId);
    const before = value(await api['chats.get']({ chatId })).messages;
    expect(before.map((m) => m.role)).toEqual(['user', 'assistant', 'assistant']);
    const [, toolTurn, firstAnswer] = before;
    if (!toolTurn || !firstAnswer) throw new Error('the conversation is incomplete');
    expect(firstAnswer.parentId).toBe(toolTurn.id);

    value(await api['chat.regenerate']({ chatId, messageId: firstAnswer.id }));
    await engine.log.runEnd(chatId);
    // The model got the question, the tool call and its result, and not the answer being replaced.
    expect(sentConversation(llm.messageRequests().at(-1)?.body)).toEqual(['user: Echo hi', 'assistant: Checking., tool_use:fake__echo', 'user: tool_result:echoed hi']);
    const after = value(await api['chats.get']({ chatId })).messages;
    expect(after.map((m) => m.blocks.find((b) => b.type === 'text')?.text)).toEqual(['Echo hi', 'Checking.', 'Second answer.']);
    const secondAnswer = after[2];
    expect(secondAnswer?.parentId).toBe(toolTurn.id);
    expect(secondAnswer?.siblings).toEqual([firstAnswer.id, secondAnswer?.id]);

    value(await api['chats.switchBranch']({ chatId, messageId: firstAnswer.id }));
    const switched = value(await api['chats.get']({ chatId })).messages;
    expect(switched.map((m) => m.id)).toEqual([before[0]?.id, toolTurn.id, firstAnswer.id]);
  });
});
