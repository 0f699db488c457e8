/**
 * The full-text index of chat history (migration 3): one FTS5 document per message, its text plus its tool calls'
 * names, arguments and results, kept in sync by triggers. Existing messages are indexed after start in batches
 * (indexBuilder.ts) so opening a big history never blocks; search_index_state says how far that has come.
 */

// Why these choices:
// - trigram: substring matching in any script (Chinese has no spaces, Vietnamese syllables are short), Unicode case folding.
// - contentless (content='') with contentless_delete: the text already lives in messages/tool_calls; no second copy.
// - chat_id UNINDEXED and stored (contentless_unindexed) so a hit names its chat without a join.
// - every document ends with a newline so each 2-character substring starts some trigram (see searchQuery.ts).
// - rowid = messages.seq (INTEGER PRIMARY KEY AUTOINCREMENT: stable across VACUUM, unlike implicit rowids).
export const searchSchemaSql = `
  CREATE VIRTUAL TABLE history_fts USING fts5(
    body, chat_id UNINDEXED,
    tokenize = 'trigram', content = '', contentless_delete = 1, contentless_unindexed = 1
  );
  CREATE VIRTUAL TABLE history_fts_terms USING fts5vocab(history_fts, 'row');

  CREATE VIEW message_search_docs AS
    SELECT m.seq AS seq, m.chat_id AS chat_id,
      m.search_text || char(10) || coalesce((
        SELECT group_concat(t.tool_name || char(10) || coalesce(t.arguments, '') || char(10) || coalesce(t.result, ''), char(10))
        FROM tool_calls t WHERE t.message_id = m.id
      ) || char(10), '') AS body
    FROM messages m;

  -- Messages with seq up to target existed before the index; those up to done_through are indexed already.
  CREATE TABLE search_index_state (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    done_through INTEGER NOT NULL,
    target INTEGER NOT NULL
  );
  INSERT INTO search_index_state (id, done_through, target) VALUES (1, 0, (SELECT coalesce(max(seq), 0) FROM messages));

  CREATE TRIGGER messages_search_insert AFTER INSERT ON messages BEGIN
    INSERT INTO history_fts (rowid, body, chat_id) SELECT seq, body, chat_id FROM message_search_docs WHERE seq = new.seq;
  END;
  CREATE TRIGGER messages_search_update AFTER UPDATE OF search_text ON messages WHEN old.search_text IS NOT new.search_text BEGIN
    DELETE FROM history_fts WHERE rowid = old.seq;
    INSERT INTO history_fts (rowid, body, chat_id) SELECT seq, body, chat_id FROM message_search_docs WHERE seq = new.seq;
  END;
  -- Deleting a chat cascades to its messages, and foreign-key actions fire these triggers too.
  CREATE TRIGGER messages_search_delete AFTER DELETE ON messages BEGIN
    DELETE FROM history_fts WHERE rowid = old.seq;
  END;

  -- A tool call change rewrites its message's document (a message has few calls; unchanged saves are skipped).
  CREATE TRIGGER tool_calls_search_insert AFTER INSERT ON tool_calls BEGIN
    DELETE FROM history_fts WHERE rowid = (SELECT seq FROM messages WHERE id = new.message_id);
    INSERT INTO history_fts (rowid, body, chat_id)
      SELECT d.seq, d.body, d.chat_id FROM message_search_docs d WHERE d.seq = (SELECT seq FROM messages WHERE id = new.message_id);
  END;
  CREATE TRIGGER tool_calls_search_update AFTER UPDATE ON tool_calls
    WHEN old.arguments IS NOT new.arguments OR old.result IS NOT new.result OR old.tool_name IS NOT new.tool_name BEGIN
    DELETE FROM history_fts WHERE rowid = (SELECT seq FROM messages WHERE id = new.message_id);
    INSERT INTO history_fts (rowid, body, chat_id)
      SELECT d.seq, d.body, d.chat_id FROM message_search_docs d WHERE d.seq = (SELECT seq FROM messages WHERE id = new.message_id);
  END;
  CREATE TRIGGER tool_calls_search_delete AFTER DELETE ON tool_calls BEGIN
    DELETE FROM history_fts WHERE rowid = (SELECT seq FROM messages WHERE id = old.message_id);
    INSERT INTO history_fts (rowid, body, chat_id)
      SELECT d.seq, d.body, d.chat_id FROM message_search_docs d WHERE d.seq = (SELECT seq FROM messages WHERE id = old.message_id);
  END;
`;
