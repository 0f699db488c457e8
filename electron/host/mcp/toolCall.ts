/**
 * One tool call against one client: our own timeout (reset by progress, paused while the user answers an elicitation;
 * kept by InflightCalls), abort reported as `cancelled` rather than as the SDK's REQUEST_TIMEOUT, and the call registered
 * as in flight on its server so an elicitation can be tied to the chat that caused it.
 */
import type { CallToolResult, Client, ElicitRequestURLParams, Progress } from '@modelcontextprotocol/client';
import { hostErr, ok, type Result } from '../../../shared/errors.ts';
import { hostMessage } from '../../../shared/hostMessages.ts';
import type { ToolProgress } from '../../../shared/chat.ts';
import type { ToolResult } from '../../../shared/servers.ts';
import type { ToolCallOptions } from '../ports.ts';
import { toContent } from './convert.ts';
import type { CallResultSchema } from './hostClient.ts';
import type { InflightCall, InflightCalls } from './inflightCalls.ts';
import { describeRequestError, isAuthError, isConnectionLost } from './mcpErrors.ts';
import { urlElicitationsOf } from './urlRequired/urlRequired.ts';

export { InflightCalls, type ElicitationAttribution } from './inflightCalls.ts';

/**
 * The SDK insists on a timer of its own per request. Ours decides (it pauses while the user answers an elicitation,
 * which the SDK's cannot), so the SDK's is parked at the largest delay setTimeout accepts. It is not reset on progress
 * either (`resetTimeoutOnProgress`): that would clear and set it again for every progress notification, for nothing.
 */
const parkedSdkTimeoutMs = 2_147_483_647;

/** The options of a call made without any (one shared object, not a new one per call). */
export const noCallOptions: ToolCallOptions = Object.freeze({});

/** What a finished call reports besides its result: whether the connection seems gone (so the server is restarted), or
 * whether the server refused the credentials (so the server asks the user to sign in). */
export interface CallOutcome {
  result: Result<ToolResult>;
  connectionLost: boolean;
  authRequired?: boolean;
  /** The server answered -32042: these URLs must be opened (and completed) before the call can succeed. */
  urlRequired?: ElicitRequestURLParams[];
}

/** One tool call's inputs, kept together so a retry (after a URL elicitation) sends the same call again. */
export interface ToolCallRequest {
  toolName: string;
  args: Record<string, unknown>;
  options: ToolCallOptions;
  timeoutMs: number;
  /** The request's `_meta` (the 2026 log level), computed once for the call and its retry. */
  meta: Record<string, unknown> | undefined;
  /**
   * Set when the SDK's `callTool` would do nothing beyond `request` for this call (a 2025-era connection, a tool with no
   * output schema): the call is sent with `request` and this, the era's result validator `request` would otherwise build
   * per call (hostClient.ts), skipping callTool's async wrapper and the validator's probe (connection.ts, `plainTools`).
   */
  resultSchema?: CallResultSchema | undefined;
}

/** What the call's owner does with an outcome once the call is no longer in flight; may answer a later one (a retry). */
export type SettleCall = (outcome: CallOutcome, request: ToolCallRequest) => CallOutcome | Promise<CallOutcome>;

/**
 * Calls a tool with our timeout and abort semantics, then hands the outcome to `settle`. No async function between the
 * manager and the SDK: each one kept a suspended frame per call (~0.5 KB with its await), where one `then` on the SDK's
 * promise costs a promise and two small closures (issue 12, `call` bench).
 */
export function runToolCall(client: Client, inflight: InflightCalls, request: ToolCallRequest, settle?: SettleCall): Promise<CallOutcome> {
  const caller = request.options.signal;
  if (caller?.aborted) {
    const refused: CallOutcome = { result: hostErr('cancelled', hostMessage('call.cancelledBefore')), connectionLost: false };
    return Promise.resolve(settle ? settle(refused, request) : refused);
  }
  const call = inflight.start(request.timeoutMs, request.options.chatId);
  const detach = caller ? follow(caller, call.controller) : undefined;
  // The call is no longer in flight before its owner hears of it (a retiring connection closes on the last one).
  const finish = (outcome: CallOutcome) => {
    inflight.finish(call);
    detach?.();
    return settle ? settle(outcome, request) : outcome;
  };
  const failed = (error: unknown) => finish(failedCall(error, caller, call, request.timeoutMs));
  let sent: Promise<CallToolResult>;
  try {
    const { toolName, args, meta } = request;
    const params = meta ? { name: toolName, arguments: args, _meta: meta } : { name: toolName, arguments: args };
    const options = sdkOptions(call, request.options.onProgress);
    // The same request, the same result validation by the SDK; only callTool's output-schema step is skipped, where
    // there is no schema to check (4-10 µs of client CPU per call: its async wrapper and validator cache look-up), and
    // the per-call build of the result validator, given here ready-made (~5 µs: a failing probe parse).
    const { resultSchema } = request;
    sent = resultSchema ? client.request({ method: 'tools/call', params }, resultSchema, options) : client.callTool(params, options);
  } catch (error) {
    return Promise.resolve(failed(error));
  }
  return sent.then((result) => {
    let converted: CallOutcome;
    try {
      converted = { result: ok(toToolResult(result)), connectionLost: false };
    } catch (error) {
      return failed(error);
    }
    return finish(converted);
  }, failed);
}

/** Stop reaches the SDK through the call's own controller, which the timeout aborts too. Returns the unhook. */
function follow(caller: AbortSignal, controller: AbortController): () => void {
  const onCallerAbort = () => controller.abort(caller.reason);
  caller.addEventListener('abort', onCallerAbort, { once: true });
  return () => caller.removeEventListener('abort', onCallerAbort);
}

/** The SDK's per-request options: our call's signal, its timer parked, and progress that moves our deadline. */
function sdkOptions(call: InflightCall, onProgress: ToolCallOptions['onProgress']) {
  return {
    signal: call.controller.signal,
    timeout: parkedSdkTimeoutMs,
    // Also what makes the SDK send a progress token: without one a server sends no progress at all.
    onprogress: (progress: Progress) => {
      call.progressed();
      onProgress?.(toToolProgress(progress));
    },
  };
}

/** What a call that threw reports: the SDK reports every abort as REQUEST_TIMEOUT; who aborted decides what the user is told. */
function failedCall(error: unknown, caller: AbortSignal | undefined, call: InflightCall, timeoutMs: number): CallOutcome {
  if (caller?.aborted) return { result: hostErr('cancelled', hostMessage('call.cancelled')), connectionLost: false };
  if (call.timedOut) {
    return {
      result: hostErr('timeout', hostMessage('call.timeout', { seconds: Number((timeoutMs / 1000).toFixed(1)) })),
      connectionLost: false,
    };
  }
  const urlRequired = urlElicitationsOf(error);
  return {
    result: { ok: false, error: describeRequestError(error) },
    connectionLost: isConnectionLost(error),
    ...(isAuthError(error) ? { authRequired: true } : {}),
    ...(urlRequired ? { urlRequired } : {}),
  };
}

function toToolProgress(progress: Progress): ToolProgress {
  return {
    progress: progress.progress,
    ...(progress.total !== undefined ? { total: progress.total } : {}),
    ...(progress.message !== undefined ? { message: progress.message } : {}),
  };
}

function toToolResult(result: CallToolResult): ToolResult {
  const content = (result.content ?? []).map(toContent);
  const isError = result.isError === true;
  // Two literals rather than a spread of a maybe-empty object: no throwaway object per call.
  return result.structuredContent !== undefined ? { content, structuredContent: result.structuredContent, isError } : { content, isError };
}
