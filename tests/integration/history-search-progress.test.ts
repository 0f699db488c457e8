/**
 * The search index build's progress through the chat module: a history written by the previous schema (v2) is indexed
 * after start, and the window hears about it ('searchIndex.changed', throttled) or asks ('searchIndex.status').
 */
import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { SearchIndexStatus } from '../../shared/contract.ts';
import { createChatModule } from '../../electron/host/chat/chatModule.ts';
import { createElicitationBroker } from '../../electron/host/elicitation/broker.ts';
import { HostEventHub } from '../../electron/host/events.ts';
import type { ChatModule } from '../../electron/host/ports.ts';
import { transaction } from '../../electron/host/store/chatRepository.ts';
import { oldSchemaHistory } from '../../electron/host/store/search/testHistoryDb.ts';
import { FakeTools, tempDataDir, testEnv, value } from './chat-harness.ts';

let chat: ChatModule | undefined;
let data: ReturnType<typeof tempDataDir> | undefined;
afterEach(async () => {
  await chat?.shutdown();
  data?.remove();
  chat = undefined;
});

function seedV2(path: string, messages: number): void {
  const { db, repo } = oldSchemaHistory(path, 2);
  repo.createChat('old', 'Old', 'm', 1);
  transaction(db, () => {
    for (let i = 0; i < messages; i++) {
      repo.insertMessage({ id: `m-${i}`, chatId: 'old', role: 'user', status: 'complete', createdAt: 10 + i, updatedAt: 10 + i, blocks: [{ type: 'text', text: `message ${i} about Hồ Gươm 天气` }] });
    }
  });
  db.close();
}

async function start(dataDir: string): Promise<{ chat: ChatModule; pushed: SearchIndexStatus[] }> {
  const events = new HostEventHub();
  const pushed: SearchIndexStatus[] = [];
  events.subscribe((event, payload) => {
    if (event === 'searchIndex.changed') pushed.push(payload as SearchIndexStatus);
  });
  const env = testEnv(dataDir);
  chat = await createChatModule({ env, events, tools: new FakeTools([]), elicitations: createElicitationBroker(events) });
  return { chat, pushed };
}

describe('search index progress through the chat module', () => {
  it('pushes throttled progress ending with ready, a window asking mid-build gets it, and a built index shows nothing', async () => {
    data = tempDataDir('sb-index-progress-');
    const messages = 20_000;
    seedV2(join(data.dir, 'history.db'), messages);
    const first = await start(data.dir);

    // Asked right after start (a window opened mid-build): the build is under way, below 100 %.
    const midBuild = value(await first.chat.api['searchIndex.status']({}));
    expect(midBuild.state).toBe('indexing');
    if (midBuild.state === 'indexing') expect(midBuild.percent).toBeLessThan(100);
    expect(first.pushed[0]).toMatchObject({ state: 'indexing' });

    await expect.poll(() => first.pushed.at(-1), { timeout: 60_000, interval: 50 }).toEqual({ state: 'ready' });
    expect(value(await first.chat.api['searchIndex.status']({}))).toEqual({ state: 'ready' });
    const percents = first.pushed.flatMap((s) => (s.state === 'indexing' ? [s.percent] : []));
    // 100 batches of 200 messages: far fewer pushes than batches, whole percents rising, none twice.
    expect(percents.length).toBeLessThan(messages / 200 / 2);
    expect(percents.every((p) => Number.isInteger(p) && p >= 0 && p < 100)).toBe(true);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(new Set(percents).size).toBe(percents.length);
    expect(first.pushed.filter((s) => s.state === 'ready')).toHaveLength(1);
    // Search now finds through the index (a 2-character Chinese word).
    expect(value(await first.chat.api['chats.list']({ query: '天气' })).map((c) => c.id)).toEqual(['old']);

    await first.chat.shutdown();
    chat = undefined;
    const again = await start(data.dir);
    expect(value(await again.chat.api['searchIndex.status']({}))).toEqual({ state: 'ready' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(again.pushed).toEqual([]);
  });

  it('a new history shows nothing', async () => {
    data = tempDataDir('sb-index-progress-');
    const fresh = await start(data.dir);
    expect(value(await fresh.chat.api['searchIndex.status']({}))).toEqual({ state: 'ready' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fresh.pushed).toEqual([]);
  });
});
