import { afterEach, describe, expect, it, vi } from 'vitest';
import { PENDING_INDEX_DELAY_MS, PendingIndexTimer } from './pendingIndexTimer.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('the search documents of ended runs', () => {
  it('are written once, a delay after the first run ends, together with the runs that end meanwhile', () => {
    vi.useFakeTimers();
    const writes: number[] = [];
    const timer = new PendingIndexTimer(() => void writes.push(Date.now()), () => {});
    const start = Date.now();
    timer.soon();
    vi.advanceTimersByTime(PENDING_INDEX_DELAY_MS / 2);
    timer.soon();
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(PENDING_INDEX_DELAY_MS / 2);
    expect(writes).toEqual([start + PENDING_INDEX_DELAY_MS]);
    // A run ending after the write asks for a new one.
    timer.soon();
    vi.advanceTimersByTime(PENDING_INDEX_DELAY_MS);
    expect(writes).toHaveLength(2);
  });

  it('are written at once by a shutdown, which drops the write asked for', () => {
    vi.useFakeTimers();
    let writes = 0;
    const timer = new PendingIndexTimer(() => void writes++, () => {});
    timer.soon();
    timer.now();
    expect(writes).toBe(1);
    vi.advanceTimersByTime(PENDING_INDEX_DELAY_MS * 2);
    expect(writes).toBe(1);
  });

  it('report a failed write and are written by the next run end', () => {
    vi.useFakeTimers();
    const failures: string[] = [];
    let fail = true;
    let writes = 0;
    const timer = new PendingIndexTimer(
      () => {
        if (fail) throw new Error('disk full');
        writes++;
      },
      (cause) => void failures.push(String(cause)),
    );
    timer.soon();
    vi.advanceTimersByTime(PENDING_INDEX_DELAY_MS);
    expect(failures).toEqual(['Error: disk full']);
    fail = false;
    timer.soon();
    vi.advanceTimersByTime(PENDING_INDEX_DELAY_MS);
    expect(writes).toBe(1);
  });
});
