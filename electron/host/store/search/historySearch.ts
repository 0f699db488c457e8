/** Ranked chat search over the FTS5 history index; answers `undefined` when the caller must fall back to the scan. */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { text, type Row } from '../rows.ts';
import { isPlainQuery } from '../../../../shared/textMatch.ts';
import { schemaVersion } from '../migrations.ts';
import { buildMatch, searchTerms } from './searchQuery.ts';
import { ChatRuns } from './chatRuns.ts';
import { findMatchSql, registerFindMatch } from './matchFunction.ts';
import { StrictFilter } from './strictFilter.ts';

/** Escapes a LIKE pattern for a substring match (ESCAPE '\'). */
export function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

interface Statements {
  terms: StatementSync;
  ranked: StatementSync;
  seqWindow: StatementSync;
  newest: StatementSync;
  titles: StatementSync;
}

// Up to this many matching messages, chats are ordered by relevance (BM25, ~15 µs a match for a long phrase); beyond,
// by their newest match, which reads only as many matches as the page needs.
const rankedMatches = 500;

// Matches read at first per chat the page needs, when chats are ordered by their newest match (then 4x as many).
const windowPerChat = 16;

// The first schema whose index folds diacritics (search/foldedIndex.ts); an older one (tests build them) is scanned.
const foldedIndexVersion = 8;

/** How far the index of messages older than it has come. */
export interface SearchIndexState {
  doneThrough: number;
  target: number;
}

/** Reads search_index_state; undefined on a database without the index (never on a migrated one). */
export function searchIndexState(db: DatabaseSync): SearchIndexState | undefined {
  try {
    const row = db.prepare('SELECT done_through, target FROM search_index_state WHERE id = 1').get() as Row | undefined;
    return row ? { doneThrough: Number(row.done_through), target: Number(row.target) } : undefined;
  } catch {
    return undefined;
  }
}

/** Search over one open history database. */
export class HistorySearch {
  private readonly db: DatabaseSync;
  private ready = false;
  private stmts: Statements | undefined;
  private readonly runs: ChatRuns;
  private readonly strict: StrictFilter;

  constructor(db: DatabaseSync) {
    this.db = db;
    this.runs = new ChatRuns(db);
    this.strict = new StrictFilter(db);
  }

  /** Reads which chat each message belongs to ahead of the first search, in chunks (run once the index is built). */
  warm(): Promise<void> {
    return this.isReady() ? this.runs.warm() : Promise.resolve();
  }

  /** True once every message is indexed (until then search scans, as before the index existed). */
  isReady(): boolean {
    if (this.ready) return true;
    const state = searchIndexState(this.db);
    this.ready = state !== undefined && state.doneThrough >= state.target && schemaVersion(this.db) >= foldedIndexVersion;
    return this.ready;
  }

  /**
   * Ids of chats whose title or messages (text, tool names, arguments, results) match, best first: title matches
   * (newest first), then chats by their best BM25 rank when the query matches at most `rankedMatches` messages, else
   * by their newest matching message (a common term: reading every match to rank it would cost a keystroke's budget).
   * Matching is find's (shared/textMatch.ts): a query typed without diacritics matches text with or without them; one
   * typed with them only text with them, so the folded index's candidates are checked (strictFilter.ts).
   * Undefined: the index cannot answer (not built yet, a 1-character term); use the scan.
   */
  chatIds(query: string, limit: number, offset: number): string[] | undefined {
    if (!this.isReady()) return undefined;
    const stmts = (this.stmts ??= this.prepare());
    const match = buildMatch(query, (prefix) => (stmts.terms.all(prefix, `${prefix}\u{10FFFF}`) as Row[]).map((r) => text(r, 'term')));
    if (match === undefined) return undefined;
    const need = offset + limit;
    const whole = query.trim();
    const inTitle = (stmts.titles.all(likePattern(whole), whole, need) as Row[]).map((r) => text(r, 'chat_id'));
    if (match === null) return inTitle.slice(offset, need);
    const skip = new Set(inTitle);
    if (isPlainQuery(whole)) return [...inTitle, ...this.messageHits(stmts, match, need, skip)].slice(offset, need);
    // Candidates for a page, checked; more candidates (4x) only while too few pass and the index has more.
    const terms = searchTerms(whole);
    const checked = new Map<string, boolean>();
    for (let want = need; ; want *= 4) {
      const candidates = this.messageHits(stmts, match, want, skip);
      const kept = this.strict.keep(candidates, terms, need - inTitle.length, checked);
      if (inTitle.length + kept.length >= need || candidates.length < want) return [...inTitle, ...kept].slice(offset, need);
    }
  }

