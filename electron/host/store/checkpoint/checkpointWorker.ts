/**
 * The body of the checkpoint worker thread (decision 014). It holds its own node:sqlite connection to each history
 * database the main thread registers and runs the WAL checkpoints that the main connection no longer runs itself
 * (its wal_autocheckpoint is 0): PASSIVE once the WAL holds `walPages` frames, TRUNCATE once it has been quiet a while.
 * Checkpointing sooner would cost the main thread more, not less: in WAL mode with synchronous=NORMAL the writer fsyncs
 * the WAL header each time it starts reusing the file after a complete checkpoint.
 * The function is sent to the worker as source text (checkpointer.ts), so it may use only its parameters: no imports,
 * no module-level names. That also keeps it working unchanged inside the esbuild bundle of the Electron app.
 */
import type * as Sqlite from 'node:sqlite';
import type * as Threads from 'node:worker_threads';
import type * as Fs from 'node:fs';

/** Main thread -> worker. `flag` is a one-element Int32Array on a SharedArrayBuffer, set to 1 when the close is done. */
export type CheckpointRequest =
  | { type: 'open'; id: number; path: string }
  | { type: 'close'; id: number; flag: Int32Array }
  | { type: 'checkpoint'; id: number; mode: 'PASSIVE' | 'TRUNCATE'; reply: number };

/** Worker -> main thread. */
export type CheckpointReport =
  | { type: 'failed'; id: number; message: string }
  | { type: 'checkpointed'; reply: number; busy: number; log: number; checkpointed: number; error?: string };

/** Timing of the worker's loop, in milliseconds / ticks. */
export interface CheckpointTiming {
  /** How often each WAL's frame count is looked at (a 4-byte read of the -shm file). */
  tickMs: number;
  /** Frames in the WAL that start a PASSIVE checkpoint: SQLite's own autocheckpoint threshold. */
  walPages: number;
  /** Quiet ticks (no new frames) before the WAL file is truncated to zero bytes. */
  idleTicks: number;
}

/** Runs inside the worker thread: serves CheckpointRequests until the thread is terminated. */
export function runCheckpointWorker(sqlite: typeof Sqlite, threads: typeof Threads, fs: typeof Fs, littleEndian: boolean): void {
  const port = threads.parentPort;
  if (!port) return;
  const timing = threads.workerData as CheckpointTiming;
  const open = new Map<number, { db: Sqlite.DatabaseSync; shm: number | undefined; shmPath: string; lastLog: number; quiet: number }>();
  const word = Buffer.alloc(4);

  // mxFrame of the wal-index header (https://sqlite.org/walformat.html: a u32 at byte 16 of the -shm file, in the
  // machine's byte order): how many frames the WAL holds, read without taking any lock. A stale read only delays a tick.
  const framesOf = (entry: { shm: number | undefined; shmPath: string }): number => {
    entry.shm ??= fs.openSync(entry.shmPath, 'r');
    if (fs.readSync(entry.shm, word, 0, 4, 16) < 4) return 0;
    return littleEndian ? word.readUInt32LE(0) : word.readUInt32BE(0);
  };
  let timer: ReturnType<typeof setInterval> | undefined;

  const run = (db: Sqlite.DatabaseSync, mode: 'PASSIVE' | 'TRUNCATE'): { busy: number; log: number; checkpointed: number } => {
    const row = db.prepare(`PRAGMA wal_checkpoint(${mode})`).get() as { busy: number; log: number; checkpointed: number };
    return { busy: Number(row.busy), log: Number(row.log), checkpointed: Number(row.checkpointed) };
  };

  const tick = (): void => {
    for (const [id, entry] of open) {
      try {
        const frames = framesOf(entry);
        if (frames > 0 && frames === entry.lastLog) entry.quiet += 1;
        else entry.quiet = 0;
        entry.lastLog = frames;
        // PASSIVE never takes the writer lock: the main thread's commits go on while it copies and fsyncs.
        if (frames >= timing.walPages) run(entry.db, 'PASSIVE');
        // Quiet for a while: copy the rest and give the WAL file's space back. Without a busy timeout this never waits
        // for the main thread; a busy answer just means it is tried again on a later quiet tick.
        if (entry.quiet >= timing.idleTicks && run(entry.db, 'TRUNCATE').busy === 0) {
          entry.quiet = 0;
          entry.lastLog = 0;
        }
      } catch (cause) {
        port.postMessage({ type: 'failed', id, message: cause instanceof Error ? cause.message : String(cause) } satisfies CheckpointReport);
        try {
          if (entry.shm !== undefined) fs.closeSync(entry.shm);
          entry.db.close();
        } catch {
          // The report above is what matters; the main thread takes the checkpoints back.
        }
        open.delete(id);
      }
    }
    if (open.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };

  port.on('message', (request: CheckpointRequest) => {
    if (request.type === 'open') {
      try {
        const db = new sqlite.DatabaseSync(request.path);
        // Same sync level as the main connection; a checkpoint fsyncs at NORMAL as at FULL.
        db.exec('PRAGMA synchronous = NORMAL');
        db.exec('PRAGMA busy_timeout = 0');
        open.set(request.id, { db, shm: undefined, shmPath: `${request.path}-shm`, lastLog: -1, quiet: 0 });
        timer ??= setInterval(tick, timing.tickMs);
      } catch (cause) {
        port.postMessage({ type: 'failed', id: request.id, message: cause instanceof Error ? cause.message : String(cause) } satisfies CheckpointReport);
      }
    } else if (request.type === 'close') {
      const entry = open.get(request.id);
      open.delete(request.id);
      try {
        if (entry?.shm !== undefined) fs.closeSync(entry.shm);
        entry?.db.close();
      } finally {
        Atomics.store(request.flag, 0, 1);
        Atomics.notify(request.flag, 0);
      }
    } else {
      const entry = open.get(request.id);
      let report: CheckpointReport = { type: 'checkpointed', reply: request.reply, busy: 1, log: -1, checkpointed: -1, error: 'not open' };
      try {
        if (entry) report = { type: 'checkpointed', reply: request.reply, ...run(entry.db, request.mode) };
      } catch (cause) {
        report = { ...report, error: cause instanceof Error ? cause.message : String(cause) };
      }
      port.postMessage(report);
    }
  });
}
