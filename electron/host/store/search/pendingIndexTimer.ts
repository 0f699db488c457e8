/**
 * When a run's search documents are written (search/pendingIndex.ts). They were written at the run's end, in its last
 * commit, on the way to the window learning that the run ended (~0.3 ms of FTS5 insert and segment write per run).
 * Nothing needs them then: a history search writes what waits before it reads (ChatRepository.listChats), a crash
 * leaves the list in history.db for the next start, and a shutdown writes it. So they are written a moment after the
 * run's end, together with those of every run that ended meanwhile: one transaction and one FTS5 segment for them all.
 * A failed write leaves them listed for the next write, search or start.
 */
import { CoalescedTask, afterMs } from '../../coalescedTask.ts';

/** How long after a run's end its documents wait for other runs' to join them. */
export const PENDING_INDEX_DELAY_MS = 1_000;

/** Writes the search documents that runs left waiting, at most once per delay, off any run's way. */
export class PendingIndexTimer extends CoalescedTask {
  constructor(write: () => void, onError: (cause: unknown) => void, delayMs = PENDING_INDEX_DELAY_MS) {
    super(write, onError, afterMs(delayMs));
  }
}
