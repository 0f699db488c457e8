/**
 * The model table says which models take the compaction edit, but the API decides: when it refuses a request because
 * of that edit (a 400 naming compaction), the host forgets compaction for that model until restart and asks once more
 * without it, instead of failing every turn of every chat on that model.
 */
import type { AppError } from '../../../../../shared/errors.ts';

/** True when an API error is the API refusing the compaction edit (or its beta) rather than anything else. */
export function isCompactionRefusal(error: AppError): boolean {
  if (error.code !== 'api_error') return false;
  return /compact/i.test(`${error.detail ?? ''} ${error.message}`);
}

/** The models the API refused compaction for, in this run of the host. */
export class CompactionRefusals {
  private readonly models = new Set<string>();

  /** Remembers that the API refused compaction for `model`. */
  note(model: string): void {
    this.models.add(model);
  }

  /** True when compaction was refused for `model` since the host started. */
  has(model: string): boolean {
    return this.models.has(model);
  }
}
