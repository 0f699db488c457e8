/**
 * How often a tool turn writes history: each SQLite commit cost more than the rest of an unpaced turn (bench `chat`,
 * docs/benchmarks.md), so saves that land in one burst share one commit, and a tool call is saved before it is shown.
 * The answer read back is whole all the same.
 */
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startScriptedLlm } from '../fixtures/scriptedLlm/index.ts';
import { FakeTools, startEngine, tempDataDir, textResult, value } from './chat-harness.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('chat history writes', () => {
  it('a turn with text and one tool call commits once per block, once for the call starting, once when it ends', async () => {
    const llm = await startScriptedLlm({
      apiKey: 'sk-test',
      script: [
        { content: [{ type: 'text', text: 'Let me echo that.' }, { type: 'tool_use', tool: 'echo', input: { message: 'hi' } }] },
        { expect: { toolResultCount: 1 }, content: [{ type: 'text', text: 'Done.' }] },
      ],
    });
    const data = tempDataDir();
    const tools = new FakeTools([{ name: 'echo', approval: 'always_allow', run: (args) => Promise.resolve(textResult(`Echo: ${String(args.message)}`)) }]);
    const engine = await startEngine({ dataDir: data.dir, tools, baseUrl: llm.url });
    cleanups.push(() => llm.close(), data.remove, () => engine.chat.shutdown());
    const chat = value(await engine.chat.api['chats.create']({}));

    const exec = vi.spyOn(DatabaseSync.prototype, 'exec');
    value(await engine.chat.api['chat.send']({ chatId: chat.id, text: 'Echo hi.' }));
    const state = await engine.log.runEnd(chat.id);
    const commits = exec.mock.calls.filter(([sql]) => sql === 'COMMIT').length;
    exec.mockRestore();

    expect(state.error).toBeUndefined();
    // Tool turn: insert, text block, tool_use block, the turn's end with the call starting (one write, was two), the
    // call's result, the turn complete; answer turn: insert, text block, complete; plus the user's message. 10 in all,
    // 11 before the saver.
    expect(commits).toBeLessThanOrEqual(10);
    const page = value(await engine.chat.api['chats.get']({ chatId: chat.id }));
    const [, toolTurn, answer] = page.messages;
    expect(toolTurn?.blocks).toMatchObject([
      { type: 'text', text: 'Let me echo that.' },
      { type: 'tool_call', toolName: 'echo', status: 'done', result: { content: [{ type: 'text', text: 'Echo: hi' }] } },
    ]);
    expect(toolTurn?.status).toBe('complete');
    expect(answer).toMatchObject({ status: 'complete', blocks: [{ type: 'text', text: 'Done.' }] });
  });
});
