import { describe, expect, it } from 'vitest';
import type { SearchIndexStatus } from '../../../../shared/contract.ts';
import { hostError } from '../../../../shared/errors.ts';
import { hostMessage } from '../../../../shared/hostMessages.ts';
import { indexPercent, SearchIndexProgress } from './indexProgress.ts';

function follow(minIntervalMs = 250) {
  let clock = 0;
  const pushed: SearchIndexStatus[] = [];
  const progress = new SearchIndexProgress((s) => pushed.push(s), { minIntervalMs, now: () => clock });
  return { progress, pushed, tick: (ms: number) => (clock += ms) };
}
const failure = hostError('storage_error', hostMessage('search.indexFailed', { reason: 'disk I/O error' }));

describe('search index progress', () => {
  it('says 100 only when done', () => {
    expect(indexPercent({ doneThrough: 0, target: 1000 })).toBe(0);
    expect(indexPercent({ doneThrough: 421, target: 1000 })).toBe(42);
    expect(indexPercent({ doneThrough: 9999, target: 10000 })).toBe(99);
    expect(indexPercent({ doneThrough: 10000, target: 10000 })).toBe(100);
  });

  it('pushes the start at once, then whole-percent changes at most every interval, then ready', () => {
    const { progress, pushed, tick } = follow();
    const report = progress.begin();
    report.onProgress({ doneThrough: 0, target: 1000 });
    expect(pushed).toEqual([{ state: 'indexing', percent: 0 }]);
    // 100 batches of 10 messages, 10 ms each: one push per 250 ms, not one per batch.
    for (let done = 10; done <= 1000; done += 10) {
      tick(10);
      report.onProgress({ doneThrough: done, target: 1000 });
      if (done === 420) expect(progress.status()).toEqual({ state: 'indexing', percent: 42 });
    }
    report.done();
    expect(pushed.length).toBeLessThan(8);
    expect(pushed.at(-1)).toEqual({ state: 'ready' });
    const percents = pushed.flatMap((s) => (s.state === 'indexing' ? [s.percent] : []));
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(new Set(percents).size).toBe(percents.length);
    expect(progress.status()).toEqual({ state: 'ready' });
  });

  it('does not push the same percent twice, however long apart', () => {
    const { progress, pushed, tick } = follow();
    const report = progress.begin();
    report.onProgress({ doneThrough: 0, target: 100_000 });
    tick(1000);
    report.onProgress({ doneThrough: 200, target: 100_000 });
    expect(pushed).toEqual([{ state: 'indexing', percent: 0 }]);
    report.onProgress({ doneThrough: 1000, target: 100_000 });
    expect(pushed.at(-1)).toEqual({ state: 'indexing', percent: 1 });
  });

  it('pushes nothing when there was nothing to index', () => {
    const { progress, pushed } = follow();
    progress.begin().done();
    expect(pushed).toEqual([]);
    expect(progress.status()).toEqual({ state: 'ready' });
  });

  it('reports a failure with its code, and a later build starts over', () => {
    const { progress, pushed } = follow();
    const first = progress.begin();
    first.onProgress({ doneThrough: 0, target: 500 });
    first.failed(failure);
    expect(progress.status()).toEqual({ state: 'failed', error: failure });
    expect(pushed.at(-1)).toMatchObject({ state: 'failed', error: { code: 'storage_error' } });
    const second = progress.begin();
    second.onProgress({ doneThrough: 100, target: 500 });
    expect(pushed.at(-1)).toEqual({ state: 'indexing', percent: 20 });
  });

  it('ignores a build superseded by a later one (a restored history)', () => {
    const { progress, pushed } = follow();
    const old = progress.begin();
    old.onProgress({ doneThrough: 0, target: 500 });
    const restored = progress.begin();
    old.done();
    old.onProgress({ doneThrough: 250, target: 500 });
    expect(progress.status()).toEqual({ state: 'indexing', percent: 0 });
    // The restored history had nothing to index: its end closes the notice.
    restored.done();
    expect(pushed).toEqual([{ state: 'indexing', percent: 0 }, { state: 'ready' }]);
  });

  it('does not report a failure after the last batch (the index is complete)', () => {
    const { progress, pushed } = follow();
    const report = progress.begin();
    report.onProgress({ doneThrough: 0, target: 10 });
    report.onProgress({ doneThrough: 10, target: 10 });
    report.failed(failure);
    expect(pushed).toEqual([{ state: 'indexing', percent: 0 }, { state: 'ready' }]);
  });
});
