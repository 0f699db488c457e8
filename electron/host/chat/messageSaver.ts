/**
 * Writes a streaming answer to history, one write per burst: a run asks for a save at each block's end and at each
 * tool call status change, and several of those land in the same burst of work (the last block's end, the turn's end
 * and the first call starting; a call's result and the turn's end). Each write is an SQLite commit, which cost more
 * than everything else a turn does, so saves asked for with `soon` are written once, after the event loop's turn that
 * asked for them: in the check phase (setImmediate) of the turn after it (WRITE_AFTER_CHECKS), after the I/O callbacks
 * already waiting and the promise jobs they queue. A stream's last block end, the stream's end and the first tool call
 * starting come over several ticks of one loop turn; with the write at a check phase they are one commit (with the
 * write at the next tick they were two: 16 commits per bench conversation, now 11). Each save keeps
 * the blocks it was asked with, so a crash keeps what it kept before: every finished block and every call status
 * reached, nothing of a block in flight; a call that may change things is still committed before it starts (`flush`).
 *
 * Nothing is shown before what it follows is saved: an event passed to `show` while a save waits is held and sent,
 * in order, right after that save's commit (it used to force the commit at once, so a burst that showed a block's end
 * and then a call starting wrote twice).
 *
 * A new answer's row can wait too (`insertSoon`): the run sends its next API request in the same burst, and the HTTP
 * client writes a request on a kept-alive socket from a setImmediate of its own queued before the burst's write, so
 * the request goes out first and the host's writes run while it is in flight.
 */
import type { ChatMessage } from '../../../shared/chat.ts';
import type { SaveOptions } from '../store/chatRepository.ts';

/** Where the saver writes. */
export interface MessageWriter {
  saveMessage(message: ChatMessage, options?: SaveOptions): void;
  /** Adds a message under `parentId` (only for `insertSoon`). */
  insertMessage?(message: ChatMessage, parentId?: string | null, options?: { deferTouch?: boolean }): void;
  /** Runs `fn` as one transaction: the writes of one burst are one commit. */
  inTransaction?<T>(fn: () => T): T;
}

// A write waiting for the end of the burst: a save, or the insert of a new message (with the blocks it had then).
interface Pending {
  message: ChatMessage;
  insert?: { parentId: string | null };
}

/**
 * How many check phases a burst's write waits: the one of the loop turn that asked, and the next. The loop turn after a
 * burst does not wait for I/O (a setImmediate is pending); it only runs what is already there: the rest of a stream
 * that came in one more read, a tool's answer from a fast local server, the request a burst queued in a setImmediate of
 * its own. Those go first, and the write runs when the host would otherwise wait: the same writes, less of them in
 * the way of what the host waits for. In `chat-unpaced` 10 of 13 alternated pairs read lower with it (medians 1.160
 * against 1.229), within the bench's swings between runs (docs/benchmarks.md, "fourteenth look"). A crash can lose one
 * loop turn more, which holds no wait for I/O.
 */
const WRITE_AFTER_CHECKS = 2;

// A burst's writes leave the chat's update time to the run's last save (`now`) or its end (ChatRepository.touchChat):
// the send moved the chat to the top of the list already, and the chats_by_updated index is a WAL page per commit.
const deferTouch = { deferTouch: true } as const;

/** Coalesces the saves of one or more messages within a burst; `now` and `flush` write at once. */
export class MessageSaver<E = never> {
  private readonly pending = new Map<string, Pending>();
  // Events shown after the saves waiting before them; sent in order once those are committed.
  private readonly held: E[] = [];
  private scheduled = false;
  // An insert asked for after the write was queued (a tool result in the burst of the stream's end): the write is queued
  // again, behind the setImmediate of that burst's request.
  private again = false;
  private readonly writer: MessageWriter;
  private readonly onError: (cause: unknown) => void;
  private readonly send: (event: E) => void;
  private readonly copy: (event: E) => E;