  /**
   * Ranking needs every match scored, so it is done only when at most `rankedMatches` messages match. Otherwise chats
   * come by their newest match: SQLite hands over the seqs of a window of the newest matches as one string, their
   * chats come from the runs (chatRuns.ts), and the window grows until it holds enough chats or every match. Reading
   * each match's chat through FTS5 and into JavaScript row by row was where the time went.
   */
  private messageHits(stmts: Statements, match: string, need: number, skip: Set<string>): string[] {
    for (let window = Math.max(rankedMatches + 1, need * windowPerChat); ; window *= 4) {
      const row = stmts.seqWindow.get(match, window) as Row | undefined;
      const seen = Number(row?.seen ?? 0);
      if (seen === 0) return [];
      // The window held every match, and few enough to rank.
      if (seen <= rankedMatches) return (stmts.ranked.all(match) as Row[]).map((r) => text(r, 'chat_id')).filter((id) => !skip.has(id)).slice(0, need);
      // Runs not read yet (a search in the first seconds after start on a big history): read them in the background and
      // answer this search row by row, as before, rather than stall it reading them all.
      if (!this.runs.nearlyCaughtUp()) {
        // A failed read (the database closed under it) is retried by the next search.
        this.runs.warm().catch(() => undefined);
        return this.rowByRow(stmts, match, need, skip);
      }
      this.runs.catchUp();
      const ids = this.runs.distinctChats(text(row ?? {}, 'seqs'), skip, need);
      // Enough chats, or no match left beyond the window (these are all the chats).
      if (ids.length >= need || seen < window) return ids;
    }
  }

  // Each match's chat read through FTS5, newest first, until the page is full.
  private rowByRow(stmts: Statements, match: string, need: number, skip: Set<string>): string[] {
    const ids = new Set<string>();
    for (const row of stmts.newest.iterate(match)) {
      const chatId = text(row, 'chat_id');
      if (!skip.has(chatId)) ids.add(chatId);
      if (ids.size >= need) break;
    }
    return [...ids];
  }

  private prepare(): Statements {
    registerFindMatch(this.db);
    return {
      terms: this.db.prepare('SELECT term FROM history_fts_terms WHERE term >= ? AND term < ? ORDER BY term'),
      // Best rank per chat; max(rowid) (the newest match) breaks ties.
      ranked: this.db.prepare('SELECT chat_id FROM history_fts WHERE history_fts MATCH ? GROUP BY chat_id ORDER BY min(rank), max(rowid) DESC'),
      newest: this.db.prepare('SELECT chat_id FROM history_fts WHERE history_fts MATCH ? ORDER BY rowid DESC'),
      // The seqs of the newest ?2 matches, newest first, as one string (one row into JavaScript, not one per match).
      seqWindow: this.db.prepare(
        `SELECT group_concat(r, ',' ORDER BY r DESC) AS seqs, count(*) AS seen
           FROM (SELECT rowid AS r FROM history_fts WHERE history_fts MATCH ? ORDER BY rowid DESC LIMIT ?)`,
      ),
      titles: this.db.prepare(`SELECT id AS chat_id FROM chats WHERE ${findMatchSql('title', '?1', '?2')} ORDER BY updated_at DESC, id LIMIT ?3`),
    };
  }
}
