/**
 * Which chat a message belongs to, by its seq, without a lookup per message: messages are stored as runs of
 * consecutive seqs of one chat (a chat is usually written for a while before the user switches), so the runs' starts,
 * sorted, answer by binary search. Seqs only grow (AUTOINCREMENT), so the runs are only ever appended to; a deleted
 * message's seq never comes back from the index, so runs of deleted chats are harmless.
 *
 * Why: listing the chats of the newest matches read each match's chat through FTS5 (a B-tree lookup and a row into
 * JavaScript, ~1-3 µs each); a common term needs a few thousand matches for a page of 200 chats.
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { num, text, type Row } from '../rows.ts';

// Seqs read per chunk while catching up (SQLite's window function costs about 1 µs a message: ~5 ms idle, ~25 ms
// on the loaded 2-core machine, per chunk).
const chunkSeqs = 5_000;

/** Runs of consecutive message seqs per chat, read lazily and kept up to date by seq. */
export class ChatRuns {
  private readonly starts: number[] = [];
  private readonly chats: string[] = [];
  // Messages with a seq up to this are in the runs.
  private through = 0;
  private readonly maxSeq: StatementSync;
  private readonly runStarts: StatementSync;
  private readonly chatOfSeq: StatementSync;
  private readonly chunk: number;
  private warming: Promise<void> | undefined;

  constructor(db: DatabaseSync, chunk = chunkSeqs) {
    this.chunk = chunk;
    this.maxSeq = db.prepare('SELECT coalesce(max(seq), 0) AS n FROM messages');
    // The first message of each run in (?1, ?2]: where the chat differs from the message before it.
    this.runStarts = db.prepare(
      `SELECT seq, chat_id FROM (SELECT seq, chat_id, lag(chat_id) OVER (ORDER BY seq) AS previous FROM messages WHERE seq > ?1 AND seq <= ?2)
        WHERE previous IS NOT chat_id ORDER BY seq`,
    );
    this.chatOfSeq = db.prepare('SELECT chat_id FROM messages WHERE seq = ?');
  }

  /** Reads the runs of messages written since the last call (all of them the first time). */
  catchUp(): void {
    const max = num(this.maxSeq.get() as Row, 'n');
    while (this.through < max) this.readChunk(Math.min(max, this.through + this.chunk));
  }

  /** Reads the runs chunk by chunk, giving the event loop a turn between chunks (after the index is built); one at a time. */
  warm(): Promise<void> {
    this.warming ??= this.readAll().finally(() => (this.warming = undefined));
    return this.warming;
  }

  /** How many seqs are not read yet: more than one chunk means catchUp would stall the caller. */
  behind(): number {
    return num(this.maxSeq.get() as Row, 'n') - this.through;
  }

  /** True when catchUp reads at most one chunk. */
  nearlyCaughtUp(): boolean {
    return this.behind() <= this.chunk;
  }

  private async readAll(): Promise<void> {
    const max = num(this.maxSeq.get() as Row, 'n');
    while (this.through < max) {
      this.readChunk(Math.min(max, this.through + this.chunk));
      await yieldToLoop();
    }
  }

  /** The chat of the message with this seq (call catchUp first). */
  chatOf(seq: number): string | undefined {
    const at = this.runIndex(seq);
    return at < 0 ? this.lookup(seq) : this.chats[at];
  }

  /**
   * The distinct chats of `seqs` (comma-separated, newest first, as SQLite's group_concat gives them), in order, left
   * out `skip`, at most `limit` (call catchUp first). Read straight from the string: consecutive seqs of one run, the
   * common case, cost one comparison each.
   */
  distinctChats(seqs: string, skip: ReadonlySet<string>, limit: number): string[] {
    const found = new Set<string>();
    if (seqs.length === 0) return [];
    let runLow = 1;
    let runHigh = 0;
    let value = 0;
    for (let i = 0; i <= seqs.length; i++) {
      const code = i < seqs.length ? seqs.charCodeAt(i) : 44;
      if (code !== 44) {
        value = value * 10 + (code - 48);
        continue;
      }
      const seq = value;
      value = 0;
      if (seq >= runLow && seq <= runHigh) continue;
      const at = this.runIndex(seq);
      let chatId: string | undefined;
      if (at < 0) {
        chatId = this.lookup(seq);
        runLow = 1;
        runHigh = 0;
      } else {
        chatId = this.chats[at];
        runLow = this.starts[at] ?? 1;
        runHigh = (this.starts[at + 1] ?? this.through + 1) - 1;
      }
      if (chatId === undefined || skip.has(chatId)) continue;
      found.add(chatId);
      if (found.size >= limit) break;
    }
    return [...found];
  }

  // Index of the run holding `seq`; -1 when it is not in the runs.
  private runIndex(seq: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    if (high < 0 || seq < (this.starts[0] ?? 0) || seq > this.through) return -1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.starts[mid] ?? 0) <= seq) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  // Not in the runs (cannot happen for a seq the index returns after catchUp): asks the table.
  private lookup(seq: number): string | undefined {
    const row = this.chatOfSeq.get(seq) as Row | undefined;
    return row ? text(row, 'chat_id') : undefined;
  }

  private readChunk(upTo: number): void {
    for (const row of this.runStarts.all(this.through, upTo) as Row[]) {
      const chatId = text(row, 'chat_id');
      // A chunk's first message continues the previous chunk's last run when it is of the same chat.
      if (this.chats.at(-1) === chatId) continue;
      this.starts.push(num(row, 'seq'));
      this.chats.push(chatId);
    }
    this.through = upTo;
  }
}
