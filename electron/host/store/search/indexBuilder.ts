/**
 * Indexes the messages that existed before the search index (migration 3, and again after migration 8 rebuilt it
 * with diacritic folding) in small batches after start, yielding to the event loop between batches so the host keeps
 * answering; search scans as before until the last batch is in.
 */
import type { DatabaseSync } from 'node:sqlite';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Logger } from '../../environment.ts';
import { searchIndexState } from './historySearch.ts';

/** Progress of a build: messages indexed so far (by seq) out of the highest seq to index. */
export interface IndexProgress {
  doneThrough: number;
  target: number;
}

/** Options of a build; the defaults suit the host (a batch is a few tens of milliseconds). */
export interface IndexBuildOptions {
  batchSize?: number;
  logger?: Logger;
  /** Called once before the first batch (where the build starts) and after each batch; never when there is nothing to index. */
  onProgress?: (progress: IndexProgress) => void;
}

// Delete first: a trigger may already have indexed an old message that was edited after the migration.
function indexBatch(db: DatabaseSync, after: number, target: number, batchSize: number): number {
  db.exec('BEGIN IMMEDIATE');
  try {
    const rows = db.prepare('SELECT seq FROM messages WHERE seq > ? AND seq <= ? ORDER BY seq LIMIT ?').all(after, target, batchSize);
    const last = rows.length === batchSize ? Number(rows.at(-1)?.seq) : target;
    const remove = db.prepare('DELETE FROM history_fts WHERE rowid = ?');
    for (const row of rows) remove.run(Number(row.seq));
    db.prepare('INSERT INTO history_fts (rowid, body, chat_id) SELECT seq, body, chat_id FROM message_search_docs WHERE seq > ? AND seq <= ?').run(after, last);
    db.prepare('UPDATE search_index_state SET done_through = ? WHERE id = 1').run(last);
    db.exec('COMMIT');
    return last;
  } catch (cause) {
    db.exec('ROLLBACK');
    throw cause;
  }
}

/** Indexes every message not yet indexed; resolves when done, or early when the database is closed (a restore). */
export async function buildSearchIndex(db: DatabaseSync, options: IndexBuildOptions = {}): Promise<void> {
  const batchSize = options.batchSize ?? 200;
  const state = searchIndexState(db);
  if (!state || state.doneThrough >= state.target) return;
  const started = Date.now();
  options.logger?.info('search index: indexing existing messages', { upToSeq: state.target, from: state.doneThrough });
  let done = state.doneThrough;
  options.onProgress?.({ doneThrough: done, target: state.target });
  while (done < state.target) {
    if (!db.isOpen) return;
    done = indexBatch(db, done, state.target, batchSize);
    options.onProgress?.({ doneThrough: done, target: state.target });
    await yieldToEventLoop();
  }
  options.logger?.info('search index: ready', { upToSeq: state.target, ms: Date.now() - started });
}
