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
import type { InflightCalls } from './inflightCalls.ts';
import { describeRequestError, isAuthError, isConnectionLost } from './mcpErrors.ts';
import { urlElicitationsOf } from './urlRequired/urlRequired.ts';

export { InflightCalls, type ElicitationAttribution } from './inflightCalls.ts';

/**
 * The SDK insists on a timer of its own per request. Ours decides (it pauses while the user answers an elicitation,
 * which the SDK's cannot), so the SDK's is parked at the largest delay setTimeout accepts. It is not reset on progress
 * either (`resetTimeoutOnProgress`): that would clear and set it again for every progress notification, for nothing.
 */
const parkedSdkTimeoutMs = 2_147_483_647;

/** What a finished call reports besides its result: whether the connection seems gone (so the server is restarted), or
 * whether the server refused the credentials (so the server asks the user to sign in). */
export interface CallOutcome {
  result: Result<ToolResult>;
  connectionLost: boolean;
  authRequired?: boolean;
  /** The server answered -32042: these URLs must be opened (and completed) before the call can succeed. */
  urlRequired?: ElicitRequestURLParams[];
}

/** Calls a tool with our timeout and abort semantics. */
export async function runToolCall(
  client: Client,
  inflight: InflightCalls,
  toolName: string,
  args: Record<string, unknown>,
  options: ToolCallOptions,
  timeoutMs: number,
  meta?: Record<string, unknown>,
): Promise<CallOutcome> {
  const caller = options.signal;
  if (caller?.aborted) return { result: hostErr('cancelled', hostMessage('call.cancelledBefore')), connectionLost: false };
  const call = inflight.start(timeoutMs, options.chatId);
  const onProgress = options.onProgress;
  // Stop reaches the SDK through the call's own controller, which the timeout aborts too.
  const onCallerAbort = caller ? () => call.controller.abort(caller.reason) : undefined;
  if (caller && onCallerAbort) caller.addEventListener('abort', onCallerAbort, { once: true });
  try {
    const result = await client.callTool(meta ? { name: toolName, arguments: args, _meta: meta } : { name: toolName, arguments: args }, {
      signal: call.controller.signal,
      timeout: parkedSdkTimeoutMs,
      // Also what makes the SDK send a progress token: without one a server sends no progress at all.
      onprogress: (progress) => {
        call.progressed();
        onProgress?.(toToolProgress(progress));
      },
    });
    return { result: ok(toToolResult(result)), connectionLost: false };
  } catch (error) {
    // The SDK reports every abort as REQUEST_TIMEOUT; who aborted decides what the user is told.
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
  } finally {
    inflight.finish(call);
    if (caller && onCallerAbort) caller.removeEventListener('abort', onCallerAbort);
  }
}

function toToolProgress(progress: Progress): ToolProgress {
  return {
    progress: progress.progress,
    ...(progress.total !== undefined ? { total: progress.total } : {}),
    ...(progress.message !== undefined ? { message: progress.message } : {}),
  };
}

function toToolResult(result: CallToolResult): ToolResult {
  return {
    content: (result.content ?? []).map(toContent),
    ...(result.structuredContent !== undefined ? { structuredContent: result.structuredContent } : {}),
    isError: result.isError === true,
  };
}
