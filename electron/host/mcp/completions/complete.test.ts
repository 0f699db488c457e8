import { describe, expect, it } from 'vitest';
import { boundCompletion, maxCompletionValues } from './complete.ts';

describe('boundCompletion', () => {
  it('keeps at most 100 string values and reports more when it cut', () => {
    const values = Array.from({ length: 150 }, (_, i) => `v${i}`);
    const bounded = boundCompletion({ values, total: 150, hasMore: false });
    expect(bounded.values).toHaveLength(maxCompletionValues);
    expect(bounded).toMatchObject({ total: 150, hasMore: true });
  });

  it('drops non-strings and huge values, ignores a bad total', () => {
    expect(boundCompletion({ values: ['a', 3, 'x'.repeat(5_000), 'b'], total: -1 })).toEqual({ values: ['a', 'b'], hasMore: true });
    expect(boundCompletion(undefined)).toEqual({ values: [], hasMore: false });
  });
});
