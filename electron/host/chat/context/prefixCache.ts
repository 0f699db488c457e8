/**
 * The tokens of a request's tools and system prompt with no history, remembered between the turns of a run: the
 * context manager sizes that prefix before each request, which meant building (and stringifying) a whole request a
 * second time per turn although nothing in it changes unless the tools, the settings that shape them, or the model do.
 */
import type { ExposedTool } from '../../../../shared/servers.ts';
import type { Settings } from '../../../../shared/settings.ts';

// Everything an empty-history request's tools and system prompt are built from, besides the tool objects themselves
// (deferral policy: search mode, budget, pins, always-load servers, window; the system prompt; the model; compaction).
function keyOf(settings: Settings, model: string, compacting: boolean): string {
  return JSON.stringify([
    model,
    compacting,
    settings.systemPrompt,
    settings.apiBaseUrl,
    settings.toolSearch,
    settings.toolBudgetPercent,
    settings.toolBudgetCount,
    settings.contextWindow,
    settings.alwaysLoadServers,
    settings.pinnedTools,
  ]);
}

function sameTools(a: readonly ExposedTool[], b: readonly ExposedTool[]): boolean {
  return a.length === b.length && a.every((tool, i) => tool === b[i]);
}

/** One remembered prefix size (the last one asked for): the tools are compared by object, as the registry replaces a changed tool's object. */
export class PrefixCache {
  private last: { key: string; tools: readonly ExposedTool[]; tokens: number } | undefined;

  /** The prefix tokens for these inputs: remembered when they are the last ones', else `compute()` (and remembered). */
  tokens(tools: readonly ExposedTool[], settings: Settings, model: string, compacting: boolean, compute: () => number): number {
    const key = keyOf(settings, model, compacting);
    if (this.last && this.last.key === key && sameTools(this.last.tools, tools)) return this.last.tokens;
    const tokens = compute();
    this.last = { key, tools: [...tools], tokens };
    return tokens;
  }
}
