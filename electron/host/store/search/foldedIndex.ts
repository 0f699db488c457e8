/**
 * Migration 8: the history index folds diacritics, so the sidebar search follows in-chat find's rule (a query typed
 * without diacritics, "ha noi", "duong", finds "Hà Nội", "đường"). The trigram tokenizer's remove_diacritics folds
 * every Latin letter that Unicode decomposes; đ/Đ has no decomposition, so each document is written with d/D in its
 * place (and queries are folded the same way, searchQuery.ts). A query typed with diacritics gets the folded index's
 * candidates and keeps only chats that really contain it (strictFilter.ts).
 *
 * The table is created anew (a tokenizer cannot be changed in place) and search_index_state is reset, so the existing
 * background build (indexBuilder.ts) writes every message again after start while search answers with the scan. The
 * whole step is one transaction of the migration runner: if any statement fails, the old index, view and state stay.
 */
import type { DatabaseSync } from 'node:sqlite';

const dropOldSql = `
  DROP TABLE history_fts_terms;
  DROP TABLE history_fts;
`;

const createFoldedSql = `
  CREATE VIRTUAL TABLE history_fts USING fts5(
    body, chat_id UNINDEXED,
    tokenize = 'trigram remove_diacritics 1', content = '', contentless_delete = 1, contentless_unindexed = 1
  );
  CREATE VIRTUAL TABLE history_fts_terms USING fts5vocab(history_fts, 'row');

  -- The triggers, the pending drain and the build all write documents from this view, so they all fold đ.
  DROP VIEW message_search_docs;
  CREATE VIEW message_search_docs AS
    SELECT m.seq AS seq, m.chat_id AS chat_id,
      replace(replace(m.search_text || char(10) || coalesce((
        SELECT group_concat(t.tool_name || char(10) || coalesce(t.arguments, '') || char(10) || coalesce(t.result, ''), char(10))
        FROM tool_calls t WHERE t.message_id = m.id
      ) || char(10), ''), 'đ', 'd'), 'Đ', 'D') AS body
    FROM messages m;

  UPDATE search_index_state SET done_through = 0, target = (SELECT coalesce(max(seq), 0) FROM messages) WHERE id = 1;
`;

/**
 * Dropping a contentless_unindexed FTS5 table leaves its history_fts_content table behind (SQLite 3.54), and the new
 * table cannot be created beside it. Defensive mode (node:sqlite's default since 24.12) refuses to drop it while this
 * connection still knows it as a shadow table, so it is off for that one statement. A SQLite that drops it does not
 * get here; a Node without enableDefensive has defensive mode off.
 */
function dropLeftoverContent(db: DatabaseSync): void {
  if (!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'history_fts_content'").get()) return;
  const toggles = typeof db.enableDefensive === 'function';
  if (toggles) db.enableDefensive(false);
  try {
    db.exec('DROP TABLE history_fts_content');
  } finally {
    if (toggles) db.enableDefensive(true);
  }
}

/** Migration 8: history_fts with a diacritic-folding tokenizer, documents with đ as d, and a rebuild after start. */
export function foldSearchIndex(db: DatabaseSync): void {
  db.exec(dropOldSql);
  dropLeftoverContent(db);
  db.exec(createFoldedSql);
}
