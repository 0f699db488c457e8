/**
 * In-chat find on the host: the messages of a chat's shown branch whose text or tool calls (name, arguments, result
 * text) contain the query, with match counts, so the find bar also reaches pages the renderer has not loaded.
 */
import type { DatabaseSync } from 'node:sqlite';
import { countMatches, FIND_MATCH_LIMIT, type FindResult } from '../../../../shared/find.ts';
import { text, type Row } from '../rows.ts';
import { likePattern } from './historySearch.ts';
import { notAscii } from './matchFunction.ts';
import { callRowFindText, storedMessageFindText } from './storedFindText.ts';

// With branches (parent_id, active_leaf), only the path to the leaf shown is the chat the user sees.
function hasBranches(db: DatabaseSync): boolean {
  const columns = db.prepare('PRAGMA table_info(chats)').all() as Row[];
  return columns.some((c) => text(c, 'name') === 'active_leaf');
}

function shownIds(db: DatabaseSync, chatId: string): Set<string> | undefined {
  if (!hasBranches(db)) return undefined;
  const leaf = db.prepare('SELECT active_leaf FROM chats WHERE id = ?').get(chatId) as Row | undefined;
  if (!leaf || typeof leaf.active_leaf !== 'string') return undefined;
  const rows = db
    .prepare(
      `WITH RECURSIVE path(id) AS (SELECT ? UNION ALL SELECT m.parent_id FROM messages m JOIN path p ON m.id = p.id WHERE m.parent_id IS NOT NULL)
       SELECT id FROM path`,
    )
    .all(leaf.active_leaf) as Row[];
  return new Set(rows.map((r) => text(r, 'id')));
}

// LIKE (ASCII case folding, on the stored JSON of tool calls) can only narrow the rows when the query is ASCII and has
// nothing JSON escapes; otherwise every message of the chat is read and matched in JS.
const likeSafe = (query: string): boolean => /^[\x20-\x7e]+$/.test(query) && !/["\\]/.test(query);
// An ASCII query also matches letters with diacritics ("ha noi" finds "Hà Nội", shared/textMatch.ts), which LIKE cannot
// see: a text with any character outside ASCII (notAscii) is read and matched in JS as well.

/** Finds `query` in the chat's shown messages, oldest first. */
export function findInChat(db: DatabaseSync, chatId: string, query: string): FindResult {
  const shown = shownIds(db, chatId);
  const narrow = likeSafe(query);
  const pattern = likePattern(query);
  const toolText = new Map<string, string[]>();
  const toolRows = narrow
    ? db
        .prepare(`SELECT message_id, tool_name, arguments, result FROM tool_calls WHERE chat_id = ?1 AND (arguments LIKE ?2 ESCAPE '\\' OR result LIKE ?2 ESCAPE '\\' OR tool_name LIKE ?2 ESCAPE '\\' OR ${notAscii('arguments')} OR ${notAscii('result')}) ORDER BY position`)
        .iterate(chatId, pattern)
    : db.prepare('SELECT message_id, tool_name, arguments, result FROM tool_calls WHERE chat_id = ? ORDER BY position').iterate(chatId);
  for (const row of toolRows as Iterable<Row>) {
    const found = callRowFindText(row);
    const id = text(row, 'message_id');
    toolText.set(id, [...(toolText.get(id) ?? []), found]);
  }
  const messageRows = narrow
    ? db.prepare(`SELECT id, search_text FROM messages WHERE chat_id = ?1 AND (search_text LIKE ?2 ESCAPE '\\' OR ${notAscii('search_text')}) ORDER BY seq`).all(chatId, pattern)
    : db.prepare('SELECT id, search_text FROM messages WHERE chat_id = ? ORDER BY seq').all(chatId);
  const rows = messageRows as Row[];
  if (narrow && toolText.size > 0) {
    // Messages matched only through a tool call: read them too, then put every row back in chat order.
    const have = new Set(rows.map((r) => text(r, 'id')));
    const missing = [...toolText.keys()].filter((id) => !have.has(id));
    if (missing.length > 0) rows.push(...(db.prepare('SELECT id, search_text FROM messages WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(missing)) as Row[]));
    const seqOf = new Map((db.prepare('SELECT id, seq FROM messages WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(rows.map((r) => text(r, 'id')))) as Row[]).map((r) => [text(r, 'id'), Number(r.seq)]));
    rows.sort((a, b) => (seqOf.get(text(a, 'id')) ?? 0) - (seqOf.get(text(b, 'id')) ?? 0));
  }
  const result: FindResult = { hits: [], total: 0, truncated: false };
  for (const row of rows) {
    const id = text(row, 'id');
    if (shown && !shown.has(id)) continue;
    const body = storedMessageFindText(text(row, 'search_text'), toolText.get(id) ?? []);
    const count = countMatches(body, query, FIND_MATCH_LIMIT - result.total);
    if (count === 0) continue;
    result.hits.push({ messageId: id, count });
    result.total += count;
    if (result.total >= FIND_MATCH_LIMIT) {
      result.truncated = true;
      break;
    }
  }
  return result;
}
