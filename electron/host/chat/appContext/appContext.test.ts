/**
 * ui/update-model-context reaches the model visibly (issue 13): a context set through the contract is added to the
 * user's next message as a labelled text block, stored in history, and sent to the scripted LLM exactly as shown; a
 * newer context from the same card replaces the older; it is used once; only a card of the app's server in that chat
 * may set one, and never more than the cap.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedLlm, type ScriptedLlm } from '../../../../tests/fixtures/scriptedLlm/index.ts';
import { FakeTools, startEngine, tempDataDir, textResult, value, type Engine } from '../../../../tests/integration/chat-harness.ts';

interface SentMessage {
  role: string;
  content: string | { type: string; text?: string }[];
}

function userTexts(body: unknown): string[][] {
  const messages = ((body as { messages?: SentMessage[] }).messages ?? []).filter((m) => m.role === 'user');
  return messages.map((m) => (typeof m.content === 'string' ? [m.content] : m.content.flatMap((b) => (b.type === 'text' && b.text !== undefined ? [b.text] : []))));
}

describe('app model context', () => {
  let llm: ScriptedLlm | undefined;
  let engine: Engine | undefined;
  let data: ReturnType<typeof tempDataDir> | undefined;

  afterEach(async () => {
    await engine?.chat.shutdown();
    await llm?.close();
    data?.remove();
  });

  it('adds the latest context of an app card to the next user message, as shown, once', async () => {
    llm = await startScriptedLlm({
      apiKey: 'sk-test',
      script: [
        { content: [{ type: 'tool_use', tool: 'show', input: {} }] },
        { expect: { toolResultCount: 1 }, content: [{ type: 'text', text: 'Shown.' }] },
        { content: [{ type: 'text', text: 'Noted.' }] },
        { content: [{ type: 'text', text: 'Again.' }] },
      ],
    });
    data = tempDataDir('sb-appctx-');
    engine = await startEngine({ dataDir: data.dir, baseUrl: llm.url, tools: new FakeTools([{ name: 'show', approval: 'always_allow', run: () => Promise.resolve(textResult('an app')) }]) });
    const api = engine.chat.api;
    const chatId = value(await api['chats.create']({})).id;
    value(await api['chat.send']({ chatId, text: 'open the app' }));
    expect((await engine.log.runEnd(chatId)).error).toBeUndefined();
    const card = value(await api['chats.get']({ chatId })).messages.flatMap((m) => m.blocks).find((b) => b.type === 'tool_call');
    if (card?.type !== 'tool_call') throw new Error('no tool call');

    // Another server's name, an unknown card and an oversized text are refused: nothing is kept.
    expect(await api['apps.setModelContext']({ chatId, toolCallId: card.id, serverId: 'other', text: 'x' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await api['apps.setModelContext']({ chatId, toolCallId: 'nope', serverId: 'fake', text: 'x' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect((await api['apps.setModelContext']({ chatId, toolCallId: card.id, serverId: 'fake', text: 'y'.repeat(8193) })).ok).toBe(false);

    value(await api['apps.setModelContext']({ chatId, toolCallId: card.id, serverId: 'fake', text: 'Selected: row 1' }));
    value(await api['apps.setModelContext']({ chatId, toolCallId: card.id, serverId: 'fake', text: 'Selected: row 2' }));
    value(await api['chat.send']({ chatId, text: 'what did I pick?' }));
    expect((await engine.log.runEnd(chatId)).error).toBeUndefined();

    const shown = 'Context from the fake app:\nSelected: row 2';
    const third = llm.messageRequests()[2];
    expect(userTexts(third?.body).at(-1)).toEqual(['what did I pick?', shown]);
    expect(JSON.stringify(third?.body)).not.toContain('row 1');
    // Stored in the user's message, so the window shows it and exports carry it.
    const page = value(await api['chats.get']({ chatId }));
    const user = page.messages.filter((m) => m.role === 'user').at(-1);
    expect(user?.blocks).toEqual([{ type: 'text', text: 'what did I pick?' }, { type: 'text', text: shown }]);
    expect(JSON.stringify(value(await api['chats.export']({ chatId, format: 'markdown' })))).toContain('Selected: row 2');

    // Used once: the next message carries no new context block.
    value(await api['chat.send']({ chatId, text: 'and now?' }));
    expect((await engine.log.runEnd(chatId)).error).toBeUndefined();
    expect(userTexts(llm.messageRequests()[3]?.body).at(-1)).toEqual(['and now?']);
  }, 90_000);
});
