/**
 * Search documents of finished answers, written once per run (migration 6). A run ends several answers (one per API
 * turn); each used to build its search document in the trigram index at its own commit, and FTS5 writes its pending
 * terms as a new segment at every commit that touched it (and merges them later), so five turn ends were five segment
 * writes. Now an answer that stops streaming is only listed in search_pending (a plain row in the same commit), and
 * the documents of everything listed are written in one transaction (`ChatRepository.indexPending`): a moment after
 * the run's end, with other runs' (pendingIndexTimer.ts), or first thing in a history search. A crash before that
 * leaves the list in history.db; the next start writes it (the heal), so no document is lost. Edits of a finished
 * message and its tool calls are indexed at once, as before.
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';

/** Migration 6: a message that stops streaming waits in search_pending instead of being indexed at once. */
export const searchPerRunSql = `
  CREATE TABLE search_pending (seq INTEGER PRIMARY KEY);
  DROP TRIGGER messages_search_update;
  CREATE TRIGGER messages_search_update AFTER UPDATE OF search_text ON messages
    WHEN old.status IS NOT 'streaming' AND new.status IS NOT 'streaming' AND old.search_text IS NOT new.search_text BEGIN
    DELETE FROM history_fts WHERE rowid = new.seq;
    INSERT INTO history_fts (rowid, body, chat_id) SELECT d.seq, d.body, d.chat_id FROM message_search_docs d WHERE d.seq = new.seq;
  END;
  CREATE TRIGGER messages_search_done AFTER UPDATE OF status ON messages
    WHEN old.status IS 'streaming' AND new.status IS NOT 'streaming' BEGIN
    INSERT OR IGNORE INTO search_pending (seq) VALUES (new.seq);
  END;
`;

/**
 * Migration 7: a message inserted finished (a user's message) is listed in search_pending too, instead of indexed by
 * the insert's trigger. The repository indexes it in the insert's commit as before (`writeDocumentNow`), except a
 * sent message, whose document joins its run's: one FTS5 segment per send instead of two, and the
 * send's commit, which the first API request waits for, no longer builds one (it wrote ~15 WAL pages, ~7 without).
 */
export const searchWithRunSql = `
  DROP TRIGGER messages_search_insert;
  CREATE TRIGGER messages_search_insert AFTER INSERT ON messages WHEN new.status IS NOT 'streaming' BEGIN
    INSERT OR IGNORE INTO search_pending (seq) VALUES (new.seq);
  END;
`;

// Delete first: a finished message's tool call changed after it ended may have indexed it already. A listed message
// deleted since has no document to write. Prepared once per database: run through exec, the three statements were
// parsed and planned again at every drain.
const drainSql = [
  'DELETE FROM history_fts WHERE rowid IN (SELECT seq FROM search_pending)',
  `INSERT INTO history_fts (rowid, body, chat_id)
    SELECT d.seq, d.body, d.chat_id FROM search_pending p CROSS JOIN message_search_docs d ON d.seq = p.seq`,
  'DELETE FROM search_pending',
];

// The drain for one message (its tool calls' triggers may have indexed it already).
const oneSql = [
  'DELETE FROM search_pending WHERE seq = ?1',
  'DELETE FROM history_fts WHERE rowid = ?1',
  'INSERT INTO history_fts (rowid, body, chat_id) SELECT d.seq, d.body, d.chat_id FROM message_search_docs d WHERE d.seq = ?1',
];

interface PendingStatements {
  any: StatementSync;
  drain: StatementSync[];
  // One message's document now (writeDocumentNow).
  one: StatementSync[];
}

const statements = new WeakMap<DatabaseSync, PendingStatements>();

function statementsOf(db: DatabaseSync): PendingStatements {
  let known = statements.get(db);
  if (!known) {
    known = {
      any: db.prepare('SELECT 1 FROM search_pending LIMIT 1'),
      drain: drainSql.map((sql) => db.prepare(sql)),
      one: oneSql.map((sql) => db.prepare(sql)),
    };
    statements.set(db, known);
  }
  return known;
}

/** Whether any message waits in search_pending: one indexed read, so a run with nothing to index opens no write. */
export function hasPendingDocuments(db: DatabaseSync): boolean {
  return statementsOf(db).any.get() !== undefined;
}

/** Writes the search documents of every message waiting in search_pending; run it inside the caller's transaction. */
export function writePendingDocuments(db: DatabaseSync): void {
  for (const statement of statementsOf(db).drain) statement.run();
}

/** Writes message `seq`'s document and takes it off the list; run it inside the caller's transaction (schema 7). */
export function writeDocumentNow(db: DatabaseSync, seq: number | bigint): void {
  for (const statement of statementsOf(db).one) statement.run(seq);
}
