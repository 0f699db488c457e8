/**
 * Turns what the user typed into an FTS5 MATCH expression over the trigram index: every whitespace-separated term must
 * occur in the same message, as a substring, case-insensitive and diacritic-insensitive (the index folds both, see
 * foldedIndex.ts). A query typed with diacritics gets these candidates and is then checked as typed (strictFilter.ts).
 */

/** Looks up indexed trigrams that start with a 2-character prefix (already folded as the index folds). */
export type TrigramsStartingWith = (prefix: string) => string[];

/** A MATCH expression; `null` when nothing can match; `undefined` when the index cannot answer (a 1-character term). */
export type MatchPlan = string | null | undefined;

// More trigrams than this for one 2-character term (e.g. "th" in a huge English history) is left to the scan.
const maxTrigramsPerTerm = 2000;

const COMBINING_ALL = /\p{M}/gu;
const LATIN = /\p{Script=Latin}/u;

/** Quotes a string as one FTS5 phrase (a trigram phrase is a substring match). */
export function phrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** The whitespace-separated terms of a query, composed (NFC) as stored text usually is. */
export function searchTerms(query: string): string[] {
  return query.normalize('NFC').trim().split(/\s+/).filter((t) => t.length > 0);
}

/** Text as the documents hold it: đ/Đ written as d/D (Unicode does not decompose đ, so the tokenizer cannot fold it). */
export function documentForm(text: string): string {
  return text.replaceAll('đ', 'd').replaceAll('Đ', 'D');
}

/**
 * A term as the tokenizer stores it, for looking up trigrams by prefix: lower case (a final ς as σ, as SQLite folds
 * it), and Latin letters without their marks. remove_diacritics folds only Latin letters (measured: Greek tonos and
 * Cyrillic й stay), so other scripts keep theirs; folding them here would look up trigrams that do not exist.
 */
export function trigramForm(term: string): string {
  let out = '';
  for (const char of documentForm(term).toLowerCase().replaceAll('ς', 'σ')) {
    out += LATIN.test(char) ? char.normalize('NFD').replace(COMBINING_ALL, '') : char;
  }
  return out;
}

/**
 * Builds the MATCH expression. Terms of 3+ characters are phrases (the tokenizer folds case and diacritics itself;
 * only đ is written as d first). A trigram index cannot look up 2 characters, so a 2-character term (天气, "hà")
 * becomes an OR of the indexed trigrams that start with it: every document ends with a newline, so any 2 characters
 * of a message start at least one trigram. 1-character terms are left to the scan.
 */
export function buildMatch(query: string, trigramsStartingWith: TrigramsStartingWith): MatchPlan {
  const terms = searchTerms(query);
  if (terms.length === 0) return undefined;
  const parts: string[] = [];
  for (const term of terms) {
    const length = [...term].length;
    if (length >= 3) {
      parts.push(phrase(documentForm(term)));
      continue;
    }
    if (length < 2) return undefined;
    const trigrams = trigramsStartingWith(trigramForm(term));
    if (trigrams.length === 0) return null;
    if (trigrams.length > maxTrigramsPerTerm) return undefined;
    parts.push(`(${trigrams.map(phrase).join(' OR ')})`);
  }
  return parts.join(' AND ');
}
