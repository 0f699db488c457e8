import { describe, expect, it } from 'vitest';
import { minTtlRefreshMs, ttlOf, ttlRefreshDelay } from './catalogTtl.ts';

describe('ttl fallback', () => {
  it('refreshes at the smallest ttl among lists no notification covers, never sooner than 5 s', () => {
    expect(ttlRefreshDelay({ tools: 60_000, prompts: 30_000 }, () => false)).toBe(30_000);
    expect(ttlRefreshDelay({ tools: 60_000, prompts: 30_000 }, (kind) => kind === 'prompts')).toBe(60_000);
    expect(ttlRefreshDelay({ tools: 10 }, () => false)).toBe(minTtlRefreshMs);
  });

  it('arms nothing when every list is covered, or for a ttl of 0 or none', () => {
    expect(ttlRefreshDelay({ tools: 60_000 }, () => true)).toBeUndefined();
    expect(ttlRefreshDelay({ tools: 0 }, () => false)).toBeUndefined();
    expect(ttlRefreshDelay({}, () => false)).toBeUndefined();
  });

  it('reads ttlMs off a result and ignores anything that is not a number', () => {
    expect(ttlOf({ tools: [], ttlMs: 1500 })).toBe(1500);
    expect(ttlOf({ tools: [] })).toBeUndefined();
    expect(ttlOf({ ttlMs: '5' })).toBeUndefined();
  });
});
