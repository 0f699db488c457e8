/**
 * History search through the host: a history written by the previous schema (v2) is migrated on start and its old
 * messages are indexed after start, so 'chats.list' then finds what only the index covers (tool call arguments and
 * results, a 2-character Chinese word) while the host answered calls all along.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createHost, type Host } from '../../electron/host/createHost.ts';
import { transaction } from '../../electron/host/store/chatRepository.ts';
import { oldSchemaHistory } from '../../electron/host/store/search/testHistoryDb.ts';
import { tempDataDir, testEnv, value } from './chat-harness.ts';

let host: Host | undefined;
let data: ReturnType<typeof tempDataDir> | undefined;
afterEach(async () => {
  await host?.shutdown();
  data?.remove();
  host = undefined;
});

function seedV2(path: string, messages: number): void {
  const { db, repo } = oldSchemaHistory(path, 2);
  repo.createChat('files', 'Files', 'm', 1);
  repo.createChat('weather', 'Weather', 'm', 2);
  transaction(db, () => {
    for (let i = 0; i < messages; i++) {
      const chatId = i % 2 === 0 ? 'files' : 'weather';
      const text = chatId === 'weather' ? `今天天气 ${i}` : `reading file ${i}`;
      repo.insertMessage({
        id: `m-${i}`, chatId, role: 'assistant', status: 'complete', createdAt: 10 + i, updatedAt: 10 + i,
        blocks: [
          { type: 'text', text },
          ...(i === 4 ? [{
            type: 'tool_call' as const, id: 'toolu_4', exposedName: 'fs__read_file', serverId: 'fs', toolName: 'read_file', input: { path: '/srv/ledger-2026.csv' },
            status: 'done' as const, destructive: false, result: { content: [{ type: 'text' as const, text: 'total 4711 kroner' }], isError: false },
          }] : []),
        ],
      });
    }
  });
  db.close();
}

describe('history search through the host', () => {
  it('indexes an existing history after start and then finds tool arguments, results and 2-character words', async () => {
    data = tempDataDir('sb-search-');
    seedV2(join(data.dir, 'history.db'), 1500);
    host = await createHost(testEnv(data.dir));
    const api = host.api;
    // The host answers at once (the old scan serves until the index is complete).
    expect(value(await api['chats.list']({ query: 'reading file' })).map((c) => c.id)).toEqual(['files']);
    const search = async (query: string) => value(await api['chats.list']({ query })).map((c) => c.id);
    // Only the index covers tool calls: this turns true once the batches are done.
    await expect.poll(() => search('ledger-2026'), { timeout: 60_000, interval: 100 }).toEqual(['files']);
    expect(await search('4711 kroner')).toEqual(['files']);
    expect(await search('天气')).toEqual(['weather']);
    expect(await search('read_file')).toEqual(['files']);
  });
});
