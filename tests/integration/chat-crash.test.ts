/**
 * Crash safety: the host runs in a child process and is killed (SIGKILL) in the middle of a streamed answer. A new host
 * on the same data folder finds the user's message and every block that had finished, the unfinished answer marked
 * as interrupted, and nothing of the block that was in flight.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import type { ChatStreamEvent } from '../../shared/chat.ts';
import { silentLogger } from '../../electron/host/environment.ts';
import { openHistoryDatabase } from '../../electron/host/store/database.ts';
import { ChatRepository } from '../../electron/host/store/chatRepository.ts';
import { startScriptedLlm, toolResults, toolResultText, type ScriptedLlm } from '../fixtures/scriptedLlm/index.ts';
import { startHost, tempDataDir, value, type HostUnderTest } from './chat-harness.ts';

let child: ChildProcess | undefined;
let llm: ScriptedLlm | undefined;
let reopened: HostUnderTest | undefined;
let data: ReturnType<typeof tempDataDir> | undefined;

/** Starts the host in a child process that prints its chat events as JSON lines, with a reader of its stderr so far. */
function startChild(dir: string, llmUrl: string): { running: ChildProcess; stderrOf: () => string } {
  const running = spawn(process.execPath, [join(import.meta.dirname, 'chat-crash-child.ts'), dir, llmUrl], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  running.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return { running, stderrOf: () => stderr };
}
afterEach(async () => {
  child?.kill('SIGKILL');
  await reopened?.host.shutdown();
  await llm?.close();
  data?.remove();
});

describe('crash mid-stream', () => {
  it('keeps history up to the last completed block', async () => {
    const story = 'Once upon a time, a host streamed an answer. '.repeat(4);
    llm = await startScriptedLlm({
      apiKey: 'sk-test',
      script: [
        {
          content: [
            { type: 'thinking', thinking: 'A story, then.', signature: 'sig-story' },
            { type: 'text', text: story, chunkSize: 60 },
            { type: 'text', text: 'The second part never finishes because the power goes out', chunkSize: 6 },
          ],
          // message_start, thinking (start, delta, signature, stop), text (start, 3 deltas, stop), then 3 deltas of block 2.
          holdAfterEvents: 14,
        },
      ],
    });
    data = tempDataDir();
    const started = startChild(data.dir, llm.url);
    child = started.running;
    const { stderrOf } = started;
    const events: ChatStreamEvent[] = [];
    let chatId = '';
    await new Promise<void>((resolve, reject) => {
      child?.once('exit', (code) => reject(new Error(`child exited early (${code}): ${stderrOf()}`)));
      setTimeout(() => reject(new Error(`no mid-stream point reached; events ${events.length}; stderr: ${stderrOf()}`)), 30_000).unref();
      createInterface({ input: child!.stdout! }).on('line', (line) => {
        const event = JSON.parse(line) as ChatStreamEvent;
        events.push(event);
        chatId = event.chatId;
        // Two deltas into the third block: blocks 0 and 1 are finished (and persisted), block 2 is in flight.
        if (events.filter((e) => e.type === 'text_delta' && e.index === 2).length >= 2) resolve();
      });
    });
    child.removeAllListeners('exit');
    child.kill('SIGKILL');
    await new Promise((resolve) => child?.once('exit', resolve));

    reopened = await startHost({ dataDir: data.dir, baseUrl: llm.url });
    const page = value(await reopened.api['chats.get']({ chatId }));
    expect(page.messages[0]).toMatchObject({ role: 'user', status: 'complete', blocks: [{ type: 'text', text: 'Tell me a long story.' }] });
    const answer = page.messages[1];
    expect(answer?.blocks).toEqual([
      { type: 'thinking', thinking: 'A story, then.', signature: 'sig-story' },
      { type: 'text', text: story },
    ]);
    expect(answer?.status).toBe('error');
    expect(answer?.error?.message).toContain('closed while this answer was being written');
    expect(answer?.error?.text).toEqual({ code: 'chat.interrupted' });
    expect(value(await reopened.api['chat.state']({ chatId }))).toMatchObject({ generating: false, error: { code: 'cancelled' } });
    expect(page.chat.title).toBe('Tell me a long story.');
    // What was kept is found: by history search (indexed when the next start closed the answer) and by in-chat find.
    expect(value(await reopened.api['chats.list']({ query: 'host streamed' })).map((c) => c.id)).toEqual([chatId]);
    expect(value(await reopened.api['chats.find']({ chatId, query: 'host streamed' })).total).toBe(4);
  });

  it('a crash after a turn ended and before its run ended loses no search document: the next start writes it', async () => {
    llm = await startScriptedLlm({
      apiKey: 'sk-test',
      script: [
        // The run continues after a paused turn; that turn's search document waits for the run's end.
        { content: [{ type: 'text', text: 'The first turn is about the narwhal.' }], stopReason: 'pause_turn' },
        { content: [{ type: 'text', text: 'The second turn never ends because the power goes out', chunkSize: 6 }], holdAfterEvents: 5 },
      ],
    });
    data = tempDataDir();
    const started = startChild(data.dir, llm.url);
    child = started.running;
    const { stderrOf } = started;
    let chatId = '';
    await new Promise<void>((resolve, reject) => {
      child?.once('exit', (code) => reject(new Error(`child exited early (${code}): ${stderrOf()}`)));
      setTimeout(() => reject(new Error(`the second turn never streamed; stderr: ${stderrOf()}`)), 30_000).unref();
      let firstShownComplete = false;
      createInterface({ input: child!.stdout! }).on('line', (line) => {
        const event = JSON.parse(line) as ChatStreamEvent;
        chatId = event.chatId;
        // Shown complete means committed complete (nothing is shown before it is saved).
        if (event.type === 'message' && event.message.status === 'complete' && event.message.role === 'assistant') firstShownComplete = true;
        if (firstShownComplete && event.type === 'text_delta' && event.text.length > 0 && !event.text.includes('narwhal')) resolve();
      });
    });
    child.removeAllListeners('exit');
    child.kill('SIGKILL');
    await new Promise((resolve) => child?.once('exit', resolve));

    reopened = await startHost({ dataDir: data.dir, baseUrl: llm.url });
    expect(value(await reopened.api['chats.list']({ query: 'narwhal' })).map((c) => c.id)).toEqual([chatId]);
    const page = value(await reopened.api['chats.get']({ chatId }));
    expect(page.messages.map((m) => m.status)).toEqual(['complete', 'complete', 'error']);
    // The run's turn end left the chat's update time to the run's end; closing the cut answer at the start writes it.
    expect(page.chat.updatedAt).toBe(Math.max(...page.messages.map((m) => m.updatedAt)));
  });

  it('a crash while tools ran keeps the finished results for the model; Retry resumes from them', async () => {
    llm = await startScriptedLlm({ apiKey: 'sk-test', script: [{ expect: { toolResultCount: 2 }, content: [{ type: 'text', text: 'Picking up.' }] }] });
    data = tempDataDir();
    // The state a killed host leaves: the answer's stream had ended with tool_use, one call done, one still running.
    const { db } = openHistoryDatabase(join(data.dir, 'history.db'), silentLogger);
    const repo = new ChatRepository(db);
    repo.createChat('c1', 'Tools', 'claude-sonnet-5-5', 1);
    repo.insertMessage({ id: 'u1', chatId: 'c1', role: 'user', blocks: [{ type: 'text', text: 'do both' }], status: 'complete', createdAt: 2, updatedAt: 2 });
    const call = { type: 'tool_call' as const, exposedName: 'everything__echo', serverId: 'everything', toolName: 'echo', destructive: false };
    repo.insertMessage({
      id: 'a1', chatId: 'c1', role: 'assistant', status: 'streaming', stopReason: 'tool_use', createdAt: 3, updatedAt: 3,
      blocks: [
        { ...call, id: 'toolu_done', input: { message: 'one' }, status: 'done', result: { content: [{ type: 'text', text: 'Echo: one' }], isError: false } },
        { ...call, id: 'toolu_running', input: { message: 'two' }, status: 'running', startedAt: 3 },
      ],
    });
    db.close();

    reopened = await startHost({ dataDir: data.dir, baseUrl: llm.url });
    const answer = value(await reopened.api['chats.get']({ chatId: 'c1' })).messages[1];
    expect(answer?.status).toBe('stopped');
    expect(answer?.blocks.map((b) => (b.type === 'tool_call' ? b.status : b.type))).toEqual(['done', 'cancelled']);
    expect(value(await reopened.api['chat.state']({ chatId: 'c1' })).error?.code).toBe('cancelled');
    value(await reopened.api['chat.retry']({ chatId: 'c1' }));
    expect((await reopened.log.runEnd('c1')).error).toBeUndefined();
    const results = toolResults(llm.messageRequests()[0]?.body ?? {});
    expect(results.map(toolResultText)).toEqual(['Echo: one', 'The tool call did not finish: the user stopped it.']);
  });
});
