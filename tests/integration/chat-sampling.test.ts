/**
 * Sampling (item 5 of issue 10) through the whole host: the scripted model calls server-everything's
 * trigger-sampling-request, the server sends sampling/createMessage back, the user sees the request on a card in that
 * chat (server, messages, system prompt, max tokens), edits and allows it, sees the answer, and sends it back; the
 * scripted LLM answers the sampling request itself (non-streaming, without the chat's tools). Then a denial, and a
 * server whose "always allow sampling" switch is on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PendingSampling } from '../../shared/sampling.ts';
import { startScriptedLlm, toolResults, toolResultText, type ScriptedLlm } from '../fixtures/scriptedLlm/index.ts';
import { everythingScript, startHost, tempDataDir, value, waitForTools, type HostUnderTest } from './chat-harness.ts';

describe('sampling requests from server-everything (2025 era) through the host', () => {
  let llm: ScriptedLlm;
  let data: ReturnType<typeof tempDataDir>;
  let target: HostUnderTest;
  let chatId = '';

  const samplingCall = (prompt: string) => ({ content: [{ type: 'tool_use' as const, tool: 'trigger-sampling-request', input: { prompt, maxTokens: 50 } }] });
  const allowTool = async () => {
    const [approval] = await target.log.waitFor('approvals.changed', (list) => list.length === 1, 60_000);
    value(await target.api['approvals.answer']({ id: approval!.id, decision: 'allow_once' }));
  };
  const waitCard = async (stage: PendingSampling['stage']) => {
    const list = await target.log.waitFor('sampling.changed', (pending) => pending.length === 1 && pending[0]?.stage === stage, 60_000);
    return list[0]!;
  };
  const lastToolResult = () => {
    const requests = llm.messageRequests();
    return toolResultText(toolResults(requests[requests.length - 1]?.body ?? {})[0]!);
  };

  beforeAll(async () => {
    llm = await startScriptedLlm({
      apiKey: 'sk-test',
      script: [
        samplingCall('a haiku about switches'),
        { expect: { stream: false, lastUserText: 'a haiku about switches' }, content: [{ type: 'text', text: 'Switches click softly' }] },
        { expect: { toolResultsContain: ['Switches click softly'] }, content: [{ type: 'text', text: 'The server got its haiku.' }] },
        samplingCall('something I will refuse'),
        { expect: { hasToolResults: true }, content: [{ type: 'text', text: 'The sampling was denied.' }] },
        samplingCall('no questions asked'),
        { expect: { stream: false }, content: [{ type: 'text', text: 'Answered without a card' }] },
        { expect: { toolResultsContain: ['Answered without a card'] }, content: [{ type: 'text', text: 'Done.' }] },
      ],
    });
    data = tempDataDir('sb-sampling-');
    target = await startHost({ dataDir: data.dir, baseUrl: llm.url });
    value(await target.api['servers.add']({ name: 'everything', config: { command: process.execPath, args: [everythingScript, 'stdio'] } }));
    // server-everything registers its sampling tool only for clients that declare sampling.
    await waitForTools(target, ['trigger-sampling-request'], 60_000);
    chatId = value(await target.api['chats.create']({})).id;
  }, 120_000);

  afterAll(async () => {
    await target.host.shutdown();
    await llm.close();
    data.remove();
  });

  it('shows the request in the chat, runs the edited request through the app provider without tools, shows the answer, then returns it', async () => {
    value(await target.api['chat.send']({ chatId, text: 'Ask the server to sample a haiku.' }));
    await allowTool();
    const request = await waitCard('request');
    expect(request).toMatchObject({ serverId: 'everything', chatId, maxTokens: 50, systemPrompt: 'You are a helpful test server.' });
    expect(request.messages).toEqual([{ role: 'user', text: 'Resource trigger-sampling-request context: a haiku about switches', editable: true }]);
    value(await target.api['sampling.answer']({ id: request.id, answer: { action: 'allow', edit: { systemPrompt: 'Answer in five words.', maxTokens: 20 } } }));

    const result = await waitCard('result');
    expect(result.result).toMatchObject({ text: 'Switches click softly', model: 'claude-sonnet-5-5' });
    // Nothing has gone back to the server yet: the chat's model has had only the first request and the sampling one.
    expect(llm.messageRequests()).toHaveLength(2);
    const sampled = llm.messageRequests()[1]!.body as { system?: string; max_tokens?: number; tools?: unknown; stream?: boolean };
    expect(sampled).toMatchObject({ system: 'Answer in five words.', max_tokens: 20 });
    expect(sampled.tools).toBeUndefined();
    expect(sampled.stream).not.toBe(true);
    value(await target.api['sampling.answer']({ id: result.id, answer: { action: 'allow' } }));

    expect((await target.log.runEnd(chatId, 60_000)).error).toBeUndefined();
    expect(lastToolResult()).toContain('Switches click softly');
    expect(value(await target.api['sampling.list']({}))).toEqual([]);
  });

  it('a denied request reaches the server as an error and the model never sees a sampled answer', async () => {
    const before = llm.messageRequests().length;
    value(await target.api['chat.send']({ chatId, text: 'Try sampling again.' }));
    await allowTool();
    const request = await waitCard('request');
    value(await target.api['sampling.answer']({ id: request.id, answer: { action: 'deny' } }));
    expect((await target.log.runEnd(chatId, 60_000)).error).toBeUndefined();
    // The tool call and the answer after it: no sampling request reached the provider.
    expect(llm.messageRequests().length - before).toBe(2);
    expect(lastToolResult()).toMatch(/denied/i);
  });

  it('with "always allow sampling" on, the request runs without a card (and is still answered)', async () => {
    const server = value(await target.api['servers.list']({})).find((view) => view.id === 'everything');
    expect(server).toBeDefined();
    value(await target.api['servers.update']({ id: 'everything', config: { command: process.execPath, args: [everythingScript, 'stdio'], allowSampling: true } }));
    value(await target.api['chat.send']({ chatId, text: 'Sample once more.' }));
    await allowTool();
    expect((await target.log.runEnd(chatId, 60_000)).error).toBeUndefined();
    expect(lastToolResult()).toContain('Answered without a card');
    // Cards were shown only in the first two tests (request + result, then request): none for this one.
    const shown = target.log.all.filter((record) => record.event === 'sampling.changed' && (record.payload as PendingSampling[]).length > 0);
    expect(shown).toHaveLength(3);
  });
});
