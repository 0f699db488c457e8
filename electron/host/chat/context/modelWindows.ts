/** Context windows of known models, so a request can be kept inside the one it is sent to. */

/** The window assumed for a model the table does not know (every current Claude model has at least this). */
export const defaultContextWindow = 200_000;

// Longest prefix wins. Claude models share 200K unless listed; ids with a "[1m]" suffix (gateways that expose the
// 1M-token variant as its own id) get 1M.
const known: [prefix: string, tokens: number][] = [
  ['claude-', 200_000],
  ['claude-3-haiku', 200_000],
  ['claude-2.1', 200_000],
  ['claude-2', 100_000],
  ['claude-instant', 100_000],
];

/** The context window of `model` in tokens; `override` (the contextWindow setting, 0 = none) wins. */
export function contextWindowOf(model: string, override = 0): number {
  if (override > 0) return override;
  const id = model.toLowerCase();
  if (id.endsWith('[1m]')) return 1_000_000;
  let best: [string, number] | undefined;
  for (const entry of known) if (id.startsWith(entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
  return best?.[1] ?? defaultContextWindow;
}

// Models the API documents compaction (compact_20260112) for, by id prefix; later Opus and Sonnet generations keep it.
// Haiku models are not listed: sending the edit to them fails the request.
const compacting = ['claude-opus-4-6', 'claude-sonnet-4-6', 'claude-opus-4-7', 'claude-opus-4-8', 'claude-mythos', 'claude-opus-5', 'claude-sonnet-5'];

/** True when `model` supports the API's compaction edit (gateway ids with a "[1m]" suffix included). */
export function supportsCompaction(model: string): boolean {
  const id = model.toLowerCase();
  return compacting.some((prefix) => id.startsWith(prefix));
}
