/**
 * Bench `history`: open a chat of 5,000 messages from SQLite through the host ('chats.get', first page of the latest
 * 50 ready: messages parsed, tool calls joined, chat summary) against a bare SELECT of the same 50 rows on the same
 * file, alternated in one run. The issue asks for the milliseconds and the ratio; the target here is one frame (16 ms).
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { ChatMessage, ContentBlock } from '../shared/chat.ts';
import { silentLogger } from '../electron/host/environment.ts';
import { createHost } from '../electron/host/createHost.ts';
import { openHistoryDatabase } from '../electron/host/store/database.ts';
import { ChatRepository, transaction } from '../electron/host/store/chatRepository.ts';
import { tempDataDir, testEnv, value } from '../tests/integration/chat-harness.ts';
import { alternate, median, report } from './lib.ts';

const MESSAGES = 5000;
const PAGE = 50;
const ROUNDS = 40;

const sentence = 'The quick brown fox reads the tool result and explains it to the user in plain words. ';

// A realistic chat: short user turns, longer answers, every fifth answer with a tool call and its result.
function seed(dataDir: string): string {
  const { db } = openHistoryDatabase(join(dataDir, 'history.db'), silentLogger);
  const repo = new ChatRepository(db);
  const chatId = randomUUID();
  const start = Date.now() - MESSAGES * 1000;
  repo.createChat(chatId, 'A very long chat', 'claude-sonnet-5-5', start);
  transaction(db, () => {
    for (let i = 0; i < MESSAGES; i++) {
      const role = i % 2 === 0 ? 'user' : 'assistant';
      const blocks: ContentBlock[] = [{ type: 'text', text: role === 'user' ? `Question ${i}: ${sentence.repeat(2)}` : `Answer ${i}: ${sentence.repeat(9)}` }];
      if (role === 'assistant' && i % 10 === 1) {
        blocks.push({
          type: 'tool_call', id: `toolu_${i}`, exposedName: 'everything__echo', serverId: 'everything', toolName: 'echo', input: { message: `call ${i}` },
          status: 'done', destructive: false, result: { content: [{ type: 'text', text: sentence.repeat(6) }], isError: false }, startedAt: start + i * 1000, durationMs: 12,
        });
      }
      const message: ChatMessage = {
        id: randomUUID(), chatId, role, blocks, status: 'complete', createdAt: start + i * 1000, updatedAt: start + i * 1000,
        ...(role === 'assistant' ? { model: 'claude-sonnet-5-5', usage: { inputTokens: 1200, outputTokens: 300, cacheReadTokens: 1000, cacheWriteTokens: 150 }, stopReason: 'end_turn' } : {}),
      };
      repo.insertMessage(message);
    }
  });
  db.close();
  return chatId;
}

const data = tempDataDir('sb-bench-history-');
try {
  const chatId = seed(data.dir);
  const openStarted = performance.now();
  const host = await createHost(testEnv(data.dir));
  const hostOpenMs = performance.now() - openStarted;
  const bare = new DatabaseSync(join(data.dir, 'history.db'), { readOnly: true });
  const select = bare.prepare('SELECT * FROM messages WHERE chat_id = ? ORDER BY seq DESC LIMIT ?');
  try {
    const firstOpen = performance.now();
    const first = value(await host.api['chats.get']({ chatId, limit: PAGE }));
    const firstOpenMs = performance.now() - firstOpen;
    if (first.messages.length !== PAGE || first.chat.messageCount !== MESSAGES) throw new Error('seeded chat not read back whole');

    const viaHost = async () => {
      const started = performance.now();
      const page = value(await host.api['chats.get']({ chatId, limit: PAGE }));
      const elapsed = performance.now() - started;
      if (page.messages.length !== PAGE) throw new Error('short page');
      return elapsed;
    };
    const viaSelect = () => {
      const started = performance.now();
      const rows = select.all(chatId, PAGE);
      const elapsed = performance.now() - started;
      if (rows.length !== PAGE) throw new Error('short select');
      return Promise.resolve(elapsed);
    };
    for (let i = 0; i < 5; i++) {
      await viaHost();
      await viaSelect();
    }
    const samples = await alternate(ROUNDS, viaHost, viaSelect);
    report({
      name: 'history',
      metric: `ms to the first page (latest ${PAGE}) of a ${MESSAGES}-message chat via chats.get (median of ${ROUNDS})`,
      value: median(samples.subject),
      baseline: median(samples.baseline),
      target: 16,
      direction: 'value_at_most',
      details: { firstOpenMs, hostStartWithDatabaseMs: hostOpenMs, hostSamples: samples.subject, selectSamples: samples.baseline },
    });
  } finally {
    bare.close();
    await host.shutdown();
  }
} finally {
  data.remove();
}
