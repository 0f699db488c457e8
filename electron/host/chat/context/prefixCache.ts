/**
 * The tokens of a request's tools and system prompt with no history, remembered between the turns of a run: the
 * context manager sizes that prefix before each request, which meant building (and stringifying) a whole request a
 * second time per turn although nothing in it changes unless the tools, the settings that shape them, or the model do.
 */
import type { ExposedTool } from '../../../../shared/servers.ts';
import type { Settings } from '../../../../shared/settings.ts';

// Everything an empty-history request's tools and system prompt are built from, besides the tool objects themselves
// (deferral policy: search mode, budget, pins, always-load servers, window; the system prompt; the model; compaction).
function inputsOf(settings: Settings, model: string, compacting: boolean, mostUsed: readonly unknown[] | undefined): readonly unknown[] {
  return [
    // The user's most used tools (deferral policy): one array per read of the counts, compared by identity.
    mostUsed,
    model,
    compacting,
    settings.systemPrompt,
    settings.apiBaseUrl,
    settings.toolSearch,
    settings.toolBudgetPercent,
    settings.toolBudgetCount,
    settings.contextWindow,
    JSON.stringify(settings.alwaysLoadServers),
    JSON.stringify(settings.pinnedTools),
  ];
}

// Compared value by value: the system prompt (rebuilt each turn with the servers' instructions) no longer goes through
// JSON.stringify for a key, which escaped and copied it before every request; the lists are compared as JSON.
function sameInputs(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

function sameTools(a: readonly ExposedTool[], b: readonly ExposedTool[]): boolean {
  return a.length === b.length && a.every((tool, i) => tool === b[i]);
}

/** One remembered prefix size (the last one asked for): the tools are compared by object, as the registry replaces a changed tool's object. */
export class PrefixCache {
  private last: { inputs: readonly unknown[]; tools: readonly ExposedTool[]; tokens: number } | undefined;

  /** The prefix tokens for these inputs: remembered when they are the last ones', else `compute()` (and remembered). */
  tokens(tools: readonly ExposedTool[], settings: Settings, model: string, compacting: boolean, compute: () => number, mostUsed?: readonly unknown[]): number {
    const inputs = inputsOf(settings, model, compacting, mostUsed);
    if (this.last && sameInputs(this.last.inputs, inputs) && sameTools(this.last.tools, tools)) return this.last.tokens;
    const tokens = compute();
    this.last = { inputs, tools: [...tools], tokens };
    return tokens;
  }
}
