/** Token estimates for tool definitions, and the context window of a model, for the tool budget. */

// Measured on tool definitions (JSON with English descriptions): about 3.5 characters per token. An estimate is enough
// here: it only decides when to defer tools and what the scope picker shows.
const charsPerToken = 3.5;

/** Estimated tokens of a value sent as JSON (a tool definition). */
export function estimateTokens(value: unknown): number {
  return Math.ceil(JSON.stringify(value).length / charsPerToken);
}

/** The context window of a model in tokens: 1M for the long-context variants, else 200K. */
export function contextWindow(model: string): number {
  return /\[1m\]|-1m\b/i.test(model) ? 1_000_000 : 200_000;
}
