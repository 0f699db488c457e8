/** Turns SDK and process failures into the errors a user reads: what happened, in plain words, with a stable code. */
import { ProtocolError, SdkError, SdkErrorCode, SdkHttpError, UnauthorizedError } from '@modelcontextprotocol/client';
import { appError, hostError, type AppError } from '../../../shared/errors.ts';
import { englishOf, hostMessage, type HostMessage } from '../../../shared/hostMessages.ts';

/** How a child process ended, when it did. */
export interface ExitInfo {
  code: number | null;
  signal: string | null;
}

/** The facts a connect failure is explained with. */
export interface ConnectFailureContext {
  timedOut: boolean;
  timeoutMs: number;
  exit?: ExitInfo;
  /** Non-JSON lines the server wrote to stdout during the attempt. */
  garbage: string[];
  /** Lines the server wrote to stderr during the attempt (stdio only; absent for a remote server). */
  stderrLines?: number;
  url?: string;
}

/** A connect failure: a typed error, or the sign that the server wants the user to sign in. */
export type ConnectFailure = { kind: 'error'; error: AppError } | { kind: 'auth_required'; message: string };

/** Seconds, for messages. */
export function seconds(ms: number): string {
  const value = ms / 1000;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} s`;
}

/** Seconds as a number for messages: whole, or one decimal. */
function secondsNumber(ms: number): number {
  const value = ms / 1000;
  return Number.isInteger(value) ? value : Number(value.toFixed(1));
}

/** A short quote of an offending line. */
export function quoteLine(line: string, max = 120): string {
  const cut = line.length > max ? `${line.slice(0, max)}…` : line;
  return JSON.stringify(cut);
}

/** Explains why a connection attempt failed. */
export function describeConnectFailure(error: unknown, context: ConnectFailureContext): ConnectFailure {
  if (isAuthError(error)) return { kind: 'auth_required', message: englishOf(hostMessage('auth.signIn')) };
  const fail = (code: Parameters<typeof hostError>[0], text: HostMessage): ConnectFailure => ({ kind: 'error', error: hostError(code, text) });
  if (context.garbage.length > 0 && (context.timedOut || context.exit || isClosed(error))) {
    return fail('protocol_error', hostMessage('connect.stdoutGarbage', { line: quoteLine(context.garbage[0] ?? '') }));
  }
  // Timeout first: when it fires we kill the child ourselves, so an exit seen afterwards is ours, not the server's.
  if (context.timedOut) {
    const secondsValue = secondsNumber(context.timeoutMs);
    // Silence on stderr too is the mark of npx/uvx still fetching the package (often blocked by a proxy), not of a hang.
    if (context.stderrLines === 0) return fail('timeout', hostMessage('connect.timeoutSilent', { seconds: secondsValue }));
    return fail('timeout', hostMessage('connect.timeout', { seconds: secondsValue }));
  }
  if (context.exit) return fail('process_exited', exitMessage(context.exit, 'connect'));
  if (error instanceof SdkHttpError) {
    const status = `${error.status}${error.statusText ? ` ${error.statusText}` : ''}`;
    return fail('connect_failed', context.url ? hostMessage('connect.httpAt', { status, url: context.url }) : hostMessage('connect.http', { status }));
  }
  if (isSpawnMissing(error)) return fail('command_not_found', hostMessage('connect.commandMissing', { reason: messageOf(error) }));
  const network = networkCause(error);
  if (network) return fail('connect_failed', context.url ? hostMessage('connect.unreachableAt', { url: context.url, cause: network }) : hostMessage('connect.unreachable', { cause: network }));
  if (isClosed(error)) return fail('process_exited', hostMessage('connect.closed'));
  return fail('connect_failed', hostMessage('connect.failed', { reason: messageOf(error) }));
}

/** Explains why a tool call (or another request) failed, once abort and timeout have been ruled out by the caller. */
export function describeRequestError(error: unknown): AppError {
  if (isAuthError(error)) return hostError('auth_required', hostMessage('auth.signIn'));
  if (error instanceof ProtocolError) return hostError('protocol_error', hostMessage('request.serverError', { reason: error.message }), { detail: `JSON-RPC code ${error.code}` });
  if (isClosed(error)) return hostError('process_exited', hostMessage('request.stopped'));
  const network = networkCause(error);
  if (network) return hostError('connect_failed', hostMessage('request.unreachable', { cause: network }));
  if (error instanceof SdkError && error.code === SdkErrorCode.InvalidResult) return hostError('protocol_error', hostMessage('request.invalidResult', { reason: error.message }));
  return appError('internal', messageOf(error));
}

/** True when the error means the connection is gone (so the server should be restarted). */
export function isConnectionLost(error: unknown): boolean {
  return isClosed(error) || networkCause(error) !== undefined;
}

/** True for the SDK's report that it stopped reconnecting the server's SSE event stream (it logs it, nothing more). */
export function isStreamGaveUp(error: Error): boolean {
  return /^Maximum reconnection attempts \(\d+\) exceeded/.test(error.message);
}

/** The message for an exit, during startup (`connect`) or once running (`lost`). */
export function exitMessage(exit: ExitInfo, when: 'connect' | 'lost'): HostMessage {
  if (exit.signal) return hostMessage(when === 'connect' ? 'connect.exitedSignal' : 'lost.exitedSignal', { signal: exit.signal });
  return hostMessage(when === 'connect' ? 'connect.exitedCode' : 'lost.exitedCode', { exitCode: exit.code ?? 'unknown' });
}

/** The exit as words: "exit code 1" or "killed by SIGKILL". */
export function describeExit(exit: ExitInfo): string {
  if (exit.signal) return `killed by ${exit.signal}`;
  return `exit code ${exit.code ?? 'unknown'}`;
}

/** True when the server refused the credentials (401, or the OAuth provider gave up: sign-in, step-up, revoked token). */
export function isAuthError(error: unknown): boolean {
  return error instanceof UnauthorizedError || (error instanceof SdkError && error.code === SdkErrorCode.ClientHttpAuthentication);
}

function isClosed(error: unknown): boolean {
  return error instanceof SdkError && (error.code === SdkErrorCode.ConnectionClosed || error.code === SdkErrorCode.NotConnected || error.code === SdkErrorCode.SendFailed);
}

function isSpawnMissing(error: unknown): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === 'ENOENT' && (error as NodeJS.ErrnoException).syscall?.startsWith('spawn') === true;
}

/** The network reason behind a failed fetch (ECONNREFUSED, ENOTFOUND...), looking through `cause` chains, as a `net.*` message key's last part. */
function networkCause(error: unknown): 'refused' | 'reset' | 'notFound' | 'timeout' | 'error' | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as NodeJS.ErrnoException).code;
    if (code === 'ECONNREFUSED') return 'refused';
    if (code === 'ECONNRESET') return 'reset';
    if (code === 'ENOTFOUND') return 'notFound';
    if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return 'timeout';
    if (current instanceof TypeError && current.message === 'fetch failed' && !(current.cause instanceof Error)) return 'error';
    current = current.cause;
  }
  return undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
