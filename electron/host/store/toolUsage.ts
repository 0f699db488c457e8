/**
 * The user's most used tools across every chat: calls that ran (status 'done') in the last days, counted per server id
 * and tool name (an exposed name can change with a rename or a collision). Read once and kept until a run that ran
 * tools ends (its calls change the counts), the history is replaced, or the counts grow old; the query reads only the
 * partial index of migration 9, never the call rows.
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { num, text, type Row } from './rows.ts';

/** One tool and how many of its calls ran in the window. */
export interface ToolUse {
  serverId: string;
  toolName: string;
  calls: number;
}

/** Calls older than this many days do not count: habits change, and the index range stays short. */
export const usageWindowDays = 30;
// More than the policy keeps loaded: some of the most used may be disabled, out of a chat's scope or gone.
const rankedLimit = 64;
// The window slides: a host left running for days reads the counts again after this long even with no run ending.
const maxAgeMs = 60 * 60_000;
const dayMs = 86_400_000;

// Ties break on server id then tool name, so the ranking (and the request built from it) is the same at every read.
const mostUsedSql = `SELECT server_id, tool_name, count(*) AS calls FROM tool_calls
  WHERE status = 'done' AND started_at >= ?
  GROUP BY server_id, tool_name ORDER BY calls DESC, server_id, tool_name LIMIT ?`;

// Prepared once per database: the query runs after every run that ran tools and went over the budget.
const statements = new WeakMap<DatabaseSync, StatementSync>();

/** The most used tools since `since` (ms), most calls first; at most `limit`. */
export function mostUsedTools(db: DatabaseSync, since: number, limit = rankedLimit): ToolUse[] {
  let statement = statements.get(db);
  if (!statement) statements.set(db, (statement = db.prepare(mostUsedSql)));
  return (statement.all(since, limit) as Row[]).map((r) => ({ serverId: text(r, 'server_id'), toolName: text(r, 'tool_name'), calls: num(r, 'calls') }));
}

/** The counts of the current history database, read when first asked and kept until `invalidate` (or an hour). */
export class ToolUsage {
  private readonly database: () => DatabaseSync;
  private readonly now: () => number;
  private cached: { db: DatabaseSync; at: number; top: readonly ToolUse[] } | undefined;

  constructor(database: () => DatabaseSync, now: () => number = Date.now) {
    this.database = database;
    this.now = now;
  }

  /**
   * The most used tools, most calls first. The same array until the counts are read again, so a caller can compare it
   * by identity. Throws when the history cannot be read (the caller decides what that means).
   */
  top(): readonly ToolUse[] {
    const db = this.database();
    const now = this.now();
    if (this.cached && this.cached.db === db && now - this.cached.at < maxAgeMs) return this.cached.top;
    const top = Object.freeze(mostUsedTools(db, now - usageWindowDays * dayMs));
    this.cached = { db, at: now, top };
    return top;
  }

  /** `top`, or no ranking when the history cannot be read (reported to `onError`): a request goes on without it. */
  topOrNone(onError: (cause: unknown) => void): readonly ToolUse[] {
    try {
      return this.top();
    } catch (cause) {
      onError(cause);
      return [];
    }
  }

  /** The counts changed (a run's calls ended, the history was replaced): the next `top` reads them again. */
  invalidate(): void {
    this.cached = undefined;
  }
}
