/**
 * Stored summaries of long chats' older turns: one per chat, replaced as the chat grows, so a send reads the summary
 * plus the newest messages instead of the whole history. The table is created here on first use (IF NOT EXISTS) rather
 * than by a numbered migration: it is read only by this feature, and a missing table is simply "no summary yet".
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { num, text, type Row } from './rows.ts';

/** A chat's summary of everything up to and including one message. */
export interface StoredSummary {
  chatId: string;
  text: string;
  /** The newest message the summary covers; messages after it are sent as they are. */
  throughMessageId: string;
  /** How many messages the summary stands for (including those it could only count, not read). */
  coveredMessages: number;
  /** Of those, the oldest ones it could not read (beyond what one summary request holds). */
  unreadMessages: number;
  model: string;
  createdAt: number;
}

const schema = `CREATE TABLE IF NOT EXISTS chat_context_summaries (
  chat_id TEXT PRIMARY KEY REFERENCES chats(id) ON DELETE CASCADE,
  text TEXT NOT NULL,
  through_message_id TEXT NOT NULL,
  covered_messages INTEGER NOT NULL,
  unread_messages INTEGER NOT NULL DEFAULT 0,
  model TEXT NOT NULL,
  created_at INTEGER NOT NULL
)`;

/** Reads and writes chat summaries on the current history database (it changes when a history is restored). */
export class SummaryStore {
  private readonly database: () => DatabaseSync;
  private prepared: { db: DatabaseSync; get: StatementSync; put: StatementSync } | undefined;

  constructor(database: () => DatabaseSync) {
    this.database = database;
  }

  private statements(): { get: StatementSync; put: StatementSync } {
    const db = this.database();
    if (this.prepared?.db !== db) {
      db.exec(schema);
      // Tables made by development builds before unread_messages existed get the column.
      const columns = db.prepare('PRAGMA table_info(chat_context_summaries)').all() as Row[];
      if (!columns.some((c) => text(c, 'name') === 'unread_messages')) db.exec('ALTER TABLE chat_context_summaries ADD COLUMN unread_messages INTEGER NOT NULL DEFAULT 0');
      this.prepared = {
        db,
        get: db.prepare('SELECT * FROM chat_context_summaries WHERE chat_id = ?'),
        put: db.prepare(
          `INSERT INTO chat_context_summaries (chat_id, text, through_message_id, covered_messages, unread_messages, model, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (chat_id) DO UPDATE SET text = excluded.text, through_message_id = excluded.through_message_id,
             covered_messages = excluded.covered_messages, unread_messages = excluded.unread_messages, model = excluded.model, created_at = excluded.created_at`,
        ),
      };
    }
    return this.prepared;
  }

  /** The chat's summary, if one was made. */
  get(chatId: string): StoredSummary | undefined {
    const row = this.statements().get.get(chatId) as Row | undefined;
    if (!row) return undefined;
    return {
      chatId,
      text: text(row, 'text'),
      throughMessageId: text(row, 'through_message_id'),
      coveredMessages: num(row, 'covered_messages'),
      unreadMessages: num(row, 'unread_messages'),
      model: text(row, 'model'),
      createdAt: num(row, 'created_at'),
    };
  }

  /** Saves (replaces) the chat's summary. */
  put(summary: StoredSummary): void {
    this.statements().put.run(summary.chatId, summary.text, summary.throughMessageId, summary.coveredMessages, summary.unreadMessages, summary.model, summary.createdAt);
  }
}
