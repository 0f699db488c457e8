/**
 * Excerpts for the sidebar's search results: for each chat found, the newest message whose text or tool call
 * (arguments, result text) contains the query, cut around the match.
 */
import type { DatabaseSync } from 'node:sqlite';
import { excerpt, toolCallFindText, type SearchSnippet } from '../../../../shared/find.ts';
import type { ToolResult } from '../../../../shared/servers.ts';
import { json, text, type Row } from '../rows.ts';
import { likePattern } from './historySearch.ts';

/** The snippet of each chat that has one (LIKE narrows the rows; the match itself is found case-insensitively in JS). */
export function chatSnippets(db: DatabaseSync, chatIds: readonly string[], query: string): Record<string, SearchSnippet> {
  const q = query.trim();
  const out: Record<string, SearchSnippet> = {};
  if (!q) return out;
  const pattern = likePattern(q);
  const candidates = db.prepare(
    `SELECT m.id, m.search_text FROM messages m WHERE m.chat_id = ?1 AND (m.search_text LIKE ?2 ESCAPE '\\'
       OR EXISTS (SELECT 1 FROM tool_calls t WHERE t.message_id = m.id AND (t.arguments LIKE ?2 ESCAPE '\\' OR t.result LIKE ?2 ESCAPE '\\' OR t.tool_name LIKE ?2 ESCAPE '\\')))
     ORDER BY m.seq DESC LIMIT 5`,
  );
  const tools = db.prepare('SELECT tool_name, arguments, result FROM tool_calls WHERE message_id = ? ORDER BY position');
  for (const chatId of chatIds) {
    for (const row of candidates.all(chatId, pattern) as Row[]) {
      const messageId = text(row, 'id');
      const inText = excerpt(text(row, 'search_text'), q);
      if (inText) {
        out[chatId] = { messageId, ...inText, inTool: false };
        break;
      }
      const inTool = (tools.all(messageId) as Row[])
        .map((t) => excerpt(toolCallFindText(text(t, 'tool_name'), json<unknown>(t, 'arguments', undefined), json<ToolResult | undefined>(t, 'result', undefined)), q))
        .find((e) => e !== undefined);
      if (inTool) {
        out[chatId] = { messageId, ...inTool, inTool: true };
        break;
      }
    }
  }
  return out;
}
