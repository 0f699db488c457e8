/**
 * Excerpts for the sidebar's search results: for each chat found, the newest message whose text or tool call
 * (arguments, result text) contains the query as find matches it (shared/textMatch.ts), cut around the match. A
 * message on the branch shown comes before one only on another version, so a hit opens without switching versions
 * when it can; one on another version is marked hidden (opening it shows that version).
 */
import type { DatabaseSync } from 'node:sqlite';
import { countMatches, excerpt, type SearchSnippet } from '../../../../shared/find.ts';
import { num, text, type Row } from '../rows.ts';
import { likePattern } from './historySearch.ts';
import { callRowFindText, storedMessageFindText } from './storedFindText.ts';
import { findMatchSql, registerFindMatch } from './matchFunction.ts';

/**
 * The excerpt of one message's first match, text before tool calls, and which occurrence of its find text that is.
 * `readCalls` gives its tool calls' find texts in order, read only when the text has no match (most hits are in it).
 */
export function messageSnippet(searchText: string, readCalls: () => readonly string[], query: string): Omit<SearchSnippet, 'messageId' | 'hidden'> | undefined {
  const inText = excerpt(searchText, query);
  // The find text starts with the message's text: its first match there is the message's first occurrence.
  if (inText) return { ...inText, occurrence: 0, inTool: false };
  const callTexts = readCalls();
  for (let i = 0; i < callTexts.length; i++) {
    const inTool = excerpt(callTexts[i] ?? '', query);
    // Counted on the find text before this call, as find counts (the joined text, so the two always agree).
    if (inTool) return { ...inTool, occurrence: countMatches(`${storedMessageFindText(searchText, callTexts.slice(0, i))}\n`, query), inTool: true };
  }
  return undefined;
}

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
  const matches = `m.chat_id = ?1 AND (${findMatchSql('m.search_text', '?2', '?3')}
       OR EXISTS (SELECT 1 FROM tool_calls t WHERE t.message_id = m.id AND (${inCall})))`;
  // A chat with no versions (no two messages under one parent, first messages included) shows every message: most
  // chats. Only a chat with versions pays for walking its shown branch, the path from its active leaf up to its first
  // message (as chatFind.ts reads it), which in a 50,000-message chat took 6 times the search itself.
  const hasVersions = db.prepare('SELECT 1 FROM messages WHERE chat_id = ? GROUP BY parent_id HAVING count(*) > 1 LIMIT 1');
  const newest = db.prepare(`SELECT m.id, m.search_text, 1 AS on_shown FROM messages m WHERE ${matches} ORDER BY m.seq DESC LIMIT 5`);
  const shownFirst = db.prepare(
    `WITH RECURSIVE shown(id) AS (SELECT active_leaf FROM chats WHERE id = ?1 AND active_leaf IS NOT NULL
       UNION ALL SELECT m.parent_id FROM messages m JOIN shown s ON m.id = s.id WHERE m.parent_id IS NOT NULL)
     SELECT m.id, m.search_text, m.id IN (SELECT id FROM shown) AS on_shown FROM messages m
     WHERE ${matches}
     ORDER BY on_shown DESC, m.seq DESC LIMIT 5`,
  );
  const tools = db.prepare('SELECT tool_name, arguments, result FROM tool_calls WHERE message_id = ? ORDER BY position');
  for (const chatId of chatIds) {
    const candidates = hasVersions.get(chatId) ? shownFirst : newest;
    for (const row of candidates.all(chatId, pattern, q) as Row[]) {
      const messageId = text(row, 'id');
      const found = messageSnippet(text(row, 'search_text'), () => (tools.all(messageId) as Row[]).map(callRowFindText), q);
      if (found) {
        out[chatId] = { messageId, hidden: num(row, 'on_shown') !== 1, ...found };
        break;
      }
    }
  }
  return out;
}
