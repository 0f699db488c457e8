/**
 * Turns what the user typed into an FTS5 MATCH expression over the trigram index: every whitespace-separated term must
 * occur in the same message, as a substring (case-insensitive, diacritics significant).
 */

/** Looks up indexed trigrams that start with a 2-character prefix (already case-folded). */
export type TrigramsStartingWith = (prefix: string) => string[];

/** A MATCH expression; `null` when nothing can match; `undefined` when the index cannot answer (a 1-character term). */
export type MatchPlan = string | null | undefined;

// More trigrams than this for one 2-character term (e.g. "th" in a huge English history) is left to the scan.
const maxTrigramsPerTerm = 2000;

/** Quotes a string as one FTS5 phrase (a trigram phrase is a substring match). */
export function phrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * Builds the MATCH expression. Terms of 3+ characters are phrases. A trigram index cannot look up 2 characters, so
 * a 2-character term (天气, "hà") becomes an OR of the indexed trigrams that start with it: every document ends with
 * a newline, so any 2 characters of a message start at least one trigram. 1-character terms are left to the scan.
 */
export function buildMatch(query: string, trigramsStartingWith: TrigramsStartingWith): MatchPlan {
  const terms = query.normalize('NFC').trim().split(/\s+/).filter((t) => t.length > 0);
  if (terms.length === 0) return undefined;
  const parts: string[] = [];
  for (const term of terms) {
    const length = [...term].length;
    if (length >= 3) {
      parts.push(phrase(term));
      continue;
    }
    if (length < 2) return undefined;
    const trigrams = trigramsStartingWith(term.toLowerCase());
    if (trigrams.length === 0) return null;
    if (trigrams.length > maxTrigramsPerTerm) return undefined;
    parts.push(`(${trigrams.map(phrase).join(' OR ')})`);
  }
  return parts.join(' AND ');
}
