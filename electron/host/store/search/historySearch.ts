/** Ranked chat search over the FTS5 history index; answers `undefined` when the caller must fall back to the scan. */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { text, type Row } from '../rows.ts';
import { buildMatch } from './searchQuery.ts';

/** Escapes a LIKE pattern for a substring match (ESCAPE '\'). */
export function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** How far the index of messages older than it has come. */
export interface SearchIndexState {
  doneThrough: number;
  target: number;
}

/** Reads search_index_state; undefined on a database without the index (never on a migrated one). */
export function searchIndexState(db: DatabaseSync): SearchIndexState | undefined {
  try {
    const row = db.prepare('SELECT done_through, target FROM search_index_state WHERE id = 1').get() as Row | undefined;
    return row ? { doneThrough: Number(row.done_through), target: Number(row.target) } : undefined;
  } catch {
    return undefined;
  }
}

/** Search over one open history database. */
export class HistorySearch {
  private readonly db: DatabaseSync;
  private ready = false;
  private stmts: { terms: StatementSync; chats: StatementSync; titles: StatementSync } | undefined;

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  /** True once every message is indexed (until then search scans, as before the index existed). */
  isReady(): boolean {
    if (this.ready) return true;
    const state = searchIndexState(this.db);
    this.ready = state !== undefined && state.doneThrough >= state.target;
    return this.ready;
  }

  /**
   * Ids of chats whose title or messages (text, tool names, arguments, results) match, best first: title matches,
   * then by the best BM25 rank among the chat's messages, then the most recently updated. Undefined: use the scan.
   */
  chatIds(query: string, limit: number, offset: number): string[] | undefined {
    if (!this.isReady()) return undefined;
    const stmts = (this.stmts ??= this.prepare());
    const match = buildMatch(query, (prefix) =>
      (stmts.terms.all(prefix, `${prefix}\u{10FFFF}`) as Row[]).map((r) => text(r, 'term')),
    );
    if (match === undefined) return undefined;
    // null: some term occurs in no message, so only titles can match.
    const title = likePattern(query.trim());
    const rows = (match === null ? stmts.titles.all(title, limit, offset) : stmts.chats.all(match, title, limit, offset)) as Row[];
    return rows.map((r) => text(r, 'chat_id'));
  }

  private prepare(): { terms: StatementSync; chats: StatementSync; titles: StatementSync } {
    return {
      terms: this.db.prepare('SELECT term FROM history_fts_terms WHERE term >= ? AND term < ? ORDER BY term'),
      chats: this.db.prepare(
        `SELECT chat_id FROM (
           SELECT chat_id, 0 AS in_title, min(rank) AS score FROM history_fts WHERE history_fts MATCH ?1 GROUP BY chat_id
           UNION ALL
           SELECT id AS chat_id, 1 AS in_title, 0 AS score FROM chats WHERE title LIKE ?2 ESCAPE '\\'
         ) h JOIN chats c ON c.id = h.chat_id
         GROUP BY h.chat_id
         ORDER BY max(h.in_title) DESC, min(h.score), c.updated_at DESC, c.id
         LIMIT ?3 OFFSET ?4`,
      ),
      titles: this.db.prepare(`SELECT id AS chat_id FROM chats WHERE title LIKE ? ESCAPE '\\' ORDER BY updated_at DESC, id LIMIT ? OFFSET ?`),
    };
  }
}
