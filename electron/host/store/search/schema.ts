/**
 * The full-text index of chat history (migration 3): one FTS5 document per message, its text plus its tool calls'
 * names, arguments and results, kept in sync by triggers. Existing messages are indexed after start in batches
 * (indexBuilder.ts) so opening a big history never blocks; search_index_state says how far that has come.
 */

// Why these choices:
// - trigram: substring matching in any script (Chinese has no spaces, Vietnamese syllables are short), Unicode case folding.
//   Migration 8 (foldedIndex.ts) recreates the table with remove_diacritics and the view with đ as d; the SQL below is
//   what migration 3 shipped and stays as it was.
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

// Migration 5: a message is indexed once it is no longer streaming. A streamed answer is saved at every finished block
// and tool call status (the crash promise), and each save rewrote its whole document in the trigram index: most of a
// save's cost. In-chat find reads messages.search_text, which every save still writes, so it sees a streaming answer;
// history search sees it when it ends, or when the next start closes an answer a crash left streaming (its status
// changes, which indexes it). Tool calls are written before their message row, so the final save indexes once.
const indexDocument = (seq: string) => `
    DELETE FROM history_fts WHERE rowid = ${seq};
    INSERT INTO history_fts (rowid, body, chat_id) SELECT d.seq, d.body, d.chat_id FROM message_search_docs d WHERE d.seq = ${seq};`;
const callMessageSeq = (row: string) => `(SELECT seq FROM messages WHERE id = ${row}.message_id)`;
const callMessageDone = (row: string) => `(SELECT status FROM messages WHERE id = ${row}.message_id) IS NOT 'streaming'`;

/** Migration 5: the search triggers skip messages that are still streaming and index them when they end. */
export const searchWhenDoneSql = `
  DROP TRIGGER messages_search_insert;
  DROP TRIGGER messages_search_update;
  DROP TRIGGER tool_calls_search_insert;
  DROP TRIGGER tool_calls_search_update;
  CREATE TRIGGER messages_search_insert AFTER INSERT ON messages WHEN new.status IS NOT 'streaming' BEGIN
    INSERT INTO history_fts (rowid, body, chat_id) SELECT seq, body, chat_id FROM message_search_docs WHERE seq = new.seq;
  END;
  CREATE TRIGGER messages_search_update AFTER UPDATE OF search_text, status ON messages
    WHEN new.status IS NOT 'streaming' AND (old.search_text IS NOT new.search_text OR old.status IS 'streaming') BEGIN${indexDocument('new.seq')}
  END;
  CREATE TRIGGER tool_calls_search_insert AFTER INSERT ON tool_calls WHEN ${callMessageDone('new')} BEGIN${indexDocument(callMessageSeq('new'))}
  END;
  CREATE TRIGGER tool_calls_search_update AFTER UPDATE ON tool_calls
    WHEN (old.arguments IS NOT new.arguments OR old.result IS NOT new.result OR old.tool_name IS NOT new.tool_name) AND ${callMessageDone('new')}
    BEGIN${indexDocument(callMessageSeq('new'))}
  END;
`;
