/**
 * A run's answers are written to the search index once, a moment after the run's end, with other runs'
 * (store/search/pendingIndexTimer.ts), not on the way to the window learning that the run ended: a history search
 * writes what waits first, so every turn's text, tool arguments and results are found as soon as the run ends.
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

// The three-turn run every case makes: a tool call, a pause, an answer; "capybara" in the send and the first answer.
async function capybaraRun() {
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
  // A second connection sees what was committed, as the next start would.
  const reader = new DatabaseSync(join(data.dir, 'history.db'), { readOnly: true });
  let shutDown = false;
  const shutdown = async () => {
    shutDown = true;
    await engine.chat.shutdown();
  };
  cleanups.push(() => llm.close(), data.remove, () => (shutDown ? undefined : engine.chat.shutdown()), () => reader.close());
  const chat = value(await engine.chat.api['chats.create']({}));
  const hits = (text: string) => (reader.prepare('SELECT count(*) AS n FROM history_fts WHERE chat_id = ? AND history_fts MATCH ?').get(chat.id, `"${text}"`) as { n: number }).n;
  const everyHit = () => Object.fromEntries(['capybara', 'giant rodent', 'of South America', 'Pausing on the way', 'largest rodent'].map((text) => [text, hits(text)]));
  const waiting = () => (reader.prepare('SELECT count(*) AS n FROM search_pending').get() as { n: number }).n;
  // What history held for search when the window learned the run ended.
  const atEnd = { documents: -1, waiting: -1 };
  engine.events.subscribe((event, payload) => {
    const e = payload as ChatStreamEvent;
    if (event !== 'chat.stream' || e.type !== 'run_state' || e.state.generating) return;
    atEnd.documents = Object.values(everyHit()).reduce((a, b) => a + b, 0);
    atEnd.waiting = waiting();
  });
  const indexWrites = vi.spyOn(ChatRepository.prototype, 'indexPending');
  value(await engine.chat.api['chat.send']({ chatId: chat.id, text: 'Tell me about the capybara.' }));
  expect((await engine.log.runEnd(chat.id)).error).toBeUndefined();
  return { engine, chat, everyHit, waiting, atEnd, indexWrites, shutdown };
}

// The user's message and the first answer say "capybara"; the rest once each.
const allFound = { capybara: 3, 'giant rodent': 1, 'of South America': 1, 'Pausing on the way': 1, 'largest rodent': 1 };

describe('history search of a run', () => {
  it("finds every turn's text, tool arguments and results once the run ended: the search writes what the run left waiting", async () => {
    const run = await capybaraRun();
    // Nothing was written for search on the run's way; the send and the three answers wait.
    expect(run.atEnd).toEqual({ documents: 0, waiting: 4 });
    expect(value(await run.engine.chat.api['chats.list']({ query: 'South America' })).map((c) => c.id)).toEqual([run.chat.id]);
    expect(value(await run.engine.chat.api['chats.list']({ query: 'largest rodent' })).map((c) => c.id)).toEqual([run.chat.id]);
    expect(run.everyHit()).toEqual(allFound);
    expect(run.waiting()).toBe(0);
    // Written in one go, by the first search (the second found nothing waiting).
    expect(run.indexWrites).toHaveBeenCalledTimes(2);
    expect(run.indexWrites.mock.results.map((r) => r.type)).toEqual(['return', 'return']);
  });

  it('writes them a moment after the run ended with no search asking', async () => {
    const run = await capybaraRun();
    await vi.waitFor(() => expect(run.waiting()).toBe(0), { timeout: 10_000, interval: 50 });
    expect(run.everyHit()).toEqual(allFound);
    expect(run.indexWrites).toHaveBeenCalledTimes(1);
  });

  it('writes them at shutdown, so the next start has nothing to heal', async () => {
    const run = await capybaraRun();
    expect(run.waiting()).toBe(4);
    await run.shutdown();
    expect(run.waiting()).toBe(0);
    expect(run.everyHit()).toEqual(allFound);
  });
});
