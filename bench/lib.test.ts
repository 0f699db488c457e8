import { describe, expect, it } from 'vitest';
import { median, ratioInterval } from './lib.ts';

describe('ratioInterval', () => {
  it('collapses onto the ratio when every draw is the same', () => {
    expect(ratioInterval([[12, 12, 12]], [[10, 10, 10]])).toEqual([1.2, 1.2]);
  });

  it('brackets the pooled ratio and widens with spread', () => {
    const subject = [
      [11, 12, 13, 30, 12],
      [20, 22, 21, 19, 24],
    ];
    const baseline = [
      [10, 10, 11, 9, 10],
      [18, 19, 20, 17, 21],
    ];
    const pooled = median(subject.flat()) / median(baseline.flat());
    const [low, high] = ratioInterval(subject, baseline);
    expect(low).toBeLessThanOrEqual(pooled);
    expect(high).toBeGreaterThanOrEqual(pooled);
    expect(high - low).toBeGreaterThan(0.05);
    const [tightLow, tightHigh] = ratioInterval(subject.map((r) => r.map(() => 12)), baseline);
    expect(tightHigh - tightLow).toBeLessThan(high - low);
  });

  it('gives the same interval for the same samples', () => {
    const subject = [[5, 6, 7, 8, 9]];
    const baseline = [[4, 5, 6, 7, 8]];
    expect(ratioInterval(subject, baseline)).toEqual(ratioInterval(subject, baseline));
  });
});
