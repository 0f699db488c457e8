/**
 * How in-chat find compares text with what the user typed: case-insensitive, and, when the query has no diacritics,
 * diacritic-insensitive too, as a browser's find in page is. Vietnamese is often typed without its tones ("ha noi" for
 * "Hà Nội", "duong" for "đường"); a query typed with them matches only those letters ("hà" does not find "ha"), since
 * in Vietnamese they make different words. Chinese and other scripts without combining marks are unaffected.
 */

const COMBINING = /\p{M}/u;
const COMBINING_ALL = /\p{M}/gu;
// Any UTF-16 unit past ASCII (astral characters are surrogate pairs, inside this range too).
const NON_ASCII = /[\u0080-\uffff]/;

/** The first letter of `query` (lower case) that carries a diacritic, đ included; undefined when it has none. */
export function markedLetter(query: string): string | undefined {
  for (const char of query.toLowerCase()) {
    if (char === 'đ' || COMBINING.test(char.normalize('NFD'))) return char;
  }
  return undefined;
}

/** True when `query` carries no diacritics (so it also matches letters that carry them). */
export function isPlainQuery(query: string): boolean {
  return markedLetter(query) === undefined;
}

/** The letters of `text` as compared: lower case, and without diacritics when `loose` (đ is a d with a stroke). */
function foldAll(text: string, loose: boolean): string {
  const lower = text.toLowerCase();
  if (!NON_ASCII.test(lower)) return lower;
  // Lower-casing a whole string makes a word-final Σ a ς, one letter at a time a σ: one form, so both ways agree.
  const cased = lower.replaceAll('ς', 'σ');
  return loose ? cased.normalize('NFD').replace(COMBINING_ALL, '').replaceAll('đ', 'd') : cased;
}

/** `text` folded character by character, with where each folded unit came from (`origin[length]` is the end). */
function foldMapped(text: string, loose: boolean): { folded: string; origin: number[] } {
  let folded = '';
  const origin: number[] = [];
  let at = 0;
  for (const char of text) {
    const piece = foldAll(char, loose);
    for (let k = 0; k < piece.length; k++) origin.push(at);
    folded += piece;
    at += char.length;
  }
  origin.push(text.length);
  return { folded, origin };
}

/**
 * True when `text` contains `query`. `loose` defaults to the query's own kind; the sidebar search passes the whole
 * query's kind when it checks one of its terms, so "hà noi" does not let "noi" match "nội".
 */
export function includesText(text: string, query: string, loose = isPlainQuery(query)): boolean {
  return textContainsAll([query], loose)(text);
}

/** A test of whether a text contains every one of `terms` (none empty), compared as `loose` says: terms folded once, each text once. */
export function textContainsAll(terms: readonly string[], loose: boolean): (text: string) => boolean {
  const needles = terms.map((term) => foldAll(term, loose));
  if (needles.length === 0 || needles.some((needle) => needle.length === 0)) return () => false;
  return (text) => {
    const folded = foldAll(text, loose);
    return needles.every((needle) => folded.includes(needle));
  };
}

/** How many non-overlapping times `query` occurs in `text` (at most `limit`). */
export function countTextMatches(text: string, query: string, limit: number): number {
  const loose = isPlainQuery(query);
  const needle = foldAll(query, loose);
  if (needle.length === 0) return 0;
  const haystack = foldAll(text, loose);
  let count = 0;
  for (let at = haystack.indexOf(needle); at !== -1 && count < limit; at = haystack.indexOf(needle, at + needle.length)) count++;
  return count;
}

/** Where `query` occurs in `text`: [start, end) offsets into `text` itself, in order, non-overlapping. */
export function textMatchRanges(text: string, query: string): [number, number][] {
  const loose = isPlainQuery(query);
  const needle = foldAll(query, loose);
  if (needle.length === 0) return [];
  // Folding the whole string at once is what counting does; only a string with a match pays for the character map.
  if (!foldAll(text, loose).includes(needle)) return [];
  const { folded, origin } = foldMapped(text, loose);
  const ranges: [number, number][] = [];
  for (let at = folded.indexOf(needle); at !== -1; at = folded.indexOf(needle, at + needle.length)) {
    const start = origin[at] ?? text.length;
    // The end is where the next folded unit starts, so marks stripped from the last letter stay inside the match.
    const end = origin[at + needle.length] ?? text.length;
    ranges.push([start, end]);
  }
  return ranges;
}
