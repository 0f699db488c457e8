/**
 * Find's matching rule (shared/textMatch.ts) as a SQL function, for the title match and the scan fallback: SQLite's
 * LIKE folds ASCII case only, so "ha noi" LIKE cannot find "Hà Nội". Registered on the host's own connection; it is
 * never used by a trigger or a view, so any other program can still open and write history.db.
 */
import type { DatabaseSync } from 'node:sqlite';
import { includesText } from '../../../../shared/textMatch.ts';

/** The SQL function's name: switchboard_find_match(text, query) is 1 when find would match `query` in `text`. */
export const findMatchFunction = 'switchboard_find_match';

const registered = new WeakSet<DatabaseSync>();

/** Registers switchboard_find_match on `db` (once per connection). */
export function registerFindMatch(db: DatabaseSync): void {
  if (registered.has(db)) return;
  db.function(findMatchFunction, { deterministic: true }, (text, query) => (typeof text === 'string' && typeof query === 'string' && includesText(text, query) ? 1 : 0));
  registered.add(db);
}

/** True when a column holds a character outside ASCII (more UTF-8 bytes than characters); only those need the function. */
export const notAscii = (column: string): string => `length(CAST(${column} AS BLOB)) > length(${column})`;

/**
 * A condition true exactly when find matches the query in `column`: `likeParam` is likePattern(query) and `queryParam`
 * the query. A LIKE hit is a find match too (same letters, ASCII case folded); an ASCII-only text that LIKE missed can
 * match nothing more, so only texts with other characters are handed to JavaScript.
 */
export function findMatchSql(column: string, likeParam: string, queryParam: string): string {
  return `(${column} LIKE ${likeParam} ESCAPE '\\' OR (${notAscii(column)} AND ${findMatchFunction}(${column}, ${queryParam})))`;
}
