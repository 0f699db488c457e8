/**
 * The check behind a query typed with diacritics. The index folds them, so "hà" gets every chat with "ha" as a
 * candidate; in-chat find matches such a query only as typed ("hà" does not find "ha"), and a chat listed for it must
 * show a match when opened. So each candidate chat is kept only when one of its messages (text plus its tool calls'
 * find text, as chatFind.ts reads them) contains every term as find compares them (shared/textMatch.ts).
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { markedLetter, textContainsAll } from '../../../../shared/textMatch.ts';
import { text, type Row } from '../rows.ts';
import { callRowFindText, storedMessageFindText } from './storedFindText.ts';

interface Statements {
  textsWith: StatementSync;
  callsWith: StatementSync;
  messagesWithCalls: StatementSync;
  callsOf: StatementSync;
}

/** Keeps the candidate chats that truly contain a query typed with diacritics, in order, up to a page. */
export class StrictFilter {
  private readonly db: DatabaseSync;
  private stmts: Statements | undefined;

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  /**
   * The chats of `candidates` (in their order) with a message containing every term, at most `need` of them.
   * `checked` remembers answers across calls of one search, whose candidate list grows.
   */
  keep(candidates: readonly string[], terms: readonly string[], need: number, checked: Map<string, boolean>): string[] {
    const kept: string[] = [];
    // A letter with a diacritic every matching message must contain, in one of its two cases: instr() on it narrows
    // the rows in SQLite, and only those rows are read into JavaScript.
    const letter = markedLetter(terms.join(' '));
    for (const chatId of candidates) {
      if (kept.length >= need) break;
      let has = checked.get(chatId);
      if (has === undefined) {
        has = letter !== undefined && this.chatHas(chatId, terms, letter);
        checked.set(chatId, has);
      }
      if (has) kept.push(chatId);
    }
    return kept;
  }

  // Newest message first: a chat that matches usually does so in its first rows read. Text alone first, reading no
  // tool calls (most matches, and the cheap case); then the messages with tool calls whose text or calls carry the
  // letter, text and calls together (a query's terms can be split between them).
  private chatHas(chatId: string, terms: readonly string[], letter: string): boolean {
    const stmts = (this.stmts ??= this.prepare());
    const upper = letter.toUpperCase();
    // Each term as typed (a plain one among marked ones matches only plain letters); each text folded once.
    const matches = textContainsAll(terms, false);
    let letterInText = false;
    for (const row of stmts.textsWith.iterate(chatId, letter, upper) as Iterable<Row>) {
      if (matches(text(row, 'search_text'))) return true;
      letterInText = true;
    }
    const viaCalls = (stmts.callsWith.all(chatId, letter, upper) as Row[]).map((r) => text(r, 'message_id'));
    // Most candidates of a common folded term (an English chat for "hà") have the letter nowhere: done.
    if (!letterInText && viaCalls.length === 0) return false;
    for (const row of stmts.messagesWithCalls.iterate(chatId, letter, upper, JSON.stringify(viaCalls)) as Iterable<Row>) {
      const calls = (stmts.callsOf.all(text(row, 'id')) as Row[]).map(callRowFindText);
      if (matches(storedMessageFindText(text(row, 'search_text'), calls))) return true;
    }
    return false;
  }

  private prepare(): Statements {
    const has = (column: string) => `(instr(${column}, ?2) > 0 OR instr(${column}, ?3) > 0)`;
    return {
      callsWith: this.db.prepare(`SELECT DISTINCT message_id FROM tool_calls WHERE chat_id = ?1 AND (${has('arguments')} OR ${has('result')} OR ${has('tool_name')})`),
      textsWith: this.db.prepare(`SELECT search_text FROM messages WHERE chat_id = ?1 AND ${has('search_text')} ORDER BY seq DESC`),
      messagesWithCalls: this.db.prepare(
        `SELECT id, search_text FROM messages m WHERE chat_id = ?1
           AND ((${has('search_text')} AND EXISTS (SELECT 1 FROM tool_calls t WHERE t.message_id = m.id)) OR id IN (SELECT value FROM json_each(?4)))
           ORDER BY seq DESC`,
      ),
      callsOf: this.db.prepare('SELECT tool_name, arguments, result FROM tool_calls WHERE message_id = ? ORDER BY position'),
    };
  }
}
