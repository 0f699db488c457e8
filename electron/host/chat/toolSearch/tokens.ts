/** Token estimates of tool definitions, for the tool budget and the scope picker. */

// The same ratio as the context estimate (context/estimate.ts). Not calibrated against the API's count for tool JSON:
// it only decides when to defer tools and what the scope picker shows.
const charsPerToken = 3.5;

/** Estimated tokens of a value sent as JSON (a tool definition). */
export function estimateTokens(value: unknown): number {
  return Math.ceil(JSON.stringify(value).length / charsPerToken);
}
