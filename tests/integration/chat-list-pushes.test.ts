/**
 * The sidebar's list pushes ('chats.changed', the first 100 chats read back each time) around a new chat: none when it is
 * created (the window that asked lists it from the answer, and its send follows), then its title and place at once when
 * its first message is sent, and the list as stored when its run ends.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedLlm } from '../fixtures/scriptedLlm/index.ts';
import type { ChatStreamEvent, ChatSummary } from '../../shared/chat.ts';
import { FakeTools, startEngine, tempDataDir, value } from './chat-harness.ts';

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
    expect(seen).toEqual(['list: Plan a trip to Hue, An older chat', 'generating: true', 'generating: false', 'list: Plan a trip to Hue, An older chat']);
    // The last push is the list as stored (update times and message counts included).
    const last = engine.log.all.filter((r) => r.event === 'chats.changed').at(-1)?.payload;
    expect(last).toEqual(value(await api['chats.list']({})));
  });
});
