import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { ChatMessage, ToolCallBlock } from '../../../../shared/chat.ts';
import { silentLogger } from '../../environment.ts';
import { openHistoryDatabase } from '../database.ts';
import { ChatRepository } from '../chatRepository.ts';
import { historyDbForTests } from './testHistoryDb.ts';

// A real history.db file for each test, opened the way the host opens it.
const history = historyDbForTests('sb-search-run-');
const found = (query: string) => history.repo.listChats({ query }).map((c) => c.id);
const documents = () => (history.db.prepare('SELECT count(*) AS n FROM history_fts').get() as { n: number }).n;

const call: ToolCallBlock = {
  type: 'tool_call', id: 'toolu_1', exposedName: 'fs__read_file', serverId: 'fs', toolName: 'read_file', input: { path: 'okapi.txt' }, status: 'done', destructive: false,
  result: { content: [{ type: 'text', text: 'the okapi lives in the Ituri forest' }], isError: false },
};

// A run's answer: inserted streaming, saved at its blocks' ends, then ended (the statuses a run writes).
function endedAnswer(id: string, text: string, withCall = false): ChatMessage {
  const answer: ChatMessage = { id, chatId: 'c', role: 'assistant', blocks: [], status: 'streaming', createdAt: 2, updatedAt: 2 };
  history.repo.insertMessage(answer);
  answer.blocks = [{ type: 'text', text }, ...(withCall ? [call] : [])];
  history.repo.saveMessage(answer);
  answer.status = 'complete';
  history.repo.saveMessage(answer);
  return answer;
}

