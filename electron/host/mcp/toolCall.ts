/**
 * One tool call against one client: our own timeout (reset by progress, paused while the user answers an elicitation),
 * abort reported as `cancelled` rather than as the SDK's REQUEST_TIMEOUT, and the set of calls in flight per server so an
 * elicitation can be tied to the chat that caused it.
 */
import type { CallToolResult, Client, ElicitRequestURLParams } from '@modelcontextprotocol/client';
import { hostErr, ok, type Result } from '../../../shared/errors.ts';
import { hostMessage } from '../../../shared/hostMessages.ts';
import type { ToolResult } from '../../../shared/servers.ts';
import type { ToolCallOptions } from '../ports.ts';
import { toContent } from './convert.ts';
import { describeRequestError, isAuthError, isConnectionLost } from './mcpErrors.ts';
import { urlElicitationsOf } from './urlRequired/urlRequired.ts';

/** The largest delay setTimeout accepts; the SDK's own timer is parked there because ours decides. */
const parkedSdkTimeoutMs = 2_147_483_647;

/** A timer that can be restarted (progress) and paused (an elicitation waits for the user). */
export interface PausableTimer {
  reset(): void;
  pause(): void;
  resume(): void;
  stop(): void;
}

/** Starts a pausable timer; `resume` after the last `pause` restarts the full delay, as progress does. */
export function pausableTimer(delayMs: number, onFire: () => void): PausableTimer {
  let timer: NodeJS.Timeout | undefined;
  let paused = 0;
  let stopped = false;
  const arm = () => {
    if (timer) clearTimeout(timer);
    timer = stopped || paused > 0 ? undefined : setTimeout(onFire, delayMs);
  };
  arm();
  return {
    reset: arm,
    pause() {
      paused += 1;
      arm();
    },
    resume() {
      paused = Math.max(0, paused - 1);
      arm();
    },
    stop() {
      stopped = true;
      arm();
    },
  };
}

interface InflightCall {
  chatId?: string;
  signal: AbortSignal;
  timer: PausableTimer;
}

/** What an elicitation learns about the calls it may belong to. */
export interface ElicitationAttribution {
  /** The chat, when every call in flight on this server belongs to the same one. */
  chatId?: string;
  /** Aborts when the (single) call in flight is aborted. */
  signal?: AbortSignal;
  /** Pauses the timeouts of the calls in flight; returns the resume function. */
  pause(): () => void;
}

/** The calls in flight on one server. */
export class InflightCalls {
  private readonly calls = new Set<InflightCall>();

  /**
   * Ties an incoming elicitation to calls in flight. Neither a legacy server→client request nor an MRTR round names the
   * call that caused it, so: one call in flight is the cause; several from one chat share its id; otherwise no chat.
   * Every call in flight is paused, since any of them may be the one waiting for the user.
   */
  attribute(): ElicitationAttribution {
    const calls = [...this.calls];
    const chats = new Set(calls.map((call) => call.chatId));
    const onlyChat = chats.size === 1 ? [...chats][0] : undefined;
    const only = calls.length === 1 ? calls[0] : undefined;
    return {
      ...(onlyChat !== undefined ? { chatId: onlyChat } : {}),
      ...(only ? { signal: only.signal } : {}),
      pause: () => {
        for (const call of calls) call.timer.pause();
        let resumed = false;
        return () => {
          if (resumed) return;
          resumed = true;
          for (const call of calls) call.timer.resume();
        };
      },
    };
  }

  /** Number of calls in flight. */
  get size(): number {
    return this.calls.size;
  }

  /** Runs one call while it is registered here. */
  async track<T>(call: InflightCall, run: () => Promise<T>): Promise<T> {
    this.calls.add(call);
    try {
      return await run();
    } finally {
      this.calls.delete(call);
    }
  }
}

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
  const controller = new AbortController();
  let timedOut = false;
  const timer = pausableTimer(timeoutMs, () => {
    timedOut = true;
    controller.abort(new Error('timeout'));
  });
  const onCallerAbort = () => controller.abort(caller?.reason);
  caller?.addEventListener('abort', onCallerAbort, { once: true });
  const call: InflightCall = { signal: controller.signal, timer, ...(options.chatId !== undefined ? { chatId: options.chatId } : {}) };
  try {
    const result = await inflight.track(call, () =>
      client.callTool(
        { name: toolName, arguments: args, ...(meta ? { _meta: meta } : {}) },
        {
          signal: controller.signal,
          timeout: parkedSdkTimeoutMs,
          resetTimeoutOnProgress: true,
          onprogress: (progress) => {
            timer.reset();
            options.onProgress?.({
              progress: progress.progress,
              ...(progress.total !== undefined ? { total: progress.total } : {}),
              ...(progress.message !== undefined ? { message: progress.message } : {}),
            });
          },
        },
      ),
    );
    return { result: ok(toToolResult(result)), connectionLost: false };
  } catch (error) {
    // The SDK reports every abort as REQUEST_TIMEOUT; who aborted decides what the user is told.
    if (caller?.aborted) return { result: hostErr('cancelled', hostMessage('call.cancelled')), connectionLost: false };
    if (timedOut) {
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
    timer.stop();
    caller?.removeEventListener('abort', onCallerAbort);
  }
}

function toToolResult(result: CallToolResult): ToolResult {
  return {
    content: (result.content ?? []).map(toContent),
    ...(result.structuredContent !== undefined ? { structuredContent: result.structuredContent } : {}),
    isError: result.isError === true,
  };
}
