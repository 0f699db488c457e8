/**
 * Excerpts for the sidebar's search results: for each chat found, the newest message whose text or tool call
 * (arguments, result text) contains the query as find matches it (shared/textMatch.ts), cut around the match.
 */
import type { DatabaseSync } from 'node:sqlite';
import { excerpt, type SearchSnippet } from '../../../../shared/find.ts';
import { text, type Row } from '../rows.ts';
import { likePattern } from './historySearch.ts';
import { callRowFindText } from './storedFindText.ts';
import { findMatchSql, registerFindMatch } from './matchFunction.ts';

/**
 * The snippet of each chat that has one. SQL narrows the rows with find's rule (LIKE, and find's matcher on texts
 * outside ASCII: "ha noi" must reach "Hà Nội"); the match itself is found in JS on the text find reads.
 */
export function chatSnippets(db: DatabaseSync, chatIds: readonly string[], query: string): Record<string, SearchSnippet> {
  const q = query.trim();
  const out: Record<string, SearchSnippet> = {};
  if (!q) return out;
  registerFindMatch(db);
  const pattern = likePattern(q);
  const inCall = ['t.arguments', 't.result', 't.tool_name'].map((column) => findMatchSql(column, '?2', '?3')).join(' OR ');
  const candidates = db.prepare(
    `SELECT m.id, m.search_text FROM messages m WHERE m.chat_id = ?1 AND (${findMatchSql('m.search_text', '?2', '?3')}
       OR EXISTS (SELECT 1 FROM tool_calls t WHERE t.message_id = m.id AND (${inCall})))
     ORDER BY m.seq DESC LIMIT 5`,
  );
  const tools = db.prepare('SELECT tool_name, arguments, result FROM tool_calls WHERE message_id = ? ORDER BY position');
  for (const chatId of chatIds) {
    for (const row of candidates.all(chatId, pattern, q) as Row[]) {
      const messageId = text(row, 'id');
      const inText = excerpt(text(row, 'search_text'), q);
      if (inText) {
        out[chatId] = { messageId, ...inText, inTool: false };
        break;
      }
      const inTool = (tools.all(messageId) as Row[])
        .map((t) => excerpt(callRowFindText(t), q))
        .find((e) => e !== undefined);
      if (inTool) {
        out[chatId] = { messageId, ...inTool, inTool: true };
        break;
      }
    }
  }
  return out;
}
