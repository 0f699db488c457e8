/**
 * Approval paths through the whole host with server-everything: ask then allow once (asked again next time), deny
 * (the model hears the user declined, the server never runs it), always allow (persisted: a restarted host does not ask).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolCallBlock } from '../../shared/chat.ts';
import { startScriptedLlm, toolResults, toolResultText, type ScriptedLlm } from '../fixtures/scriptedLlm/index.ts';
import { addEverything, startHost, tempDataDir, value, waitForTools, type HostUnderTest } from './chat-harness.ts';

const echoTurn = (message: string) => ({ content: [{ type: 'tool_use' as const, tool: 'echo', input: { message } }] });
const done = { content: [{ type: 'text' as const, text: 'ok' }] };

describe('tool approvals through the host', () => {
  let llm: ScriptedLlm;
  let data: ReturnType<typeof tempDataDir>;
  let target: HostUnderTest;
  let chatId = '';

  beforeAll(async () => {
    llm = await startScriptedLlm({
      apiKey: 'sk-test',
      script: [echoTurn('first'), done, echoTurn('second'), done, echoTurn('third'), done, echoTurn('after restart'), done],
    });
    data = tempDataDir();
    target = await startHost({ dataDir: data.dir, baseUrl: llm.url });
    await addEverything(target, ['echo']);
    chatId = value(await target.api['chats.create']({})).id;
  });

  afterAll(async () => {
    await target.host.shutdown();
    await llm.close();
    data.remove();
  });

  async function sendAndAnswer(text: string, decision: 'allow_once' | 'deny' | 'always_allow'): Promise<void> {
    value(await target.api['chat.send']({ chatId, text }));
    const [approval] = await target.log.waitFor('approvals.changed', (list) => list.length === 1);
    expect(approval).toMatchObject({ chatId, serverId: 'everything', toolName: 'echo' });
    value(await target.api['approvals.answer']({ id: approval!.id, decision }));
    await target.log.runEnd(chatId);
  }

  it('allow once runs the call and asks again next time', async () => {
    await sendAndAnswer('echo first', 'allow_once');
    expect(toolResults(llm.messageRequests()[1]?.body ?? {}).map(toolResultText)).toEqual(['Echo: first']);
    expect(value(await target.api['tools.list']({})).find((t) => t.toolName === 'echo')?.approval).toBe('ask');
  });

  it('deny: the server never runs it and the model hears that the user declined', async () => {
    await sendAndAnswer('echo second', 'deny');
    const [result] = toolResults(llm.messageRequests()[3]?.body ?? {});
    expect(result?.is_error).toBe(true);
    expect(toolResultText(result!)).toBe('The user declined to run this tool call.');
    const calls = value(await target.api['chats.get']({ chatId })).messages.flatMap((m) => m.blocks).filter((b): b is ToolCallBlock => b.type === 'tool_call');
    expect(calls.at(-1)).toMatchObject({ status: 'denied', input: { message: 'second' } });
    expect(calls.at(-1)?.result).toBeUndefined();
  });

  it('always allow persists across a host restart: the next call runs without asking', async () => {
    await sendAndAnswer('echo third', 'always_allow');
    expect(toolResults(llm.messageRequests()[5]?.body ?? {}).map(toolResultText)).toEqual(['Echo: third']);
    await target.host.shutdown();

    target = await startHost({ dataDir: data.dir, baseUrl: llm.url });
    await waitForTools(target, ['echo']);
    expect(value(await target.api['tools.list']({})).find((t) => t.toolName === 'echo')?.approval).toBe('always_allow');
    const asked: unknown[] = [];
    target.host.events.subscribe((event, payload) => {
      if (event === 'approvals.changed' && Array.isArray(payload) && payload.length > 0) asked.push(payload);
    });
    value(await target.api['chat.send']({ chatId, text: 'echo after restart' }));
    expect((await target.log.runEnd(chatId)).error).toBeUndefined();
    expect(asked).toEqual([]);
    expect(toolResults(llm.messageRequests()[7]?.body ?? {}).map(toolResultText)).toEqual(['Echo: after restart']);
  });
});
