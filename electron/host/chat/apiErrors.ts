/** Maps what the Anthropic SDK throws to user-facing AppErrors that say what happened and what to do next. */
import { APIConnectionError, APIConnectionTimeoutError, APIError } from '@anthropic-ai/sdk';
import { appError, type AppError } from '../../../shared/errors.ts';

/** Context that makes the messages specific. */
export interface ErrorContext {
  model: string;
  baseUrl: string;
  /** True once any part of the answer arrived: a failure after that is a cut stream, not an unreachable API. */
  streamStarted: boolean;
}

function retryAfterText(headers: Headers | undefined): string {
  const ms = Number(headers?.get('retry-after-ms') ?? Number.NaN);
  const seconds = Number.isFinite(ms) ? ms / 1000 : Number(headers?.get('retry-after') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds > 0 ? ` The API asked to wait ${Math.ceil(seconds)} s.` : '';
}

function byType(type: string | null | undefined, detail: string, context: ErrorContext, headers?: Headers): AppError | undefined {
  switch (type) {
    case 'authentication_error':
      return appError('api_invalid_key', 'The API key was rejected (401). Open Settings and paste a valid Anthropic API key, then press Retry.', { detail });
    case 'permission_error':
      return appError('api_forbidden', `This API key is not allowed to use ${context.model} here (403). Check the key's workspace and permissions, or pick another model in Settings, then press Retry.`, { detail });
    case 'not_found_error':
      return appError('api_model_not_found', `The model "${context.model}" was not found (404). Pick another model in Settings (or check the API base URL), then press Retry.`, { detail });
    case 'rate_limit_error':
      return appError('api_rate_limited', `Rate limited by the API (429), still after retrying.${retryAfterText(headers)} Wait a moment, then press Retry.`, { detail });
    case 'overloaded_error':
      return appError('api_overloaded', 'The API is overloaded right now (529), still after retrying. Wait a minute, then press Retry.', { detail });
    default:
      return undefined;
  }
}

/** The AppError for anything thrown while talking to the API. Never called for a user's stop. */
export function toApiError(cause: unknown, context: ErrorContext): AppError {
  if (cause instanceof APIConnectionError) {
    if (context.streamStarted) return streamCut(String(cause.message));
    const timeout = cause instanceof APIConnectionTimeoutError;
    return appError(
      'api_network',
      timeout
        ? `The API at ${context.baseUrl} did not answer in time. Check your connection, then press Retry.`
        : `Could not reach the API at ${context.baseUrl}. Check your internet connection (or the API base URL in Settings), then press Retry.`,
      { detail: describe(cause) },
    );
  }
  if (cause instanceof APIError) {
    const detail = cause.apiMessage ?? cause.message;
    // The SDK's error generics widen to any after instanceof; read the two fields as unknown.
    const rawHeaders: unknown = cause.headers;
    const headers = rawHeaders instanceof Headers ? rawHeaders : undefined;
    const typed = byType(cause.type, detail, context, headers);
    if (typed) return typed;
    const rawStatus: unknown = cause.status;
    const status = typeof rawStatus === 'number' ? rawStatus : undefined;
    if (status === 401) return appError('api_invalid_key', 'The API key was rejected (401). Open Settings and paste a valid Anthropic API key, then press Retry.', { detail });
    if (status === 403) return byType('permission_error', detail, context) ?? appError('api_forbidden', detail);
    if (status === 404) return byType('not_found_error', detail, context) ?? appError('api_error', detail);
    if (status === 429) return byType('rate_limit_error', detail, context, headers) ?? appError('api_error', detail);
    if (status === 529) return byType('overloaded_error', detail, context) ?? appError('api_error', detail);
    const where = status ? ` (${status})` : '';
    return appError('api_error', `The API returned an error${where}: ${detail}. Press Retry; if it keeps failing, check Settings.`, { detail });
  }
  if (context.streamStarted) return streamCut(describe(cause));
  if (cause instanceof TypeError && /fetch failed|terminated|network|socket/i.test(describe(cause))) {
    return appError('api_network', `Could not reach the API at ${context.baseUrl}. Check your internet connection, then press Retry.`, { detail: describe(cause) });
  }
  return appError('api_error', `The request to the API failed: ${describe(cause)}. Press Retry.`);
}

/** The error for a stream that ended before message_stop. */
export function streamCut(detail: string): AppError {
  return appError('api_stream_cut', 'The connection dropped in the middle of the answer. The part that arrived is kept; press Retry to ask again.', { detail });
}

function describe(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const inner = cause.cause instanceof Error ? `: ${cause.cause.message}` : '';
  return `${cause.message}${inner}`;
}
