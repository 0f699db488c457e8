/**
 * Runs the tool calls of one assistant turn: the approval policy first (deny / allow / ask the user), then every
 * approved call concurrently through the registry, with progress pushed as events. Each call ends with a status and
 * a result or error the model will see.
 */
import { hostError } from '../../../shared/errors.ts';
import { hostMessage } from '../../../shared/hostMessages.ts';
import type { ChatMessage, FullToolResult, ToolCallBlock } from '../../../shared/chat.ts';
import type { ToolResult } from '../../../shared/servers.ts';
import type { ToolCaller } from '../ports.ts';
import type { ApprovalQueue } from './approvals.ts';

/** What the tool runner needs from the chat run. */
export interface ToolRunContext {
  tools: ToolCaller;
  approvals: ApprovalQueue;
  signal: AbortSignal;
  /** Pushes a replaced block to the renderer. */
  emitBlock(call: ToolCallBlock): void;
  /** Writes the message as it stands. */
  persist(): void;
  /** Writes waiting saves and sends the events held behind them (before another channel shows what follows them). */
  flush?(): void;
  /** Cuts a result larger than the tool result limit, keeping the whole one on disk (see ToolResultFiles.limit). */
  limitResult(call: ToolCallBlock, result: ToolResult): Promise<{ result: ToolResult; full?: FullToolResult }>;
}

/** The calls of a message the loop should run (complete input, not already failed). */
export function runnableCalls(message: ChatMessage): ToolCallBlock[] {
  return message.blocks.filter((b): b is ToolCallBlock => b.type === 'tool_call' && b.status === 'awaiting_approval');
}

// Saved before it is shown, so the run's pending saves (the turn's end, other calls) go out in the same write.
function finish(call: ToolCallBlock, context: ToolRunContext): void {
  context.persist();
  context.emitBlock(call);
}

async function decide(call: ToolCallBlock, message: ChatMessage, context: ToolRunContext): Promise<'run' | 'denied' | 'cancelled' | 'missing'> {
  const tool = context.tools.getTool(call.exposedName);
  if (!tool) return 'missing';
  const verdict = context.tools.approvalVerdict(call.exposedName);
  if (verdict === 'allow') return 'run';
  if (verdict === 'deny') return 'denied';
  context.emitBlock(call);
  // The approval request goes out on its own event: the call it asks about is shown first.
  context.flush?.();
  const answer = await context.approvals.ask(
    {
      chatId: message.chatId,
      toolCallId: call.id,
      serverId: call.serverId,
      toolName: call.toolName,
      exposedName: call.exposedName,
      ...(call.title !== undefined ? { title: call.title } : {}),
      ...(tool.description !== undefined ? { description: tool.description } : {}),
      ...(tool.fingerprint !== undefined ? { fingerprint: tool.fingerprint } : {}),
      ...(tool.changedSinceApproval ? { changedSinceApproval: true } : {}),
      input: call.input,
      destructive: call.destructive,
      readOnly: tool.annotations?.readOnlyHint === true,
    },
    context.signal,
  );
  if (answer === 'deny') return 'denied';
  if (answer === 'cancelled') return 'cancelled';
  // 'always_allow' was persisted by the answer call itself.
  return 'run';
}

async function runOne(call: ToolCallBlock, message: ChatMessage, context: ToolRunContext): Promise<void> {
  const decision = await decide(call, message, context);
  if (decision === 'missing') {
    call.status = 'error';
    call.error = hostError('tool_not_found', hostMessage('chat.toolUnavailable', { tool: call.exposedName }));
    return finish(call, context);
  }
  if (decision === 'denied') {
    call.status = 'denied';
    call.error = hostError('tool_denied', hostMessage('chat.toolDeclined'));
    return finish(call, context);
  }
  if (decision === 'cancelled' || context.signal.aborted) {
    call.status = 'cancelled';
    return finish(call, context);
  }
  call.status = 'running';
  call.startedAt = Date.now();
  finish(call, context);
  // A call that may change things is committed, running, before it starts: a crash from here on finds it and marks it
  // interrupted. A read-only call starts first and its status is committed while the server works.
  if (call.destructive) context.flush?.();
  const result = await context.tools.callTool(call.exposedName, (call.input ?? {}) as Record<string, unknown>, {
    signal: context.signal,
    chatId: message.chatId,
    onProgress: (progress) => {
      call.progress = progress;
      context.emitBlock(call);
    },
  });
  call.durationMs = Date.now() - call.startedAt;
  if (result.ok) {
    // Cut before anything else sees it: the UI event, history and the next model request all take call.result.
    const limited = await context.limitResult(call, result.value);
    call.result = limited.result;
    if (limited.full) call.fullResult = limited.full;
    call.status = result.value.isError ? 'error' : 'done';
  } else if (context.signal.aborted || result.error.code === 'cancelled') {
    call.status = 'cancelled';
    call.error = result.error;
  } else {
    call.status = 'error';
    call.error = result.error;
  }
  finish(call, context);
}

/** Runs every pending call of `message` concurrently; resolves when all have ended (or were cancelled). */
export async function runToolCalls(message: ChatMessage, context: ToolRunContext): Promise<void> {
  await Promise.all(runnableCalls(message).map((call) => runOne(call, message, context)));
}
