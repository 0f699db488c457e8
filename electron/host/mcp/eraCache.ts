/** The era verdict cache: which protocol era each launch config spoke last time, so the next start skips the probe. */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isSpecType, type PriorDiscovery } from '@modelcontextprotocol/client';
import { isHttpConfig, type ServerConfig } from '../../../shared/serverConfig.ts';
import { writeFileAtomic } from '../store/atomicFile.ts';

/** One stored verdict, dated so old ones expire. */
type CachedVerdict = PriorDiscovery & { savedAt: number };

/** How long verdicts are trusted. A stale legacy verdict would succeed silently forever (an upgraded server still answers
 * `initialize`), so it gets a short horizon; a stale modern verdict fails loudly at once and is then forgotten. */
export interface EraCacheHorizons {
  legacyMs: number;
  modernMs: number;
}

/** Default horizons: legacy verdicts for 7 days, modern ones for 30. */
export const defaultEraHorizons: EraCacheHorizons = { legacyMs: 7 * 86_400_000, modernMs: 30 * 86_400_000 };

/** The key of a launch config: sha256 of what decides which program answers (stdio: command/args/env/cwd; http: url/headers). */
export function launchKey(config: ServerConfig): string {
  const identity = isHttpConfig(config)
    ? { kind: 'http', url: config.url, headers: sortedEntries(config.headers) }
    : { kind: 'stdio', command: config.command, args: config.args ?? [], env: sortedEntries(config.env), cwd: config.cwd ?? '' };
  return createHash('sha256').update(JSON.stringify(identity)).digest('hex');
}

function sortedEntries(record: Record<string, string> | undefined): [string, string][] {
  return Object.entries(record ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Era verdicts persisted in `<dataDir>/era-cache.json`; writes are atomic (temp file + rename) and serialized. */
export class EraCache {
  private readonly file: string;
  private readonly horizons: EraCacheHorizons;
  private readonly now: () => number;
  private entries: Map<string, CachedVerdict> | undefined;
  private loading: Promise<Map<string, CachedVerdict>> | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(dataDir: string, options: { horizons?: Partial<EraCacheHorizons>; now?: () => number } = {}) {
    this.file = path.join(dataDir, 'era-cache.json');
    this.horizons = { ...defaultEraHorizons, ...options.horizons };
    this.now = options.now ?? Date.now;
  }

  /** The verdict to pass as `prior`, if one is stored and still within its horizon. */
  async get(key: string): Promise<PriorDiscovery | undefined> {
    const entry = (await this.load()).get(key);
    if (!entry) return undefined;
    const horizon = entry.kind === 'legacy' ? this.horizons.legacyMs : this.horizons.modernMs;
    if (this.now() - entry.savedAt > horizon) return undefined;
    return entry.kind === 'modern' ? { kind: 'modern', discover: entry.discover } : { kind: 'legacy' };
  }

  /** Stores a verdict (replacing any older one for the key). */
  async set(key: string, verdict: PriorDiscovery): Promise<void> {
    (await this.load()).set(key, { ...verdict, savedAt: this.now() });
    await this.save();
  }

  /** Forgets a verdict that turned out wrong. */
  async forget(key: string): Promise<void> {
    if ((await this.load()).delete(key)) await this.save();
  }

  /** Resolves once every pending write has reached the disk. */
  flush(): Promise<void> {
    return this.writing;
  }

  private load(): Promise<Map<string, CachedVerdict>> {
    if (this.entries) return Promise.resolve(this.entries);
    this.loading ??= (async () => {
      const entries = new Map<string, CachedVerdict>();
      try {
        const parsed: unknown = JSON.parse(await readFile(this.file, 'utf8'));
        if (parsed && typeof parsed === 'object') {
          for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
            const verdict = parseVerdict(value);
            if (verdict) entries.set(key, verdict);
          }
        }
      } catch {
        // Missing or unreadable cache: start empty; the worst case is one probe per server.
      }
      this.entries = entries;
      return entries;
    })();
    return this.loading;
  }

  private save(): Promise<void> {
    const snapshot = JSON.stringify(Object.fromEntries(this.entries ?? []), null, 2);
    this.writing = this.writing
      .then(() => writeFileAtomic(this.file, snapshot))
      .catch(() => {
        // A cache that cannot be written only costs a probe on the next start.
      });
    return this.writing;
  }
}

function parseVerdict(value: unknown): CachedVerdict | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.savedAt !== 'number') return undefined;
  if (record.kind === 'legacy') return { kind: 'legacy', savedAt: record.savedAt };
  if (record.kind === 'modern' && isSpecType.DiscoverResult(record.discover)) {
    return { kind: 'modern', discover: record.discover, savedAt: record.savedAt };
  }
  return undefined;
}
