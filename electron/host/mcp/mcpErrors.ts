/** Turns SDK and process failures into the errors a user reads: what happened, in plain words, with a stable code. */
import { ProtocolError, SdkError, SdkErrorCode, SdkHttpError, UnauthorizedError } from '@modelcontextprotocol/client';
import { appError, type AppError } from '../../../shared/errors.ts';

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

/** A short quote of an offending line. */
export function quoteLine(line: string, max = 120): string {
  const cut = line.length > max ? `${line.slice(0, max)}…` : line;
  return JSON.stringify(cut);
}

/** Explains why a connection attempt failed. */
export function describeConnectFailure(error: unknown, context: ConnectFailureContext): ConnectFailure {
  if (isAuthError(error)) return { kind: 'auth_required', message: 'The server requires you to sign in (HTTP 401).' };
  if (context.garbage.length > 0 && (context.timedOut || context.exit || isClosed(error))) {
    return {
      kind: 'error',
      error: appError(
        'protocol_error',
        `The server wrote text that is not MCP JSON to stdout: ${quoteLine(context.garbage[0] ?? '')}. Stdout is reserved for protocol messages; the server should log to stderr.`,
      ),
    };
  }
  // Timeout first: when it fires we kill the child ourselves, so an exit seen afterwards is ours, not the server's.
  if (context.timedOut) {
    // Silence on stderr too is the mark of npx/uvx still fetching the package (often blocked by a proxy), not of a hang.
    if (context.stderrLines === 0) {
      return {
        kind: 'error',
        error: appError(
          'timeout',
          `The server did not answer within ${seconds(context.timeoutMs)} and wrote nothing to its log. npx/uvx may still be downloading the package; check network/proxy settings (HTTPS_PROXY, NODE_EXTRA_CA_CERTS), or raise the connect timeout.`,
        ),
      };
    }
    return { kind: 'error', error: appError('timeout', `The server did not answer within ${seconds(context.timeoutMs)}.`) };
  }
  if (context.exit) return { kind: 'error', error: appError('process_exited', `The server exited during startup (${describeExit(context.exit)}).`) };
  if (error instanceof SdkHttpError) {
    return { kind: 'error', error: appError('connect_failed', `The server answered HTTP ${error.status}${error.statusText ? ` ${error.statusText}` : ''}${context.url ? ` at ${context.url}` : ''}.`) };
  }
  if (isSpawnMissing(error)) return { kind: 'error', error: appError('command_not_found', `Command not found: ${messageOf(error)}`) };
  const network = networkCause(error);
  if (network) return { kind: 'error', error: appError('connect_failed', `Could not reach ${context.url ?? 'the server'} (${network}).`) };
  if (isClosed(error)) return { kind: 'error', error: appError('process_exited', 'The server closed the connection during startup.') };
  return { kind: 'error', error: appError('connect_failed', `Could not connect: ${messageOf(error)}`) };
}

/** Explains why a tool call (or another request) failed, once abort and timeout have been ruled out by the caller. */
export function describeRequestError(error: unknown): AppError {
  if (isAuthError(error)) return appError('auth_required', 'The server requires you to sign in (HTTP 401).');
  if (error instanceof ProtocolError) return appError('protocol_error', `The server answered with an error: ${error.message}`, { detail: `JSON-RPC code ${error.code}` });
  if (isClosed(error)) return appError('process_exited', 'The server stopped before answering.');
  const network = networkCause(error);
  if (network) return appError('connect_failed', `The server could not be reached (${network}).`);
  if (error instanceof SdkError && error.code === SdkErrorCode.InvalidResult) return appError('protocol_error', `The server sent an invalid result: ${error.message}`);
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

/** The network reason behind a failed fetch (ECONNREFUSED, ENOTFOUND...), looking through `cause` chains. */
function networkCause(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as NodeJS.ErrnoException).code;
    if (code === 'ECONNREFUSED') return 'connection refused';
    if (code === 'ECONNRESET') return 'connection reset';
    if (code === 'ENOTFOUND') return 'host not found';
    if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return 'network timeout';
    if (current instanceof TypeError && current.message === 'fetch failed' && !(current.cause instanceof Error)) return 'network error';
    current = current.cause;
  }
  return undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
