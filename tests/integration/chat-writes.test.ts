/**
 * How often a tool turn writes history: each SQLite commit cost more than the rest of an unpaced turn (bench `chat`,
 * docs/benchmarks.md), so saves that land in one burst share one commit, and a tool call is saved before it is shown.
 * The answer read back is whole all the same.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startScriptedLlm } from '../fixtures/scriptedLlm/index.ts';
import type { ChatStreamEvent } from '../../shared/chat.ts';
import { ChatRepository } from '../../electron/host/store/chatRepository.ts';
import { FakeTools, startEngine, tempDataDir, textResult, value } from './chat-harness.ts';

/* eslint-disable @typescript-eslint/unbound-method -- the originals are called with their own `this` */
const execOriginal = DatabaseSync.prototype.exec;
const saveOriginal = ChatRepository.prototype.saveMessage;
const insertOriginal = ChatRepository.prototype.insertMessage;
const titleOriginal = ChatRepository.prototype.setAutoTitle;
/* eslint-enable @typescript-eslint/unbound-method */

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

    // The transactions, with the history writes inside them.
    const writes: string[] = [];
    const exec = vi.spyOn(DatabaseSync.prototype, 'exec').mockImplementation(function (this: DatabaseSync, sql: string) {
      if (sql === 'BEGIN' || sql === 'COMMIT') writes.push(sql);
      return execOriginal.call(this, sql);
    });
    const save = vi.spyOn(ChatRepository.prototype, 'saveMessage').mockImplementation(function (this: ChatRepository, m, options) {
      writes.push(`save ${m.role} ${m.status}`);
      saveOriginal.call(this, m, options);
    });
    const insert = vi.spyOn(ChatRepository.prototype, 'insertMessage').mockImplementation(function (this: ChatRepository, m, parentId, options) {
      writes.push(`insert ${m.role}`);
      insertOriginal.call(this, m, parentId, options);
    });
    const title = vi.spyOn(ChatRepository.prototype, 'setAutoTitle').mockImplementation(function (this: ChatRepository, id, text) {
      writes.push('title');
      titleOriginal.call(this, id, text);
    });
    // The run's search documents wait for a moment after its end (store/search/pendingIndexTimer.ts).
    const reader = new DatabaseSync(join(data.dir, 'history.db'), { readOnly: true });
    cleanups.push(() => reader.close());
    let waitingAtEnd = -1;
    engine.events.subscribe((event, payload) => {
      const e = payload as ChatStreamEvent;
      if (event === 'chat.stream' && e.type === 'run_state' && !e.state.generating) waitingAtEnd = (reader.prepare('SELECT count(*) AS n FROM search_pending').get() as { n: number }).n;
    });
    value(await engine.chat.api['chat.send']({ chatId: chat.id, text: 'Echo hi.' }));
    const state = await engine.log.runEnd(chat.id);
    const commits = writes.filter((sql) => sql === 'COMMIT').length;
    exec.mockRestore();
    save.mockRestore();
    insert.mockRestore();
    title.mockRestore();
    // The user's message and the chat's first title are one commit (the title was a commit of its own).
    expect(writes.slice(0, 4)).toEqual(['BEGIN', 'insert user', 'title', 'COMMIT']);
    // The tool turn's end (with the call's result) and the answer's row are one commit.
    expect(writes.join(', ')).toContain('BEGIN, save assistant complete, insert assistant, COMMIT');
    // The run's last save is its last write: its search documents (the send, the tool turn, the answer) wait.
    expect(writes.slice(-3)).toEqual(['save assistant complete', 'BEGIN', 'COMMIT']);
    expect(waitingAtEnd).toBe(3);

    expect(state.error).toBeUndefined();
    // The user's message; the tool turn's insert (after its request); its blocks' ends with the call starting (one
    // write: the saver writes at the loop turn's check phase, so the stream's end and the call starting, a few ticks
    // later, join the blocks' save); the call's result with the turn complete and the answer's insert; the answer's
    // text block with its end. 5 here; at most 6 (a block end read in an earlier loop
    // turn than the stream's end is a write of its own); one more while the search documents had a commit of their
    // own, 7 when the saver wrote at the next tick, 8 before the answer's insert joined the turn's end, 10 before events
    // waited for the burst, 11 before the saver.
    expect(commits).toBeLessThanOrEqual(6);
    const page = value(await engine.chat.api['chats.get']({ chatId: chat.id }));
    const [, toolTurn, answer] = page.messages;
    expect(toolTurn?.blocks).toMatchObject([
      { type: 'text', text: 'Let me echo that.' },
      { type: 'tool_call', toolName: 'echo', status: 'done', result: { content: [{ type: 'text', text: 'Echo: hi' }] } },
    ]);
    expect(toolTurn?.status).toBe('complete');
    expect(answer).toMatchObject({ status: 'complete', blocks: [{ type: 'text', text: 'Done.' }] });
  });

  it('shows nothing before it is saved, and shows every event in order', async () => {
    const llm = await startScriptedLlm({
      apiKey: 'sk-test',
      script: [
        { content: [{ type: 'text', text: 'Both.' }, { type: 'tool_use', tool: 'echo', input: { message: 'a' } }, { type: 'tool_use', tool: 'echo', input: { message: 'b' } }] },
        { expect: { toolResultCount: 2 }, content: [{ type: 'text', text: 'Done, twice.' }] },
      ],
    });
    const data = tempDataDir();
    const tools = new FakeTools([{ name: 'echo', approval: 'always_allow', run: (args) => Promise.resolve(textResult(`Echo: ${String(args.message)}`)) }]);
    const engine = await startEngine({ dataDir: data.dir, tools, baseUrl: llm.url });
    // A second connection reads only what was committed, as the next start after a crash would.
    const reader = new DatabaseSync(join(data.dir, 'history.db'), { readOnly: true });
    cleanups.push(() => llm.close(), data.remove, () => engine.chat.shutdown(), () => reader.close());
    const chat = value(await engine.chat.api['chats.create']({}));
    const order = ['awaiting_approval', 'running', 'done'];
    const unsaved: string[] = [];
    const seen: ChatStreamEvent[] = [];
    engine.events.subscribe((event, payload) => {
      if (event !== 'chat.stream') return;
      const e = payload as ChatStreamEvent;
      seen.push(e);
      if (e.type === 'block' && e.block.type === 'tool_call' && order.includes(e.block.status)) {
        const row = reader.prepare('SELECT status FROM tool_calls WHERE id = ?').get(e.block.id) as { status: string } | undefined;
        if (!row || order.indexOf(row.status) < order.indexOf(e.block.status)) unsaved.push(`${e.block.id} shown ${e.block.status}, saved ${row?.status ?? 'nothing'}`);
      }
      if (e.type === 'message' && e.message.status === 'complete') {
        const row = reader.prepare('SELECT status FROM messages WHERE id = ?').get(e.message.id) as { status: string } | undefined;
        if (row?.status !== 'complete') unsaved.push(`${e.message.id} shown complete, saved ${row?.status ?? 'nothing'}`);
      }
    });

    value(await engine.chat.api['chat.send']({ chatId: chat.id, text: 'Echo twice.' }));
    const state = await engine.log.runEnd(chat.id);
    expect(state.error).toBeUndefined();
    expect(unsaved).toEqual([]);
    // In order: text deltas make the text once, each call is shown starting before it is shown done, the tool turn is
    // shown complete after its calls are done, and the answer's text comes after that.
    const text = seen.filter((e) => e.type === 'text_delta').map((e) => (e.type === 'text_delta' ? e.text : '')).join('');
    expect(text).toBe('Both.Done, twice.');
    const callStates = seen.flatMap((e) => (e.type === 'block' && e.block.type === 'tool_call' ? [`${String((e.block.input as { message?: string } | undefined)?.message)}:${e.block.status}`] : []));
    for (const input of ['a', 'b']) {
      const mine = callStates.filter((s) => s.startsWith(`${input}:`));
      expect(mine.indexOf(`${input}:running`)).toBeLessThan(mine.indexOf(`${input}:done`));
    }
    const completeAt = seen.findIndex((e) => e.type === 'message' && e.message.status === 'complete' && e.message.blocks.some((b) => b.type === 'tool_call'));
    const lastDoneAt = seen.findLastIndex((e) => e.type === 'block' && e.block.type === 'tool_call' && e.block.status === 'done');
    const answerDeltaAt = seen.findIndex((e) => e.type === 'text_delta' && e.text.includes('Done'));
    expect(lastDoneAt).toBeGreaterThan(-1);
    expect(completeAt).toBeGreaterThan(lastDoneAt);
    expect(answerDeltaAt).toBeGreaterThan(completeAt);
    const page = value(await engine.chat.api['chats.get']({ chatId: chat.id }));
    expect(page.messages.map((m) => m.status)).toEqual(['complete', 'complete', 'complete']);
  });

  it('sends the next request before writing the turn that ended, and still shows nothing before it is written', async () => {
    const llm = await startScriptedLlm({
      apiKey: 'sk-test',
      script: [
        // A first conversation leaves the client's connections open (a request on a new connection waits for it to connect).
        { content: [{ type: 'tool_use', tool: 'echo', input: { message: 'warm' } }] },
        { expect: { toolResultCount: 1 }, content: [{ type: 'text', text: 'Warm.' }] },
        { content: [{ type: 'text', text: 'Echo first.' }, { type: 'tool_use', tool: 'echo', input: { message: 'one' } }] },
        { expect: { toolResultCount: 1 }, content: [{ type: 'text', text: 'Echo again.' }, { type: 'tool_use', tool: 'echo', input: { message: 'two' } }] },
        { expect: { toolResultCount: 1 }, content: [{ type: 'text', text: 'Done.' }] },
      ],
    });
    const data = tempDataDir();
    const tools = new FakeTools([{ name: 'echo', approval: 'always_allow', run: (args) => Promise.resolve(textResult(`Echo: ${String(args.message)}`)) }]);
    const engine = await startEngine({ dataDir: data.dir, tools, baseUrl: llm.url });
    const reader = new DatabaseSync(join(data.dir, 'history.db'), { readOnly: true });
    cleanups.push(() => llm.close(), data.remove, () => engine.chat.shutdown(), () => reader.close());
    const warm = value(await engine.chat.api['chats.create']({}));
    value(await engine.chat.api['chat.send']({ chatId: warm.id, text: 'Warm up.' }));
    await engine.log.runEnd(warm.id);
    const chat = value(await engine.chat.api['chats.create']({}));
    // What history held (committed) at the moment each API request's headers went out on the socket.
    const atSend: string[][] = [];
    const onSend = () => atSend.push((reader.prepare("SELECT status FROM messages WHERE chat_id = ? AND role = 'assistant' ORDER BY seq").all(chat.id) as { status: string }[]).map((r) => r.status));
    subscribe('undici:client:sendHeaders', onSend);
    cleanups.push(() => unsubscribe('undici:client:sendHeaders', onSend));
    const unsaved: string[] = [];
    engine.events.subscribe((event, payload) => {
      if (event !== 'chat.stream') return;
      const e = payload as ChatStreamEvent;
      if (e.type !== 'message' || e.message.role !== 'assistant') return;
      const row = reader.prepare('SELECT status FROM messages WHERE id = ?').get(e.message.id) as { status: string } | undefined;
      // Shown before it was saved: no row yet, or shown ended while its row still streams. The row may be ahead of an
      // event: a held event goes out right after the write it waited for, which may hold the saves that followed it.
      if (!row || (e.message.status !== 'streaming' && row.status !== e.message.status)) unsaved.push(`${e.message.id} shown ${e.message.status}, saved ${row?.status ?? 'nothing'}`);
    });

    value(await engine.chat.api['chat.send']({ chatId: chat.id, text: 'Echo twice.' }));
    const state = await engine.log.runEnd(chat.id);
    expect(state.error).toBeUndefined();
    // Each request left before the answer it starts was written, and requests 2 and 3 while the turn before them was
    // still written as streaming (its end and the next answer's row followed, during the request); before, each
    // waited for both commits.
    expect(atSend).toEqual([[], ['streaming'], ['complete', 'streaming']]);
    expect(unsaved).toEqual([]);
    const page = value(await engine.chat.api['chats.get']({ chatId: chat.id }));
    expect(page.messages.map((m) => `${m.role}:${m.status}`)).toEqual(['user:complete', 'assistant:complete', 'assistant:complete', 'assistant:complete']);
    // Each answer hangs under the one before it.
    expect(page.messages.slice(1).map((m) => m.parentId)).toEqual(page.messages.slice(0, -1).map((m) => m.id));
  });

  it('a tool call that may change things is committed as running before the tool runs; a read-only one starts first', async () => {
    const llm = await startScriptedLlm({
      apiKey: 'sk-test',
      script: [
        { content: [{ type: 'text', text: 'Writing.' }, { type: 'tool_use', tool: 'write', input: { n: 1 } }] },
        { expect: { toolResultCount: 1 }, content: [{ type: 'tool_use', tool: 'write', input: { n: 2 } }, { type: 'tool_use', tool: 'write', input: { n: 3 } }] },
        { expect: { toolResultCount: 2 }, content: [{ type: 'tool_use', tool: 'read', input: { n: 4 } }] },
        { expect: { toolResultCount: 1 }, content: [{ type: 'text', text: 'Written.' }] },
      ],
    });
    const data = tempDataDir();
    const db: { reader?: DatabaseSync } = {};
    const seenByTool: string[] = [];
    // What a restart after a crash right now would find: the call's row as committed.
    const run = (args: Record<string, unknown>) => {
      const row = db.reader?.prepare("SELECT status FROM tool_calls WHERE json_extract(arguments, '$.n') = ?").get(Number(args.n)) as { status: string } | undefined;
      seenByTool.push(`${String(args.n)}:${row?.status ?? 'no row'}`);
      return Promise.resolve(textResult('ok'));
    };
    const tools = new FakeTools([
      { name: 'write', approval: 'always_allow', annotations: { destructiveHint: true }, run },
      { name: 'read', approval: 'always_allow', annotations: { readOnlyHint: true }, run },
    ]);
    const engine = await startEngine({ dataDir: data.dir, tools, baseUrl: llm.url });
    const reader = new DatabaseSync(join(data.dir, 'history.db'), { readOnly: true });
    db.reader = reader;
    cleanups.push(() => llm.close(), data.remove, () => engine.chat.shutdown(), () => reader.close());
    const chat = value(await engine.chat.api['chats.create']({}));
    value(await engine.chat.api['chat.send']({ chatId: chat.id, text: 'Write three times.' }));
    expect((await engine.log.runEnd(chat.id)).error).toBeUndefined();
    // The read-only call is not held back for a commit: its running status is written while it runs.
    expect(seenByTool.sort().slice(0, 3)).toEqual(['1:running', '2:running', '3:running']);
    expect(seenByTool[3]).not.toBe('4:running');
  });
});

