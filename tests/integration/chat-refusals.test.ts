/**
 * The chat calls' refusals through the chat module (real SQLite, real SDK against the scripted server): each carries
 * its host message code and parameters, which the window translates, and keeps its English in `message` and its
 * `field` for the form at fault.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError, Result } from '../../shared/errors.ts';
import { englishOf } from '../../shared/hostMessages.ts';
import { startScriptedLlm, type ScriptedLlm } from '../fixtures/scriptedLlm/index.ts';
import { FakeTools, startEngine, tempDataDir, textResult, value, type Engine } from './chat-harness.ts';

const reply = (text: string) => ({ content: [{ type: 'text' as const, text }] });

function refusal(result: Result<unknown>): AppError {
  if (result.ok) throw new Error('the call was not refused');
  // The English the logs keep is the sentence of the code.
  if (result.error.text) expect(result.error.message).toBe(englishOf(result.error.text));
  return result.error;
}

describe('chat refusals as host messages', () => {
  let llm: ScriptedLlm;
  let data: ReturnType<typeof tempDataDir>;
  let engine: Engine;
  let chatId = '';
  let userId = '';
  let replyId = '';

  beforeAll(async () => {
    // The second turn ends at max_tokens with a tool call it never asked to run.
    llm = await startScriptedLlm({ apiKey: 'sk-test', script: [reply('Hello.'), { content: [{ type: 'tool_use', tool: 'echo', input: {} }], stopReason: 'max_tokens' }] });
    data = tempDataDir('sb-refusals-');
    engine = await startEngine({ dataDir: data.dir, tools: new FakeTools([{ name: 'echo', run: () => Promise.resolve(textResult('echo')) }]), baseUrl: llm.url });
    chatId = value(await engine.chat.api['chats.create']({})).id;
    userId = value(await engine.chat.api['chat.send']({ chatId, text: 'Hi' })).messageId;
    await engine.log.runEnd(chatId);
    const page = value(await engine.chat.api['chats.get']({ chatId }));
    replyId = page.messages.find((m) => m.role === 'assistant')?.id ?? '';
  }, 60_000);

  afterAll(async () => {
    await engine?.chat.shutdown();
    await llm?.close();
    data?.remove();
  });

  it('names a chat that is gone, in every call that takes one', async () => {
    const api = engine.chat.api;
    const gone = { code: 'not_found', text: { code: 'chat.notFound', params: { chatId: 'gone' } } };
    expect(refusal(await api['chats.get']({ chatId: 'gone' }))).toMatchObject(gone);
    expect(refusal(await api['chat.send']({ chatId: 'gone', text: 'x' }))).toMatchObject(gone);
    expect(refusal(await api['chat.edit']({ chatId: 'gone', messageId: userId, text: 'x' }))).toMatchObject(gone);
    expect(refusal(await api['apps.setModelContext']({ chatId: 'gone', toolCallId: 't', serverId: 's', text: 'x' }))).toMatchObject(gone);
    expect(refusal(await api['chats.setToolScope']({ chatId: 'gone', scope: { excludedServers: [], excludedTools: [] } }))).toMatchObject({ code: 'not_found', text: { code: 'scope.chatGone' } });
    expect(refusal(await api['chats.toolPlan']({ chatId: 'gone' })).text?.code).toBe('scope.chatGone');
  });

  it('codes what a send, retry, continue or approval answer cannot do', async () => {
    const api = engine.chat.api;
    expect(refusal(await api['chat.send']({ chatId, text: '  ' }))).toMatchObject({ code: 'invalid_params', field: 'text', text: { code: 'chat.emptyMessage' } });
    const unreadable = refusal(await api['chat.send']({ chatId, text: 'see', attachments: [{ serverId: 'fake', uri: 'test://missing/a.txt' }] }));
    expect(unreadable).toMatchObject({
      code: 'not_found',
      field: 'attachments',
      // The server's own words stay a parameter, untranslated.
      text: { code: 'chat.attachmentUnreadable', params: { uri: 'test://missing/a.txt', server: 'fake', reason: 'no resource test://missing/a.txt' } },
    });
    // A refusal the host worded nests as its own code, so all of the sentence can be translated.
    const refused = refusal(await api['chat.send']({ chatId, text: 'see', attachments: [{ serverId: 'fake', uri: 'test://refused/a.txt' }] }));
    expect(refused).toMatchObject({
      code: 'server_not_ready',
      field: 'attachments',
      text: { code: 'chat.attachmentRefused', params: { uri: 'test://refused/a.txt', server: 'fake', reasonCode: 'call.notReady' } },
    });
    expect(refused.message).toBe('The attachment test://refused/a.txt could not be read from fake: The server "fake" is not ready yet (see its state in Servers).');
    expect(refusal(await api['chats.get']({ chatId, before: 'yesterday' }))).toMatchObject({ field: 'before', text: { code: 'chat.badCursor' } });
    expect(refusal(await api['chat.retry']({ chatId })).text?.code).toBe('chat.nothingToRetry');
    const empty = value(await api['chats.create']({})).id;
    expect(refusal(await api['chat.continue']({ chatId: empty })).text?.code).toBe('chat.nothingToContinue');
    expect(refusal(await api['approvals.answer']({ id: 'old', decision: 'allow_once' }))).toMatchObject({ code: 'not_found', text: { code: 'chat.approvalGone' } });
  });

  it('codes the branch refusals', async () => {
    const api = engine.chat.api;
    expect(refusal(await api['chat.edit']({ chatId, messageId: replyId, text: 'x' }))).toMatchObject({ field: 'messageId', text: { code: 'branch.editOwnOnly' } });
    expect(refusal(await api['chat.regenerate']({ chatId, messageId: userId }))).toMatchObject({ field: 'messageId', text: { code: 'branch.regenerateRepliesOnly' } });
    expect(refusal(await api['chat.edit']({ chatId, messageId: userId, text: '' }))).toMatchObject({ field: 'text', text: { code: 'branch.emptyMessage' } });
    expect(refusal(await api['chats.switchBranch']({ chatId, messageId: 'nope' }))).toMatchObject({ code: 'not_found', text: { code: 'branch.messageGone' } });
  });

  it('marks a tool call the answer ended before running with its code', async () => {
    const api = engine.chat.api;
    const other = value(await api['chats.create']({})).id;
    value(await api['chat.send']({ chatId: other, text: 'Echo something' }));
    await engine.log.runEnd(other);
    const answer = value(await api['chats.get']({ chatId: other })).messages.find((m) => m.role === 'assistant');
    const call = answer?.blocks.find((b) => b.type === 'tool_call');
    expect(call).toMatchObject({ status: 'cancelled', error: { code: 'cancelled', text: { code: 'chat.notRun' } } });
  });

  it("codes an app's context that is too long or not its own card's", async () => {
    const api = engine.chat.api;
    const long = refusal(await api['apps.setModelContext']({ chatId, toolCallId: 't', serverId: 's', text: 'x'.repeat(9000) }));
    expect(long).toMatchObject({ field: 'text', text: { code: 'apps.contextTooLong', params: { length: 9000, max: 8192 } } });
    const other = refusal(await api['apps.setModelContext']({ chatId, toolCallId: 't', serverId: 's', text: 'x' }));
    expect(other).toMatchObject({ code: 'not_found', text: { code: 'apps.notOwnCard', params: { toolCallId: 't', server: 's' } } });
  });
});
