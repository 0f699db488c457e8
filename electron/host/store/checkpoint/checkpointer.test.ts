import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { endianness, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from '../../environment.ts';
import { openHistoryDatabase } from '../database.ts';
import { checkpointNow, checkpointTiming, killCheckpointWorkerForTests } from './checkpointer.ts';

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

function historyPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sb-ckpt-'));
  dirs.push(dir);
  return join(dir, 'history.db');
}

function recordingLogger(): Logger & { warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, info: () => undefined, warn: (message) => warnings.push(message), error: (message) => warnings.push(message) };
}

// A WAL frame: a 4 KB page and its 24-byte header.
const frameBytes = 4_096 + 24;
// Frames in the WAL now: mxFrame of the wal-index header (https://sqlite.org/walformat.html), little-endian here.
function walFrames(path: string): number {
  const header = readFileSync(`${path}-shm`).subarray(0, 48);
  return endianness() === 'LE' ? header.readUInt32LE(16) : header.readUInt32BE(16);
}
const walSize = (path: string): number => (existsSync(`${path}-wal`) ? statSync(`${path}-wal`).size : 0);
const autocheckpoint = (db: DatabaseSync): number => Number((db.prepare('PRAGMA wal_autocheckpoint').get() as { wal_autocheckpoint: number }).wal_autocheckpoint);

// One commit per row, as the chat loop commits: 2 KB each spans a page or so of WAL.
function commitRows(db: DatabaseSync, count: number, from = 0): void {
  const insert = db.prepare('INSERT INTO bench_rows (n, body) VALUES (?, ?)');
  for (let i = from; i < from + count; i++) insert.run(i, `row ${i} `.padEnd(2_000, 'x'));
}

function openHistory(path: string, logger: Logger = recordingLogger()): DatabaseSync {
  const { db } = openHistoryDatabase(path, logger);
  db.exec('CREATE TABLE IF NOT EXISTS bench_rows (n INTEGER PRIMARY KEY, body TEXT)');
  return db;
}

