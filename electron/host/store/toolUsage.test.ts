import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ToolCallBlock, ToolCallStatus } from '../../../shared/chat.ts';
import { silentLogger } from '../environment.ts';
import type { ChatRepository } from './chatRepository.ts';
import { openHistoryDatabase } from './database.ts';
import { latestVersion, schemaVersion } from './migrations.ts';
import { historyDbForTests, oldSchemaHistory } from './search/testHistoryDb.ts';
import { mostUsedTools, ToolUsage, usageWindowDays } from './toolUsage.ts';

const history = historyDbForTests('switchboard-tool-usage-');
const day = 86_400_000;
const now = Date.UTC(2026, 5, 1);
let seq = 0;

function call(serverId: string, toolName: string, status: ToolCallStatus, startedAt: number | undefined): ToolCallBlock {
  return { type: 'tool_call', id: `t${++seq}`, exposedName: `${serverId}__${toolName}_v${seq % 3}`, serverId, toolName, input: {}, status, destructive: false, ...(startedAt === undefined ? {} : { startedAt }) };
}

/** One assistant message per call list, in its own chat (counts are across chats). */
function record(repo: ChatRepository, chatId: string, calls: ToolCallBlock[]): void {
  if (!repo.getChat(chatId)) repo.createChat(chatId, chatId, 'm', now);
  const message: ChatMessage = { id: `m${++seq}`, chatId, role: 'assistant', blocks: calls, status: 'complete', createdAt: now, updatedAt: now };
  repo.insertMessage(message);
}

const ran = (serverId: string, toolName: string, times: number, at = now - day) => Array.from({ length: times }, () => call(serverId, toolName, 'done', at));

describe('tool usage counts', () => {
  it('counts calls that ran in the window, across chats, by server and tool name, most first with ties by name', () => {
    const { repo, db } = history;
    record(repo, 'a', [...ran('files', 'read', 3), ...ran('git', 'status', 2)]);
    record(repo, 'b', [...ran('files', 'read', 2), ...ran('web', 'fetch', 2), ...ran('alpha', 'zeta', 2)]);
    // Beyond the window, failed, denied, cancelled or never started: none of these count.
    record(repo, 'c', [
      ...ran('old', 'tool', 9, now - (usageWindowDays + 1) * day),
      call('failing', 'tool', 'error', now - day),
      call('failing', 'tool', 'error', now - day),
      call('refused', 'tool', 'denied', undefined),
      call('stopped', 'tool', 'cancelled', now - day),
      call('files', 'write', 'done', undefined),
    ]);
    expect(mostUsedTools(db, now - usageWindowDays * day)).toEqual([
      { serverId: 'files', toolName: 'read', calls: 5 },
      { serverId: 'alpha', toolName: 'zeta', calls: 2 },
      { serverId: 'git', toolName: 'status', calls: 2 },
      { serverId: 'web', toolName: 'fetch', calls: 2 },
    ]);
    expect(mostUsedTools(db, now - usageWindowDays * day, 1)).toHaveLength(1);
  });

  it('reads the partial index of migration 9, not the call rows', () => {
    const plan = history.db.prepare(`EXPLAIN QUERY PLAN SELECT server_id, tool_name, count(*) AS calls FROM tool_calls WHERE status = 'done' AND started_at >= ? GROUP BY server_id, tool_name ORDER BY calls DESC, server_id, tool_name LIMIT ?`).all(0, 64);
    expect(JSON.stringify(plan)).toContain('COVERING INDEX tool_calls_done_by_start');
  });

  it('keeps the counts until invalidated, an hour passes or the history is replaced; the same array meanwhile', () => {
    const { repo } = history;
    let clock = now;
    let db = history.db;
    const usage = new ToolUsage(() => db, () => clock);
    record(repo, 'a', ran('files', 'read', 1));
    const first = usage.top();
    expect(first).toEqual([{ serverId: 'files', toolName: 'read', calls: 1 }]);
    record(repo, 'a', ran('git', 'log', 2));
    expect(usage.top()).toBe(first);
    usage.invalidate();
    const second = usage.top();
    expect(second.map((t) => t.toolName)).toEqual(['log', 'read']);
    clock += 61 * 60_000;
    expect(usage.top()).not.toBe(second);
    const other = openHistoryDatabase(join(history.dir, 'other.db'), silentLogger).db;
    db = other;
    expect(usage.top()).toEqual([]);
    other.close();
  });

  it('migration 9 adds the index to an older history and keeps its calls counted', () => {
    const path = join(history.dir, 'old.db');
    const old = oldSchemaHistory(path, 8);
    record(old.repo, 'a', ran('files', 'read', 2));
    old.db.close();
    const opened = openHistoryDatabase(path, silentLogger).db;
    expect(schemaVersion(opened)).toBe(latestVersion);
    expect(opened.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'tool_calls_done_by_start'").get()).toBeDefined();
    expect(mostUsedTools(opened, 0)).toEqual([{ serverId: 'files', toolName: 'read', calls: 2 }]);
    opened.close();
  });
});
