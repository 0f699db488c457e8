/**
 * Argument autocomplete: `completion/complete` on a live connection, for a prompt argument or a resource template
 * variable. Only offered when the server declares `completions`; its answer is bounded before it reaches the window.
 */
import type { Client, ServerCapabilities } from '@modelcontextprotocol/client';
import type { CompletionParams, CompletionValues } from '../../../../shared/completions.ts';
import { hostErr, ok, type Result } from '../../../../shared/errors.ts';
import { hostMessage } from '../../../../shared/hostMessages.ts';
import { describeRequestError } from '../mcpErrors.ts';

/** The spec allows 100 values per answer; a longer list is cut to that. */
export const maxCompletionValues = 100;
/** A single suggestion longer than this is dropped: it is not something a user picks from a list. */
const maxValueLength = 1_000;

/** Trims a server's completion answer to what the picker can show. */
export function boundCompletion(answer: { values?: unknown; total?: unknown; hasMore?: unknown } | undefined): CompletionValues {
  const raw = Array.isArray(answer?.values) ? answer.values : [];
  const strings = raw.filter((v): v is string => typeof v === 'string' && v.length <= maxValueLength);
  const values = strings.slice(0, maxCompletionValues);
  const total = typeof answer?.total === 'number' && Number.isFinite(answer.total) && answer.total >= 0 ? Math.floor(answer.total) : undefined;
  const hasMore = answer?.hasMore === true || strings.length > values.length || raw.length > values.length;
  return { values, ...(total !== undefined ? { total } : {}), hasMore };
}

/** Asks the server for completions of one argument; errors are data. */
export async function requestCompletion(
  client: Client,
  params: Omit<CompletionParams, 'serverId'>,
  capabilities: ServerCapabilities | undefined = client.getServerCapabilities(),
): Promise<Result<CompletionValues>> {
  if (!capabilities?.completions) return hostErr('not_implemented', hostMessage('completion.notOffered'));
  const ref = params.ref.type === 'ref/prompt' ? { type: 'ref/prompt' as const, name: params.ref.name } : { type: 'ref/resource' as const, uri: params.ref.uri };
  try {
    const result = await client.complete({ ref, argument: params.argument, ...(params.context ? { context: { arguments: params.context } } : {}) }, { timeout: 10_000 });
    return ok(boundCompletion(result.completion));
  } catch (error) {
    return { ok: false, error: describeRequestError(error) };
  }
}