describe('WAL checkpoints off the main thread', () => {
  it('the main connection does not checkpoint inside its commits; the worker copies what they wrote', async () => {
    const path = historyPath();
    const db = openHistory(path);
    // SQLite's default (1,000) would run a checkpoint, with its fsyncs, inside the commit that crosses 1,000 pages.
    expect(autocheckpoint(db)).toBe(0);
    commitRows(db, 1_500);
    const outcome = await checkpointNow(db, 'PASSIVE');
    expect(outcome.error).toBeUndefined();
    expect(outcome.log).toBeGreaterThan(0);
    expect(outcome.checkpointed).toBe(outcome.log);
    db.close();
  });

  it('the worker checkpoints on its own once the WAL holds 1,000 frames, so the next commits reuse the file', async () => {
    const path = historyPath();
    const db = openHistory(path);
    commitRows(db, 1_500);
    let next = 1_500;
    // Commits keep coming (so this is not the quiet-time truncate): once the worker has copied the WAL, a commit
    // starts it over from its first frame.
    await expect
      .poll(
        () => {
          commitRows(db, 1, next++);
          return walFrames(path);
        },
        { timeout: 30_000, interval: 50 },
      )
      .toBeLessThan(100);
    db.close();
  });

  it('data written by the main connection and checkpointed by the worker is in the database file after reopening', async () => {
    const path = historyPath();
    const db = openHistory(path);
    commitRows(db, 300);
    const outcome = await checkpointNow(db, 'TRUNCATE');
    expect(outcome).toMatchObject({ busy: 0, log: 0, checkpointed: 0 });
    expect(walSize(path)).toBe(0);
    // A copy of the main file alone (no WAL) already holds every row: the worker's checkpoint wrote them there.
    const alone = new DatabaseSync(path, { readOnly: true });
    expect((alone.prepare('SELECT count(*) AS n FROM bench_rows').get() as { n: number }).n).toBe(300);
    alone.close();
    db.close();
    const again = openHistory(path);
    expect((again.prepare('SELECT count(*) AS n FROM bench_rows').get() as { n: number }).n).toBe(300);
    again.close();
  });

  it('keeps the WAL bounded over many commits: each checkpoint lets the next commits reuse the file from its start', async () => {
    const path = historyPath();
    const db = openHistory(path);
    const sizes: number[] = [];
    for (let round = 0; round < 6; round++) {
      commitRows(db, 400, round * 400);
      const outcome = await checkpointNow(db, 'PASSIVE');
      expect(outcome.checkpointed).toBe(outcome.log);
      sizes.push(walSize(path));
    }
    // Each commit writes about two 4 KB frames: without checkpoints the WAL would hold all 2,400 commits (~4,800
    // frames, ~20 MB); with them it never holds much more than one round's 400 commits (~800 frames).
    expect(sizes[0]).toBeGreaterThan(0);
    expect(Math.max(...sizes)).toBeLessThan(1_200 * frameBytes);
    db.close();
  });

  it('empties the WAL file on its own once writes stop', async () => {
    const path = historyPath();
    const db = openHistory(path);
    commitRows(db, 200);
    expect(walSize(path)).toBeGreaterThan(0);
    const quietAfterMs = checkpointTiming.tickMs * (checkpointTiming.idleTicks + 2);
    await expect.poll(() => walSize(path), { timeout: quietAfterMs + 30_000, interval: 100 }).toBe(0);
    db.close();
  });

  it('close releases the worker and checkpoints: the WAL is gone and the rows are in the file', () => {
    const path = historyPath();
    const db = openHistory(path);
    commitRows(db, 250);
    db.close();
    expect(existsSync(`${path}-wal`)).toBe(false);
    const alone = new DatabaseSync(path, { readOnly: true });
    expect((alone.prepare('SELECT count(*) AS n FROM bench_rows').get() as { n: number }).n).toBe(250);
    alone.close();
  });

  it('when the worker dies, the main connection checkpoints again (and says so), so the WAL cannot grow without bound', async () => {
    const path = historyPath();
    const logger = recordingLogger();
    const db = openHistory(path, logger);
    expect(autocheckpoint(db)).toBe(0);
    await killCheckpointWorkerForTests();
    await expect.poll(() => autocheckpoint(db), { timeout: 30_000 }).toBe(1000);
    expect(logger.warnings).toContain('history checkpoints back on the main thread');
    // SQLite's own checkpoint now runs inside commits: 2,000 commits leave a WAL of about 1,000 pages, not 2,000+.
    commitRows(db, 2_000);
    expect(walSize(path)).toBeLessThan(1_300 * frameBytes);
    db.close();
    // A database opened after that gets a new worker.
    const next = openHistory(historyPath());
    expect(autocheckpoint(next)).toBe(0);
    commitRows(next, 10);
    expect((await checkpointNow(next, 'PASSIVE')).error).toBeUndefined();
    next.close();
  });

  it('never keeps a process alive: one that opened a history and never closed it exits when its work is done', () => {
    const path = historyPath();
    const script = `
      const { openHistoryDatabase } = await import(${JSON.stringify(pathToFileURL(join(import.meta.dirname, '..', 'database.ts')).href)});
      const logger = { info() {}, warn() {}, error() {} };
      const { db } = openHistoryDatabase(${JSON.stringify(path)}, logger);
      db.exec('CREATE TABLE t (v TEXT)');
      db.prepare('INSERT INTO t VALUES (?)').run('kept');
      await new Promise((resolve) => setTimeout(resolve, 300));
      console.log('written');`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    expect(child.stderr).toBe('');
    expect(child.stdout.trim()).toBe('written');
    expect(child.status).toBe(0);
    // What it committed is there, from the WAL it left (as after a crash).
    const db = new DatabaseSync(path);
    expect(db.prepare('SELECT v FROM t').get()).toEqual({ v: 'kept' });
    db.close();
  });
});
