/**
 * When a run's search documents are written (search/pendingIndex.ts). They were written at the run's end, in its last
 * commit, on the way to the window learning that the run ended (~0.3 ms of FTS5 insert and segment write per run).
 * Nothing needs them then: a history search writes what waits before it reads (ChatRepository.listChats), a crash
 * leaves the list in history.db for the next start, and a shutdown writes it. So they are written a moment after the
 * run's end, together with those of every run that ended meanwhile: one transaction and one FTS5 segment for them all.
 */

/** How long after a run's end its documents wait for other runs' to join them. */
export const PENDING_INDEX_DELAY_MS = 1_000;

/** Writes the search documents that runs left waiting, at most once per delay, off any run's way. */
export class PendingIndexTimer {
  private readonly write: () => void;
  private readonly onError: (cause: unknown) => void;
  private readonly delayMs: number;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(write: () => void, onError: (cause: unknown) => void, delayMs = PENDING_INDEX_DELAY_MS) {
    this.write = write;
    this.onError = onError;
    this.delayMs = delayMs;
  }

  /** A run ended: what it left waiting is written within the delay, with what other runs leave before then. */
  soon(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.now(), this.delayMs);
    // A host that exits before it fires loses nothing: the list stays in history.db and the next start writes it.
    this.timer.unref();
  }

  /** Writes what waits now (shutdown, a history swap) and drops the write asked for; a failure goes to `onError`. */
  now(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    try {
      this.write();
    } catch (cause) {
      // Left listed: the next write, search or start writes it.
      this.onError(cause);
    }
  }
}
