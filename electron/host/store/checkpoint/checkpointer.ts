/**
 * Moves the history database's WAL checkpoints off the main thread (decision 014). In WAL mode with synchronous=NORMAL
 * a commit writes the WAL and does not fsync; only checkpoints fsync, and SQLite's automatic checkpoint runs inside
 * whichever commit crosses 1,000 pages, so the main thread waited on those fsyncs. Here the main connection's
 * autocheckpoint is 0 and one worker thread per process checkpoints every registered database through its own
 * connection, at the same WAL size SQLite would have. If the worker dies or cannot open a database, that database's autocheckpoint comes back, so the WAL can
 * never grow without bound.
 */
import { endianness } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { DatabaseSync } from 'node:sqlite';
import type { Logger } from '../../environment.ts';
import { runCheckpointWorker, type CheckpointReport, type CheckpointRequest, type CheckpointTiming } from './checkpointWorker.ts';

/** SQLite's default wal_autocheckpoint, restored when the worker cannot checkpoint a database. */
export const defaultAutocheckpoint = 1000;
// Longest the main thread waits, at close, for the worker to let go of the file (it may be inside a checkpoint's fsync).
const closeWaitMs = 5_000;

/** The worker's timing; tests shorten the idle delay. */
export const checkpointTiming: CheckpointTiming = { tickMs: 100, walPages: defaultAutocheckpoint, idleTicks: 20 };

interface Attached {
  db: DatabaseSync;
  path: string;
  logger: Logger | undefined;
}

/** Outcome of a checkpoint asked for by a test: SQLite's three numbers, or why there were none. */
export interface CheckpointOutcome {
  busy: number;
  log: number;
  checkpointed: number;
  error?: string;
}

class CheckpointWorker {
  readonly worker: Worker;
  readonly attached = new Map<number, Attached>();
  private readonly replies = new Map<number, (outcome: CheckpointOutcome) => void>();
  private nextReply = 1;
  alive = true;

  constructor(onGone: (gone: CheckpointWorker) => void) {
    const args = `require('node:sqlite'), require('node:worker_threads'), require('node:fs'), ${endianness() === 'LE'}`;
    this.worker = new Worker(`(${runCheckpointWorker.toString()})(${args})`, {
      eval: true,
      workerData: { ...checkpointTiming },
    });
    this.worker.on('message', (report: CheckpointReport) => this.receive(report));
    this.worker.on('error', (cause: Error) => this.gone(onGone, `checkpoint worker failed: ${cause.message}`));
    this.worker.on('exit', (code) => this.gone(onGone, `checkpoint worker exited (code ${code})`));
    // After the listeners (adding a 'message' listener refs the worker again). The app's exit never waits for
    // checkpoints: a WAL left behind is replayed by the next open, as after a crash.
    this.worker.unref();
  }

  post(request: CheckpointRequest): void {
    this.worker.postMessage(request);
  }

  ask(id: number, mode: 'PASSIVE' | 'TRUNCATE'): Promise<CheckpointOutcome> {
    if (!this.alive) return Promise.resolve({ busy: 1, log: -1, checkpointed: -1, error: 'worker gone' });
    const reply = this.nextReply++;
    return new Promise((resolve) => {
      this.replies.set(reply, resolve);
      this.post({ type: 'checkpoint', id, mode, reply });
    });
  }

  private receive(report: CheckpointReport): void {
    if (report.type === 'checkpointed') {
      const { type: _, reply, ...outcome } = report;
      this.replies.get(reply)?.(outcome);
      this.replies.delete(reply);
      return;
    }
    const entry = this.attached.get(report.id);
    this.attached.delete(report.id);
    if (entry) fallBack(entry, `the checkpoint worker could not checkpoint this database: ${report.message}`);
  }

  private gone(onGone: (gone: CheckpointWorker) => void, reason: string): void {
    if (!this.alive) return;
    this.alive = false;
    onGone(this);
    for (const entry of this.attached.values()) fallBack(entry, reason);
    this.attached.clear();
    for (const resolve of this.replies.values()) resolve({ busy: 1, log: -1, checkpointed: -1, error: reason });
    this.replies.clear();
  }
}

// The main connection checkpoints for itself again, as SQLite does by default.
function fallBack(entry: Attached, reason: string): void {
  if (!entry.db.isOpen) return;
  try {
    entry.db.exec(`PRAGMA wal_autocheckpoint = ${defaultAutocheckpoint}`);
    entry.logger?.warn('history checkpoints back on the main thread', { path: entry.path, reason });
  } catch (cause) {
    entry.logger?.error('history checkpoints could not be restored', { path: entry.path, reason, cause: String(cause) });
  }
}

let shared: CheckpointWorker | undefined;
let nextId = 1;
const idOf = new WeakMap<DatabaseSync, number>();

function worker(): CheckpointWorker {
  shared ??= new CheckpointWorker((gone) => {
    if (shared === gone) shared = undefined;
  });
  return shared;
}

// Tells the worker to close its connection and waits until it has: the main connection's close must be the last one,
// so that SQLite checkpoints the whole WAL and removes it, and no connection is left on a file about to be moved.
function detach(id: number, owner: CheckpointWorker): void {
  if (!owner.alive || !owner.attached.delete(id)) return;
  const flag = new Int32Array(new SharedArrayBuffer(4));
  owner.post({ type: 'close', id, flag });
  Atomics.wait(flag, 0, 0, closeWaitMs);
}

/**
 * Hands `db`'s checkpoints to the worker: its autocheckpoint is set to 0 and its close() first releases the worker's
 * connection (then SQLite's own checkpoint-on-close of the last connection empties the WAL, as before).
 */
export function offloadCheckpoints(db: DatabaseSync, path: string, logger?: Logger): void {
  const owner = worker();
  const id = nextId++;
  db.exec('PRAGMA wal_autocheckpoint = 0');
  owner.attached.set(id, { db, path, logger });
  idOf.set(db, id);
  owner.post({ type: 'open', id, path });
  const close = db.close.bind(db);
  // Every closer (chat module shutdown, history restore, tests) goes through close(), so the release happens there.
  db.close = () => {
    detach(id, owner);
    close();
  };
}

/** Runs a checkpoint of `db` on the worker now (tests; the worker also runs them on its own). */
export function checkpointNow(db: DatabaseSync, mode: 'PASSIVE' | 'TRUNCATE' = 'PASSIVE'): Promise<CheckpointOutcome> {
  const id = idOf.get(db);
  const owner = shared;
  if (id === undefined || !owner?.attached.has(id)) return Promise.resolve({ busy: 1, log: -1, checkpointed: -1, error: 'not offloaded' });
  return owner.ask(id, mode);
}

/** Stops the worker as if it had crashed (tests of the fallback). */
export async function killCheckpointWorkerForTests(): Promise<void> {
  if (shared) await shared.worker.terminate();
}
