/**
 * A small BM25 index (Okapi BM25, k1 1.2, b 0.75) over short documents with weighted fields: enough to find a tool
 * among thousands by what a user asks for, with no dependency and deterministic ranking (ties broken by id).
 */

/** One searchable document: an id and its fields, each repeated `weight` times in the term counts. */
export interface Bm25Document {
  id: string;
  fields: { text: string; weight: number }[];
}

/** One hit: the document id and its score (higher is better). */
export interface Bm25Hit {
  id: string;
  score: number;
}

const k1 = 1.2;
const b = 0.75;

// Words that say nothing about which tool is meant; they would only add noise to every score.
const stopWords = new Set(
  'a an and are as at be by can do does for from get give has have how i in into is it its me my of on or please show tell that the their them then there these this to use using want was what when where which who will with would you your'.split(' '),
);

// Light stemming: plural and verb endings, so "files" finds "file" and "listing" finds "list".
function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 4 && (word.endsWith('ches') || word.endsWith('shes') || word.endsWith('sses') || word.endsWith('xes'))) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Splits text into search terms: camelCase, snake_case, kebab-case and punctuation split; lower-cased, stemmed. */
export function tokenize(text: string): string[] {
  const spaced = text.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
  const out: string[] = [];
  for (const raw of spaced.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (raw.length === 0 || stopWords.has(raw)) continue;
    out.push(stem(raw));
  }
  return out;
}

/** An immutable BM25 index. */
export class Bm25Index {
  private readonly postings = new Map<string, { doc: number; tf: number }[]>();
  private readonly lengths: number[] = [];
  private readonly ids: string[] = [];
  private readonly averageLength: number;

  constructor(documents: Bm25Document[]) {
    for (const document of documents) {
      const counts = new Map<string, number>();
      let length = 0;
      for (const field of document.fields) {
        for (const term of tokenize(field.text)) {
          counts.set(term, (counts.get(term) ?? 0) + field.weight);
          length += field.weight;
        }
      }
      const doc = this.ids.length;
      this.ids.push(document.id);
      this.lengths.push(length);
      for (const [term, tf] of counts) {
        const list = this.postings.get(term);
        if (list) list.push({ doc, tf });
        else this.postings.set(term, [{ doc, tf }]);
      }
    }
    const total = this.lengths.reduce((sum, n) => sum + n, 0);
    this.averageLength = this.ids.length > 0 ? Math.max(total / this.ids.length, 1) : 1;
  }

  /** Number of documents. */
  get size(): number {
    return this.ids.length;
  }

  /** The best `limit` documents for `query`; documents that share no term with it are left out. */
  search(query: string, limit: number): Bm25Hit[] {
    const scores = new Map<number, number>();
    const n = this.ids.length;
    for (const term of new Set(tokenize(query))) {
      const list = this.postings.get(term);
      if (!list) continue;
      const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
      for (const { doc, tf } of list) {
        const norm = tf + k1 * (1 - b + (b * (this.lengths[doc] ?? 0)) / this.averageLength);
        scores.set(doc, (scores.get(doc) ?? 0) + (idf * (tf * (k1 + 1))) / norm);
      }
    }
    return [...scores]
      .map(([doc, score]) => ({ id: this.ids[doc] ?? '', score }))
      .sort((x, y) => y.score - x.score || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0))
      .slice(0, Math.max(0, limit));
  }
}
