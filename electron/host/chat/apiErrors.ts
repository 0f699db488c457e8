/** Maps what the Anthropic SDK throws to user-facing AppErrors that say what happened and what to do next. */
import { APIConnectionError, APIConnectionTimeoutError, APIError } from '@anthropic-ai/sdk';
import { hostError, type AppError } from '../../../shared/errors.ts';
import { hostMessage } from '../../../shared/hostMessages.ts';

/** Context that makes the messages specific. */
export interface ErrorContext {
  model: string;
  baseUrl: string;
  /** True once any part of the answer arrived: a failure after that is a cut stream, not an unreachable API. */
  streamStarted: boolean;
}

function retryAfterSeconds(headers: Headers | undefined): number | undefined {
  const ms = Number(headers?.get('retry-after-ms') ?? Number.NaN);
  const seconds = Number.isFinite(ms) ? ms / 1000 : Number(headers?.get('retry-after') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

function byType(type: string | null | undefined, detail: string, context: ErrorContext, headers?: Headers): AppError | undefined {
  switch (type) {
    case 'authentication_error':
      return hostError('api_invalid_key', hostMessage('api.invalidKey'), { detail });
    case 'permission_error':
      return hostError('api_forbidden', hostMessage('api.forbidden', { model: context.model }), { detail });
    case 'not_found_error':
      return hostError('api_model_not_found', hostMessage('api.modelNotFound', { model: context.model }), { detail });
    case 'rate_limit_error': {
      const seconds = retryAfterSeconds(headers);
      return hostError('api_rate_limited', seconds === undefined ? hostMessage('api.rateLimited') : hostMessage('api.rateLimitedWait', { seconds }), { detail });
    }
    case 'overloaded_error':
      return hostError('api_overloaded', hostMessage('api.overloaded'), { detail });
    default:
      return undefined;
  }
}

/** The AppError for anything thrown while talking to the API. Never called for a user's stop. */
export function toApiError(cause: unknown, context: ErrorContext): AppError {
  const url = context.baseUrl;
  if (cause instanceof APIConnectionError) {
    if (context.streamStarted) return streamCut(String(cause.message));
    const timeout = cause instanceof APIConnectionTimeoutError;
    return hostError('api_network', hostMessage(timeout ? 'api.timeout' : 'api.unreachable', { url }), { detail: describe(cause) });
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
    const byStatus: Record<number, string> = { 401: 'authentication_error', 403: 'permission_error', 404: 'not_found_error', 429: 'rate_limit_error', 529: 'overloaded_error' };
    const mapped = status !== undefined && byStatus[status] ? byType(byStatus[status], detail, context, headers) : undefined;
    if (mapped) return mapped;
    return hostError('api_error', status ? hostMessage('api.status', { status, detail }) : hostMessage('api.error', { detail }), { detail });
  }
  if (context.streamStarted) return streamCut(describe(cause));
  if (cause instanceof TypeError && /fetch failed|terminated|network|socket/i.test(describe(cause))) {
    return hostError('api_network', hostMessage('api.unreachable', { url }), { detail: describe(cause) });
  }
  return hostError('api_error', hostMessage('api.failed', { detail: describe(cause) }));
}

/** The error for a stream that ended before message_stop. */
export function streamCut(detail: string): AppError {
  return hostError('api_stream_cut', hostMessage('api.streamCut'), { detail });
}

function describe(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const inner = cause.cause instanceof Error ? `: ${cause.cause.message}` : '';
  return `${cause.message}${inner}`;
}