describe('search documents written once per run (schema 6)', () => {
  it('finds the ended answers of a run still going: a search writes what waits first, and the run\'s end writes the rest', () => {
    history.repo.createChat('c', 'Animals', 'm', 1);
    endedAnswer('a1', 'first the tapir', true);
    expect(documents()).toBe(0);
    expect(found('tapir')).toEqual(['c']);
    expect(found('Ituri')).toEqual(['c']);
    expect(documents()).toBe(1);
    // The next turn ends after the search; the run's end writes only that one.
    endedAnswer('a2', 'then the pangolin');
    expect(documents()).toBe(1);
    history.repo.indexPending();
    expect(documents()).toBe(2);
    expect(found('pangolin')).toEqual(['c']);
  });

  it('answers a search when writing what waits fails, and leaves it listed', () => {
    history.repo.createChat('c', 'Animals', 'm', 1);
    history.repo.insertMessage({ id: 'u', chatId: 'c', role: 'user', blocks: [{ type: 'text', text: 'the capybara swims' }], status: 'complete', createdAt: 1, updatedAt: 1 });
    endedAnswer('a1', 'first the tapir');
    history.db.exec("CREATE TEMP TRIGGER fail_drain BEFORE DELETE ON main.search_pending BEGIN SELECT RAISE(ABORT, 'disk trouble'); END");
    expect(found('capybara')).toEqual(['c']);
    expect(found('tapir')).toEqual([]);
    expect((history.db.prepare('SELECT count(*) AS n FROM search_pending').get() as { n: number }).n).toBe(1);
    history.db.exec('DROP TRIGGER temp.fail_drain');
    expect(found('tapir')).toEqual(['c']);
  });

  it("writes the run's ended answers, tool arguments and results included, when the run ends, all in one go", () => {
    history.repo.createChat('c', 'Animals', 'm', 1);
    history.repo.insertMessage({ id: 'u', chatId: 'c', role: 'user', blocks: [{ type: 'text', text: 'tell me about forest animals' }], status: 'complete', createdAt: 1, updatedAt: 1 });
    // The user's message is indexed as it is written; the answers wait for their run's end.
    expect(found('forest animals')).toEqual(['c']);
    endedAnswer('a1', 'first the tapir', true);
    endedAnswer('a2', 'then the pangolin');
    expect(documents()).toBe(1);
    history.repo.indexPending();
    expect(found('tapir')).toEqual(['c']);
    expect(found('pangolin')).toEqual(['c']);
    expect(found('Ituri')).toEqual(['c']);
    expect(found('okapi.txt')).toEqual(['c']);
    expect(documents()).toBe(3);
    // Nothing is left waiting: a second call writes nothing.
    history.repo.indexPending();
    expect(documents()).toBe(3);
  });

  it('loses no document to a crash before the run ended: the next start writes what waits before any search', async () => {
    history.repo.createChat('c', 'Crash', 'm', 1);
    endedAnswer('a1', 'the axolotl regrows its limbs', true);
    // The process dies here: the answer's end was committed, its run never ended.
    history.db.close();
    history.db = openHistoryDatabase(join(history.dir, 'history.db'), silentLogger).db;
    history.repo = new ChatRepository(history.db);
    const building = history.repo.buildSearchIndex();
    // Written at once when the build starts (the host starts it right after opening), not after its batches.
    expect(found('axolotl')).toEqual(['c']);
    await building;
    expect(found('Ituri')).toEqual(['c']);
    expect(documents()).toBe(1);
  });

  it('indexes an edit of an ended answer at once, and skips an answer deleted while it waited', () => {
    history.repo.createChat('c', 'Edits', 'm', 1);
    const kept = endedAnswer('a1', 'the quoll hunts at night');
    endedAnswer('a2', 'the numbat eats termites');
    history.repo.indexPending();
    kept.blocks = [{ type: 'text', text: 'the bilby digs burrows' }];
    history.repo.saveMessage(kept);
    expect(found('bilby')).toEqual(['c']);
    expect(found('quoll')).toEqual([]);
    endedAnswer('a3', 'the dugong grazes seagrass');
    history.db.prepare("DELETE FROM messages WHERE id = 'a3'").run();
    history.repo.indexPending();
    expect(found('dugong')).toEqual([]);
    expect(found('numbat')).toEqual(['c']);
    expect(documents()).toBe(2);
  });

  it('writes an answer whose tool call changed after it ended once, with the change', () => {
    history.repo.createChat('c', 'Late result', 'm', 1);
    const answer = endedAnswer('a1', 'reading a file', true);
    const late = answer.blocks[1];
    if (late?.type !== 'tool_call') throw new Error('seed missing');
    late.result = { content: [{ type: 'text', text: 'the kakapo cannot fly' }], isError: false };
    history.repo.saveMessage(answer);
    history.repo.indexPending();
    expect(found('kakapo')).toEqual(['c']);
    expect(found('Ituri')).toEqual([]);
    expect(documents()).toBe(1);
  });
  it("writes a sent message's document with its run's, and any other finished message's in its own insert (schema 7)", () => {
    history.repo.createChat('c', 'Sends', 'm', 1);
    history.repo.insertMessage({ id: 'u1', chatId: 'c', role: 'user', blocks: [{ type: 'text', text: 'where do wombats live' }], status: 'complete', createdAt: 1, updatedAt: 1 }, undefined, { searchWithRun: true });
    expect(documents()).toBe(0);
    const answer = endedAnswer('a1', 'in burrows across Australia');
    // An edit's new version (no run attached to the insert) is written with its own insert, with its tool call.
    const withCall: ToolCallBlock = { ...call, id: 'toolu_q', result: { content: [{ type: 'text', text: 'quokkas live on Rottnest' }], isError: false } };
    history.repo.insertMessage({ id: 'u2', chatId: 'c', role: 'user', blocks: [{ type: 'text', text: 'and the quokka' }, withCall], status: 'complete', createdAt: 3, updatedAt: 3 }, answer.id);
    expect(documents()).toBe(1);
    expect((history.db.prepare('SELECT count(*) AS n FROM search_pending').get() as { n: number }).n).toBe(2);
    expect(found('quokka')).toEqual(['c']);
    expect(found('Rottnest')).toEqual(['c']);
    history.repo.indexPending();
    expect(found('wombats')).toEqual(['c']);
    expect(found('burrows')).toEqual(['c']);
    expect(documents()).toBe(3);
    expect((history.db.prepare('SELECT count(*) AS n FROM search_pending').get() as { n: number }).n).toBe(0);
  });
});
