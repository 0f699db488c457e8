/** Token estimates of tool definitions, for the tool budget and the scope picker. */
import { charsPerToken } from '../context/estimate.ts';

/**
 * Estimated tokens of a value sent as JSON (a tool definition), at the context estimate's ratio. Not calibrated against
 * the API's count for tool JSON: it only decides when to defer tools and what the scope picker shows.
 */
export function estimateTokens(value: unknown): number {
  return Math.ceil(JSON.stringify(value).length / charsPerToken);
}
