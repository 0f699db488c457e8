/**
 * What the user is told about the background build of the search index (indexBuilder.ts): the current status for a
 * window that asks ('searchIndex.status'), and pushes of it ('searchIndex.changed') throttled to whole-percent changes
 * at most every `minIntervalMs`, so a build of thousands of batches is a few dozen pushes, not one per batch.
 */
import type { SearchIndexStatus } from '../../../../shared/contract.ts';
import type { AppError } from '../../../../shared/errors.ts';
import type { IndexProgress } from './indexBuilder.ts';

/** The hooks of one build; those of a build superseded by a later one (a restored history) do nothing. */
export interface IndexBuildReport {
  onProgress: (progress: IndexProgress) => void;
  /** The build resolved: every message is indexed (unless the build was superseded). */
  done: () => void;
  failed: (error: AppError) => void;
}

/** Whole percent indexed; 99 until the last batch is in, so 100 % only ever means done. */
export function indexPercent({ doneThrough, target }: IndexProgress): number {
  if (target <= 0 || doneThrough >= target) return 100;
  return Math.min(99, Math.max(0, Math.floor((doneThrough / target) * 100)));
}

/** The search index status of the host, and its throttled pushes. */
export class SearchIndexProgress {
  private current: SearchIndexStatus = { state: 'ready' };
  private build = 0;
  private lastPush = Number.NEGATIVE_INFINITY;
  private pushedPercent: number | undefined;
  private readonly push: (status: SearchIndexStatus) => void;
  private readonly minIntervalMs: number;
  private readonly now: () => number;

  constructor(push: (status: SearchIndexStatus) => void, options: { minIntervalMs?: number; now?: () => number } = {}) {
    this.push = push;
    this.minIntervalMs = options.minIntervalMs ?? 250;
    this.now = options.now ?? Date.now;
  }

  /** The status now (ready when nothing was ever to index). */
  status(): SearchIndexStatus {
    return this.current;
  }

  /** Starts following a new build; the status stays as it is until the build reports work to do. */
  begin(): IndexBuildReport {
    const build = ++this.build;
    const live = () => build === this.build;
    return {
      onProgress: (progress) => {
        if (!live()) return;
        if (progress.doneThrough >= progress.target) return this.set({ state: 'ready' });
        const percent = indexPercent(progress);
        const starting = this.current.state !== 'indexing';
        this.current = { state: 'indexing', percent };
        // The first report goes out at once (the notice appears); later ones on a new whole percent, at most every minIntervalMs.
        if (starting || (percent !== this.pushedPercent && this.now() - this.lastPush >= this.minIntervalMs)) this.send();
      },
      done: () => {
        if (live() && this.current.state === 'indexing') this.set({ state: 'ready' });
      },
      failed: (error) => {
        // Indexing done, then a later step failed (warming a cache): search is complete, nothing to tell.
        if (live() && this.current.state === 'indexing') this.set({ state: 'failed', error });
      },
    };
  }

  // 'ready' is pushed only to end an indexing build: a history with nothing to index shows nothing.
  private set(status: SearchIndexStatus): void {
    const wasIndexing = this.current.state === 'indexing';
    this.current = status;
    if (status.state !== 'ready' || wasIndexing) this.send();
  }

  private send(): void {
    this.lastPush = this.now();
    this.pushedPercent = this.current.state === 'indexing' ? this.current.percent : undefined;
    this.push(this.current);
  }
}
