/**
 * A run's answers are written to the search index once, at the run's end (store/search/pendingIndex.ts): every turn's
 * text, tool arguments and results are found by history search by the time the window learns the run ended.
 */
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startScriptedLlm } from '../fixtures/scriptedLlm/index.ts';
import type { ChatStreamEvent } from '../../shared/chat.ts';
import { ChatRepository } from '../../electron/host/store/chatRepository.ts';
import { FakeTools, startEngine, tempDataDir, textResult, value } from './chat-harness.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('history search of a run', () => {
  it("finds every turn's text, tool arguments and results when the run's end is shown, written in one go", async () => {
    const llm = await startScriptedLlm({
      apiKey: 'sk-test',
      script: [
        { content: [{ type: 'text', text: 'Looking up the capybara.' }, { type: 'tool_use', tool: 'echo', input: { message: 'giant rodent' } }] },
        { expect: { toolResultCount: 1 }, content: [{ type: 'text', text: 'Pausing on the way.' }], stopReason: 'pause_turn' },
        { content: [{ type: 'text', text: 'The capybara is the largest rodent.' }] },
      ],
    });
    const data = tempDataDir();
    const tools = new FakeTools([{ name: 'echo', approval: 'always_allow', run: (args) => Promise.resolve(textResult(`Echo: ${String(args.message)} of South America`)) }]);
    const engine = await startEngine({ dataDir: data.dir, tools, baseUrl: llm.url });
    // A second connection sees what was committed, as a search from the window would.
    const reader = new DatabaseSync(join(data.dir, 'history.db'), { readOnly: true });
    cleanups.push(() => llm.close(), data.remove, () => engine.chat.shutdown(), () => reader.close());
    const chat = value(await engine.chat.api['chats.create']({}));
    const indexWrites = vi.spyOn(ChatRepository.prototype, 'indexPending');
    const hits = (text: string) => (reader.prepare('SELECT count(*) AS n FROM history_fts WHERE chat_id = ? AND history_fts MATCH ?').get(chat.id, `"${text}"`) as { n: number }).n;
    const atEnd: Record<string, number> = {};
    engine.events.subscribe((event, payload) => {
      const e = payload as ChatStreamEvent;
      if (event !== 'chat.stream' || e.type !== 'run_state' || e.state.generating) return;
      for (const text of ['capybara', 'giant rodent', 'of South America', 'Pausing on the way', 'largest rodent']) atEnd[text] = hits(text);
    });

    value(await engine.chat.api['chat.send']({ chatId: chat.id, text: 'Tell me about the capybara.' }));
    expect((await engine.log.runEnd(chat.id)).error).toBeUndefined();
    // The user's message and the first answer say "capybara"; the rest once each.
    expect(atEnd).toEqual({ capybara: 3, 'giant rodent': 1, 'of South America': 1, 'Pausing on the way': 1, 'largest rodent': 1 });
    expect(indexWrites).toHaveBeenCalledTimes(1);
    expect(value(await engine.chat.api['chats.list']({ query: 'South America' })).map((c) => c.id)).toEqual([chat.id]);
  });
});
