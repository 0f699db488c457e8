/** The `ttlMs` fallback for catalog freshness: when no change notification covers a list, refresh it once its ttl runs out. */

/** The three lists of a catalog. */
export type ListKind = 'tools' | 'prompts' | 'resources';

/** The ttl each list result carried (absent when the server sent none, as 2025-era results never do). */
export type ListTtls = Partial<Record<ListKind, number>>;

/** No refresh sooner than this, whatever the server says: a tiny ttl must not turn into busy polling. */
export const minTtlRefreshMs = 5000;
/** setTimeout's ceiling is ~24.8 days; a day is plenty for a freshness hint. */
const maxTtlRefreshMs = 86_400_000;

/** Reads `ttlMs` off a list result (a 2026-07-28 CacheableResult field the SDK passes through untouched). */
export function ttlOf(result: unknown): number | undefined {
  if (!result || typeof result !== 'object') return undefined;
  const ttl: unknown = Reflect.get(result, 'ttlMs');
  return typeof ttl === 'number' && Number.isFinite(ttl) ? ttl : undefined;
}

/**
 * When to refresh: the smallest positive ttl among the lists no notification covers, clamped to [5 s, 1 day]; undefined
 * when nothing needs a timer. A ttl of 0 means "do not cache" and gives no refresh time, so it arms nothing.
 */
export function ttlRefreshDelay(ttls: ListTtls, covered: (kind: ListKind) => boolean): number | undefined {
  const due = (['tools', 'prompts', 'resources'] as const)
    .filter((kind) => !covered(kind))
    .map((kind) => ttls[kind])
    .filter((ttl): ttl is number => ttl !== undefined && ttl > 0);
  if (due.length === 0) return undefined;
  return Math.min(maxTtlRefreshMs, Math.max(minTtlRefreshMs, Math.min(...due)));
}
