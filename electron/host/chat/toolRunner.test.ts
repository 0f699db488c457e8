import { describe, expect, it } from 'vitest';
import { ok, type Result } from '../../../shared/errors.ts';
import type { ChatMessage, PendingApproval, ToolCallBlock } from '../../../shared/chat.ts';
import type { ExposedTool, ToolResult } from '../../../shared/servers.ts';
import type { ApprovalVerdict, ToolCallOptions, ToolCaller } from '../ports.ts';
import { ApprovalQueue } from './approvals.ts';
import { runToolCalls } from './toolRunner.ts';

function tool(name: string, approval: ExposedTool['approval'] = 'ask', readOnly = false): ExposedTool {
  return { exposedName: `s__${name}`, serverId: 's', toolName: name, inputSchema: {}, enabled: true, approval, ...(readOnly ? { annotations: { readOnlyHint: true } } : {}) };
}

function caller(tools: ExposedTool[], verdicts: Record<string, ApprovalVerdict>): ToolCaller & { ran: string[] } {
  const ran: string[] = [];
  return {
    ran,
    listTools: () => tools,
    getTool: (name) => tools.find((t) => t.exposedName === name),
    approvalVerdict: (name) => verdicts[name] ?? 'ask',
    setApproval: () => Promise.resolve(ok(tools)),
    callTool: (name: string, _args: Record<string, unknown>, _options?: ToolCallOptions): Promise<Result<ToolResult>> => {
      ran.push(name);
      return Promise.resolve(ok({ content: [{ type: 'text', text: `ran ${name}` }], isError: false }));
    },
    readResource: () => Promise.resolve(ok([])),
    onChange: () => () => {},
  };
}

const keepWhole = (_call: ToolCallBlock, result: ToolResult) => Promise.resolve({ result });

function pendingCall(name: string): ToolCallBlock {
  return { type: 'tool_call', id: `id-${name}`, exposedName: `s__${name}`, serverId: 's', toolName: name, input: {}, status: 'awaiting_approval', destructive: true };
}

function message(calls: ToolCallBlock[]): ChatMessage {
  return { id: 'm', chatId: 'chat', role: 'assistant', blocks: calls, status: 'streaming', createdAt: 0, updatedAt: 0 };
}

describe('approval policy in the tool runner', () => {
  it('runs allowed calls, refuses denied ones, reports unknown tools, and asks for the rest', async () => {
    const tools = caller([tool('allowed'), tool('denied'), tool('asked')], { s__allowed: 'allow', s__denied: 'deny' });
    let asked: PendingApproval[] = [];
    const approvals = new ApprovalQueue((list) => {
      asked = list;
    });
    const m = message([pendingCall('allowed'), pendingCall('denied'), pendingCall('asked'), pendingCall('gone')]);
    const done = runToolCalls(m, { tools, approvals, signal: new AbortController().signal, emitBlock: () => {}, persist: () => {}, limitResult: keepWhole });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(asked.map((a) => a.toolName)).toEqual(['asked']);
    expect(approvals.answer(asked[0]!.id, 'allow_once')).toBe(true);
    await done;
    expect(tools.ran).toEqual(['s__allowed', 's__asked']);
    const calls = m.blocks as ToolCallBlock[];
    expect(calls.map((c) => c.status)).toEqual(['done', 'denied', 'done', 'error']);
    expect(calls[1]?.error?.code).toBe('tool_denied');
    expect(calls[3]?.error?.code).toBe('tool_not_found');
    // The card translates these; the model reads the English.
    expect(calls[1]?.error?.text).toEqual({ code: 'chat.toolDeclined' });
    expect(calls[3]?.error?.text).toEqual({ code: 'chat.toolUnavailable', params: { tool: 's__gone' } });
  });

  it('a stop cancels the pending approval and the call never runs', async () => {
    const tools = caller([tool('asked')], {});
    const approvals = new ApprovalQueue(() => {});
    const controller = new AbortController();
    const m = message([pendingCall('asked')]);
    const done = runToolCalls(m, { tools, approvals, signal: controller.signal, emitBlock: () => {}, persist: () => {}, limitResult: keepWhole });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(approvals.list()).toHaveLength(1);
    controller.abort();
    await done;
    expect(approvals.list()).toHaveLength(0);
    expect(tools.ran).toEqual([]);
    expect((m.blocks[0] as ToolCallBlock).status).toBe('cancelled');
  });

  it('a user deny becomes a denied call the model will hear about', async () => {
    const tools = caller([tool('asked', 'ask', true)], {});
    const approvals = new ApprovalQueue(() => {});
    const m = message([pendingCall('asked')]);
    const done = runToolCalls(m, { tools, approvals, signal: new AbortController().signal, emitBlock: () => {}, persist: () => {}, limitResult: keepWhole });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const [request] = approvals.list();
    expect(request).toMatchObject({ chatId: 'chat', readOnly: true, destructive: true, toolCallId: 'id-asked' });
    approvals.answer(request!.id, 'deny');
    await done;
    expect((m.blocks[0] as ToolCallBlock).status).toBe('denied');
    expect(tools.ran).toEqual([]);
  });
});
