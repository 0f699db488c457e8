/**
 * Writes a streaming answer to history, one write per burst: a run asks for a save at each block's end and at each
 * tool call status change, and several of those land in the same burst of synchronous work (the last block's end, the
 * turn's end and the first call starting; a call's result and the turn's end). Each write is an SQLite commit, which
 * cost more than everything else a turn does, so saves asked for with `soon` are written once, when that burst is
 * over (process.nextTick runs after the promise jobs queued now and before any I/O is handled). No I/O happens in
 * between and each save keeps the blocks it was asked with, so a crash keeps what it kept before: every finished block
 * and every call status reached, nothing of a block in flight.
 */
import type { ChatMessage } from '../../../shared/chat.ts';

/** Where the saver writes. */
export interface MessageWriter {
  saveMessage(message: ChatMessage): void;
}

/** Coalesces the saves of one or more messages within a burst; `now` and `flush` write at once. */
export class MessageSaver {
  private readonly pending = new Map<string, ChatMessage>();
  private scheduled = false;
  private readonly writer: MessageWriter;
  private readonly onError: (cause: unknown) => void;

  constructor(writer: MessageWriter, onError: (cause: unknown) => void) {
    this.writer = writer;
    this.onError = onError;
  }

  /**
   * Saves `message` with the blocks it has now, at the end of this burst (the latest call wins). A block that starts
   * later in the same burst (the next text block of an unpaced stream) is in flight and must not be written with it.
   */
  soon(message: ChatMessage): void {
    message.updatedAt = Date.now();
    this.pending.set(message.id, { ...message, blocks: message.blocks.slice() });
    if (this.scheduled) return;
    this.scheduled = true;
    process.nextTick(() => {
      this.scheduled = false;
      try {
        this.flush();
      } catch (cause) {
        // Nothing waits on this write; the run's next synchronous save meets the same storage error and ends the run.
        this.onError(cause);
      }
    });
  }

  /** Saves `message` now, after any save still waiting (throws what the store throws). */
  now(message: ChatMessage): void {
    message.updatedAt = Date.now();
    this.pending.delete(message.id);
    this.flush();
    this.writer.saveMessage(message);
  }

  /** Writes every save still waiting; called before anything else touches the history. */
  flush(): void {
    for (const message of [...this.pending.values()]) {
      this.pending.delete(message.id);
      this.writer.saveMessage(message);
    }
  }
}