  /**
   * `send` shows an event; `copy` keeps an event as it is now (the run goes on mutating what it refers to), once per
   * event: a held event is copied when shown and sent as that copy.
   */
  constructor(writer: MessageWriter, onError: (cause: unknown) => void, send: (event: E) => void = () => {}, copy: (event: E) => E = (event) => event) {
    this.writer = writer;
    this.onError = onError;
    this.send = send;
    this.copy = copy;
  }

  /**
   * Saves `message` with the blocks it has now, at the end of this burst (the latest call wins). A block that starts
   * later in the same burst (the next text block of an unpaced stream) is in flight and must not be written with it.
   */
  soon(message: ChatMessage): void {
    message.updatedAt = Date.now();
    // A message whose insert still waits is inserted with what it has now (one write instead of two).
    const insert = this.pending.get(message.id)?.insert;
    this.pending.set(message.id, { message: { ...message, blocks: message.blocks.slice() }, ...(insert ? { insert } : {}) });
    this.schedule();
  }

  /**
   * Inserts `message` under `parentId` at the end of this burst, after the saves waiting before it; its events are
   * held until then. Its later saves in the same burst are folded into the insert.
   */
  insertSoon(message: ChatMessage, parentId: string | null): void {
    this.pending.set(message.id, { message: { ...message, blocks: message.blocks.slice() }, insert: { parentId } });
    if (this.scheduled) this.again = true;
    this.schedule();
  }

  /** Sends a copy of `event` now, or (a save waiting, or events held before it) right after the saves before it are committed. */
  show(event: E): void {
    if (this.pending.size === 0 && this.held.length === 0) return this.send(this.copy(event));
    this.held.push(this.copy(event));
    this.schedule();
  }

  /** Saves `message` now, after any save still waiting, then sends the events held (throws what the store throws). */
  now(message: ChatMessage): void {
    message.updatedAt = Date.now();
    const waiting = this.pending.get(message.id);
    // An insert still waiting is written first (a save updates the row it made); a save waiting is superseded.
    if (!waiting?.insert) this.pending.delete(message.id);
    this.write();
    this.writer.saveMessage(message);
    this.release();
  }

  /** Writes every save still waiting and sends the events held; called before anything else touches the history. */
  flush(): void {
    this.write();
    this.release();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // At the check phase, queued from the burst's end: behind a setImmediate the burst itself queued (the request's
    // write), and after the other reads of this poll phase (the stream's end, the call starting) joined the write.
    // Then once more, a loop turn later (see WRITE_AFTER_CHECKS).
    let checksLeft = WRITE_AFTER_CHECKS;
    const queue = () => process.nextTick(() => setImmediate(run));
    const run = () => {
      if (--checksLeft > 0) return void setImmediate(run);
      if (this.again) {
        this.again = false;
        return queue();
      }
      this.scheduled = false;
      try {
        this.write();
      } catch (cause) {
        // Nothing waits on this write; the run's next synchronous save meets the same storage error and ends the run.
        this.onError(cause);
      }
      // Sent even after a failed write: the window must still learn how the run ends (the failure ends it).
      this.release();
    };
    queue();
  }

  private write(): void {
    const batch = [...this.pending.values()];
    this.pending.clear();
    const writeAll = () => {
      for (const { message, insert } of batch) {
        if (!insert) this.writer.saveMessage(message, deferTouch);
        else if (this.writer.insertMessage) this.writer.insertMessage(message, insert.parentId, deferTouch);
        else throw new Error('this writer cannot insert messages');
      }
    };
    // Several messages in one burst (a turn's end and the next answer's row) share one commit.
    if (batch.length > 1 && this.writer.inTransaction) this.writer.inTransaction(writeAll);
    else writeAll();
  }

  // A listener may ask for a save or show more while these go out: a save waiting is written before the next event.
  private release(): void {
    for (let event = this.held.shift(); event !== undefined; event = this.held.shift()) {
      try {
        if (this.pending.size > 0) this.write();
      } catch (cause) {
        this.onError(cause);
      }
      this.send(event);
    }
  }
}
