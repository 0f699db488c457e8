import { describe, expect, it } from 'vitest';
import { backoffDelay, defaultBackoff, nextAttempt } from './backoff.ts';

describe('restart backoff', () => {
  it('waits 1 s, then doubles up to 60 s', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 8, 50].map((attempt) => backoffDelay(attempt, defaultBackoff));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });

  it('starts over after a minute of healthy running, and keeps climbing after a short one', () => {
    expect(nextAttempt(5, 60_000, defaultBackoff)).toBe(1);
    expect(nextAttempt(5, 59_999, defaultBackoff)).toBe(6);
    expect(nextAttempt(0, undefined, defaultBackoff)).toBe(1);
  });
});
