/**
 * The sidebar's list pushes ('chats.changed', the first 100 chats read back each time) around a new chat: none when it is
 * created (the window that asked lists it from the answer, and its send follows), then its title and place at once when
 * its first message is sent, and the list as stored when its run ends. A chat's update time (its place) is written at
 * its send and at its run's end, not at each of the run's turns (issue 12, chat unpaced eleventh look).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedLlm } from '../fixtures/scriptedLlm/index.ts';
import type { ChatStreamEvent, ChatSummary } from '../../shared/chat.ts';
import { FakeTools, listPushed, startEngine, tempDataDir, textResult, value } from './chat-harness.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('chat list pushes', () => {
  it('a new chat: no push when created, its title first in the list at its send, the stored list at its run end', async () => {
    const llm = await startScriptedLlm({ apiKey: 'sk-test', script: [{ content: [{ type: 'text', text: 'First answer.' }] }, { content: [{ type: 'text', text: 'Second answer.' }] }] });
    const data = tempDataDir();
    const engine = await startEngine({ dataDir: data.dir, tools: new FakeTools([]), baseUrl: llm.url });
    cleanups.push(() => llm.close(), data.remove, () => engine.chat.shutdown());
    const { api } = engine.chat;
    const older = value(await api['chats.create']({}));
    value(await api['chat.send']({ chatId: older.id, text: 'An older chat' }));
    await engine.log.runEnd(older.id);

    // What the window sees, in order: list pushes (titles, newest first) and the new chat's run states.
    const seen: string[] = [];
    engine.events.subscribe((event, payload) => {
      if (event === 'chats.changed') seen.push(`list: ${(payload as ChatSummary[]).map((c) => c.title).join(', ')}`);
      if (event !== 'chat.stream') return;
      const stream = payload as ChatStreamEvent;
      if (stream.type === 'run_state' && stream.chatId !== older.id) seen.push(`generating: ${String(stream.state.generating)}`);
    });
    const created = value(await api['chats.create']({}));
    expect(created).toMatchObject({ title: 'New chat', messageCount: 0 });
    expect(seen).toEqual([]);

    value(await api['chat.send']({ chatId: created.id, text: 'Plan a trip to Hue\nwith details' }));
    await engine.log.runEnd(created.id);
    await listPushed();
    // Each push goes out at the end of the loop turn that asked for it: after the run starts, after its end is shown.
    expect(seen).toEqual(['generating: true', 'list: Plan a trip to Hue, An older chat', 'generating: false', 'list: Plan a trip to Hue, An older chat']);
    // The last push is the list as stored (update times and message counts included).
    const last = engine.log.all.filter((r) => r.event === 'chats.changed').at(-1)?.payload;
    expect(last).toEqual(value(await api['chats.list']({})));
  });

  it("a tool run: first at its send, kept there while it runs, another chat's send above it, first again at its end", async () => {
    const llm = await startScriptedLlm({
      apiKey: 'sk-test',
      script: [
        { content: [{ type: 'text', text: 'Let me look.' }, { type: 'tool_use', tool: 'look', input: {} }] },
        // The other chat's send comes while the tool runs.
        { content: [{ type: 'text', text: 'Other answer.' }] },
        { expect: { toolResultCount: 1 }, content: [{ type: 'text', text: 'Found it.' }] },
      ],
    });
    const data = tempDataDir();
    let release: () => void = () => {};
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    const tools = new FakeTools([{ name: 'look', approval: 'always_allow', run: () => { started(); return new Promise((resolve) => (release = () => resolve(textResult('here')))); } }]);
    const engine = await startEngine({ dataDir: data.dir, tools, baseUrl: llm.url });
    cleanups.push(() => llm.close(), data.remove, () => engine.chat.shutdown());
    const { api } = engine.chat;
    const one = value(await api['chats.create']({}));
    const other = value(await api['chats.create']({}));
    const order = async () => value(await api['chats.list']({})).map((c) => c.id);
    // Times are in ms and equal times list by id: each step below starts in a later ms than the one before.
    const nextMs = async () => {
      const now = Date.now();
      while (Date.now() === now) await new Promise((resolve) => setTimeout(resolve, 1));
    };
    await nextMs();

    const sent = value(await api['chat.send']({ chatId: one.id, text: 'Look it up' }));
    const sentAt = value(await api['chats.get']({ chatId: one.id })).messages.find((m) => m.id === sent.messageId)?.createdAt;
    await running;
    // The first answer (its tool running) is saved and counted, and the chat stays where its send put it.
    const during = value(await api['chats.get']({ chatId: one.id }));
    expect(during.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(during.chat).toMatchObject({ messageCount: 2, updatedAt: sentAt });
    expect(await order()).toEqual([one.id, other.id]);
    // A message sent elsewhere meanwhile is the newest: that chat goes first at once.
    await nextMs();
    value(await api['chat.send']({ chatId: other.id, text: 'Something else' }));
    expect(await order()).toEqual([other.id, one.id]);
    expect((await engine.log.runEnd(other.id)).error).toBeUndefined();

    await nextMs();
    release();
    expect((await engine.log.runEnd(one.id)).error).toBeUndefined();
    const after = value(await api['chats.get']({ chatId: one.id }));
    expect(after.messages.map((m) => `${m.role} ${m.status}`)).toEqual(['user complete', 'assistant complete', 'assistant complete']);
    // Its run's end puts it first, at its last answer's time, and the last push is the list as stored.
    expect(after.chat).toMatchObject({ messageCount: 3, updatedAt: after.messages.at(-1)?.updatedAt });
    expect(await order()).toEqual([one.id, other.id]);
    await listPushed();
    const last = engine.log.all.filter((r) => r.event === 'chats.changed').at(-1)?.payload;
    expect(last).toEqual(value(await api['chats.list']({})));
  });
});
