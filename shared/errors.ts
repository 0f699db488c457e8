/** Errors are data: every failure that crosses the bridge is an AppError with a stable code. */
import { z } from 'zod';
import { englishOf, hostMessageSchema, type HostMessage } from './hostMessages.ts';

/** Every error code the host can answer with; the renderer maps each to a translated message. */
export const errorCodes = [
  'invalid_params',
  'invalid_config',
  'not_found',
  'already_exists',
  'not_implemented',
  'unknown_method',
  'server_not_ready',
  'server_disabled',
  'tool_not_found',
  'tool_disabled',
  'tool_denied',
  'timeout',
  'cancelled',
  'connect_failed',
  'command_not_found',
  'process_exited',
  'protocol_error',
  'auth_required',
  'api_key_missing',
  'api_invalid_key',
  'api_forbidden',
  'api_model_not_found',
  'api_rate_limited',
  'api_overloaded',
  'api_network',
  'api_stream_cut',
  'api_error',
  'storage_error',
  /** A .mcpb bundle was refused; `detail` says why (BundleRefusal). */
  'bundle_refused',
  'unauthorized',
  'internal',
] as const;

/** A stable machine-readable error code. */
export type ErrorCode = (typeof errorCodes)[number];

/** Zod schema of an AppError, for events and results that carry one. */
export const appErrorSchema = z.object({
  code: z.enum(errorCodes),
  message: z.string(),
  /** Dotted path of the input field at fault, when the error is about one field. */
  field: z.string().optional(),
  /** Free-form details worth showing (stderr tail, HTTP status...). */
  detail: z.string().optional(),
  /** The message as a code plus parameters, which the renderer translates; `message` is its English (logs, fallback). */
  text: hostMessageSchema.optional(),
  /** What to try, most likely fix first, as translatable messages (`detail` keeps them in English). */
  hints: z.array(hostMessageSchema).optional(),
  /** For a command not found: the PATH entries searched, in order. */
  searched: z.array(z.string()).optional(),
});

/** An error as data: code, human message, optional field at fault. */
export type AppError = z.infer<typeof appErrorSchema>;

/** The result of any host call: a value, or a typed error. Nothing throws across the bridge. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

/** Builds a successful result. */
export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** Builds a failed result. */
export function err<T = never>(code: ErrorCode, message: string, extra: { field?: string; detail?: string } = {}): Result<T> {
  return { ok: false, error: { code, message, ...extra } };
}

/** Builds an AppError value. */
export function appError(code: ErrorCode, message: string, extra: { field?: string; detail?: string } = {}): AppError {
  return { code, message, ...extra };
}

/** Extra parts of an AppError besides its code and message. */
export type AppErrorExtra = { field?: string; detail?: string; hints?: HostMessage[]; searched?: string[] };

/** An AppError whose message is a host message: the English goes in `message`, the code and parameters in `text`. */
export function hostError(code: ErrorCode, text: HostMessage, extra: AppErrorExtra = {}): AppError {
  return { code, message: englishOf(text), text, ...extra };
}

/** Builds a failed result whose message is a host message (see hostError). */
export function hostErr<T = never>(code: ErrorCode, text: HostMessage, extra: AppErrorExtra = {}): Result<T> {
  return { ok: false, error: hostError(code, text, extra) };
}

/** Exhaustiveness check for discriminated unions. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}

/** Turns a zod error into an AppError naming the first field at fault. */
export function zodToAppError(error: z.ZodError, code: ErrorCode = 'invalid_params'): AppError {
  const issue = error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : undefined;
  const message = issue ? (field ? `${field}: ${issue.message}` : issue.message) : 'Invalid input';
  return field ? { code, message, field } : { code, message };
}
