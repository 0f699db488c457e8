/** Versioned schema migrations of history.db, tracked in PRAGMA user_version; each runs in one transaction. */
import type { DatabaseSync } from 'node:sqlite';
import { searchSchemaSql, searchWhenDoneSql } from './search/schema.ts';
import { searchPerRunSql, searchWithRunSql } from './search/pendingIndex.ts';
import { foldSearchIndex } from './search/foldedIndex.ts';

/** One schema step; `version` is the user_version after it ran. `up` is SQL, or code run in the step's transaction. */
interface Migration {
  version: number;
  up: string | ((db: DatabaseSync) => void);
}

// Append only: never edit a shipped step, add a new one.
const migrations: Migration[] = [
  {
    version: 1,
    up: `
      CREATE TABLE chats (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        title_locked INTEGER NOT NULL DEFAULT 0,
        model TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        message_count INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX chats_by_updated ON chats(updated_at DESC, id);

      CREATE TABLE messages (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        chat_id TEXT NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
        role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
        -- Content blocks as JSON; tool calls are stored in tool_calls and referenced here by id.
        blocks TEXT NOT NULL,
        -- Plain text of the message, for search and export.
        search_text TEXT NOT NULL DEFAULT '',
        status TEXT NOT NULL,
        model TEXT,
        input_tokens INTEGER,
        output_tokens INTEGER,
        cache_read_tokens INTEGER,
        cache_write_tokens INTEGER,
        stop_reason TEXT,
        notice TEXT,
        error TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX messages_by_chat ON messages(chat_id, seq);

      CREATE TABLE tool_calls (
        message_id TEXT NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
        id TEXT NOT NULL,
        chat_id TEXT NOT NULL,
        position INTEGER NOT NULL,
        server_id TEXT NOT NULL,
        tool_name TEXT NOT NULL,
        exposed_name TEXT NOT NULL,
        arguments TEXT,
        result TEXT,
        error TEXT,
        status TEXT NOT NULL,
        started_at INTEGER,
        duration_ms INTEGER,
        -- The rest of the block (title, destructive, partial input, progress) as JSON.
        extra TEXT NOT NULL DEFAULT '{}',
        PRIMARY KEY (message_id, id)
      );
      CREATE INDEX tool_calls_by_chat ON tool_calls(chat_id);
    `,
  },
  {
    version: 2,
    // A chat's tool scope (servers and tools left out) as JSON; NULL: the default scope from settings.
    up: `ALTER TABLE chats ADD COLUMN tool_scope TEXT;`,
  },
  {
    version: 3,
    // Full-text search (FTS5 trigram) kept by triggers; existing messages are indexed after start (search/indexBuilder.ts).
    up: searchSchemaSql,
  },
  {
    version: 4,
    // Branches (edit, regenerate): each message names its parent and its depth on its path, each chat the leaf shown.
    // Existing chats become one branch each: every message's parent is the one before it.
    up: `
      ALTER TABLE messages ADD COLUMN parent_id TEXT;
      ALTER TABLE messages ADD COLUMN depth INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE chats ADD COLUMN active_leaf TEXT;
      UPDATE messages SET parent_id = r.prev, depth = r.n
        FROM (SELECT seq, lag(id) OVER w AS prev, row_number() OVER w - 1 AS n FROM messages WINDOW w AS (PARTITION BY chat_id ORDER BY seq)) AS r
        WHERE r.seq = messages.seq;
      UPDATE chats SET active_leaf = (SELECT m.id FROM messages m WHERE m.chat_id = chats.id ORDER BY m.seq DESC LIMIT 1);
      CREATE INDEX messages_by_parent ON messages(chat_id, parent_id, seq);
    `,
  },
  {
    version: 5,
    // A streaming answer is indexed for search once, when it ends, not at each of its saves (search/schema.ts).
    up: searchWhenDoneSql,
  },
  {
    version: 6,
    // An answer that ends waits in search_pending; the documents waiting are written together (search/pendingIndex.ts).
    up: searchPerRunSql,
  },
  {
    version: 7,
    // A finished message inserted is listed in search_pending too: a sent message's document is written with its run's.
    up: searchWithRunSql,
  },
  {
    version: 8,
    // The index folds diacritics (đ as d): a query typed without them finds text with them. Existing messages are
    // indexed again after start, as after migration 3 (search/foldedIndex.ts); the scan answers until then.
    up: foldSearchIndex,
  },
  {
    version: 9,
    // The user's most used tools (toolUsage.ts) count the calls that ran in the last days: a partial index holding only
    // those, ordered by start, answers from the index alone instead of scanning every call row (and its stored result).
    up: `CREATE INDEX tool_calls_done_by_start ON tool_calls(started_at, server_id, tool_name) WHERE status = 'done';`,
  },
];

/** The schema version this build writes. */
export const latestVersion = migrations.at(-1)?.version ?? 0;

/** Reads the schema version of an open database. */
export function schemaVersion(db: DatabaseSync): number {
  const row = db.prepare('PRAGMA user_version').get() as { user_version?: number } | undefined;
  return Number(row?.user_version ?? 0);
}

/** Applies every migration newer than the database (up to `target`: tests build older schemas); throws when the database is newer than this build. */
export function migrate(db: DatabaseSync, target: number = latestVersion): void {
  const current = schemaVersion(db);
  if (current > latestVersion) {
    throw new Error(`history.db has schema version ${current}; this Switchboard understands up to ${latestVersion}`);
  }
  for (const step of migrations) {
    if (step.version <= current || step.version > target) continue;
    db.exec('BEGIN IMMEDIATE');
    try {
      if (typeof step.up === 'string') db.exec(step.up);
      else step.up(db);
      db.exec(`PRAGMA user_version = ${step.version}`);
      db.exec('COMMIT');
    } catch (cause) {
      db.exec('ROLLBACK');
      throw cause;
    }
  }
}
