/**
 * apps.callTool's refusals with the real tool registry: a call an app may not make is refused before any approval card,
 * with the registry's own codes (so an app's call and the model's read the same, translated), and the Apps-only
 * refusal (a model-only tool) and the user's answers carry their own codes.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { err, ok, type AppError, type Result } from '../../../shared/errors.ts';
import { FileSettings } from '../mcp/fileSettingsForTests.ts';
import type { ServerStatus, ToolResult } from '../../../shared/servers.ts';
import { ApprovalQueue } from '../chat/approvals.ts';
import { createToolRegistry, type ToolRegistry } from '../mcp/registry.ts';
import type { ServerTool } from '../mcp/types.ts';
import { createAppsModule, type AppsCalls } from './appCalls.ts';

const ready = { state: 'ready' } as ServerStatus;

const tool = (name: string, visibility?: ('model' | 'app')[]): ServerTool => ({
  name,
  inputSchema: { type: 'object' },
  ...(visibility ? { ui: { resourceUri: 'ui://s/app.html', visibility } } : {}),
});

function refusal(result: Result<unknown>): AppError {
  if (result.ok) throw new Error('the call ran');
  return result.error;
}

describe('apps.callTool refusals', () => {
  let registry: ToolRegistry;
  let approvals: ApprovalQueue;
  let callTool: AppsCalls['apps.callTool'];
  let ran: string[];
  const call = (name: string) => callTool({ chatId: 'c', toolCallId: 't', serverId: 's', name, arguments: {} });

  beforeEach(() => {
    ran = [];
    const settings = new FileSettings();
    settings.raw.set('s', { command: 'node' });
    settings.raw.set('other', { command: 'node' });
    const manager = {
      status: () => ready,
      callTool: (_s: string, toolName: string): Promise<Result<ToolResult>> => {
        ran.push(toolName);
        return Promise.resolve(ok({ content: [], isError: false }));
      },
      readResource: () => Promise.resolve(ok([])),
    };
    registry = createToolRegistry({ manager, settings });
    registry.setCatalog('s', [tool('helper'), tool('secret', ['model'])]);
    registry.setCatalog('other', [tool('elsewhere')]);
    approvals = new ApprovalQueue(() => undefined);
    const resources = { read: () => Promise.resolve(err<never>('not_found', 'unused')), watch: () => Promise.resolve(undefined) };
    callTool = createAppsModule({ tools: registry, approvals, resources }).api['apps.callTool'];
  });

  it('refuses a tool its server does not have like the registry refuses an unknown name', async () => {
    for (const name of ['elsewhere', 'other__elsewhere']) {
      const refused = refusal(await call(name));
      expect(refused).toMatchObject({ code: 'tool_not_found', text: { code: 'call.noTool', params: { tool: name } } });
      expect(refused.message).toBe(`No tool named ${name} is available.`);
    }
    // The model's call to a name that is not there: the same code and message.
    expect(refusal(await registry.callTool('elsewhere', {}))).toEqual(refusal(await call('elsewhere')));
    expect(approvals.list()).toEqual([]);
    expect(ran).toEqual([]);
  });

  it('refuses a disabled tool and a never-run tool with the same error as the model gets', async () => {
    await registry.setToolEnabled('s', 'helper', false);
    const disabled = refusal(await call('helper'));
    expect(disabled).toMatchObject({ code: 'tool_disabled', text: { code: 'call.toolDisabled', params: { tool: 'helper', server: 's' } } });
    const model = refusal(await registry.callTool('s__helper', {}));
    expect(model.text?.code).toBe('call.toolDisabled');
    expect(disabled).toEqual(model);

    await registry.setToolEnabled('s', 'helper', true);
    await registry.setApproval('s', 'helper', 'deny');
    const denied = refusal(await call('helper'));
    expect(denied).toMatchObject({ code: 'tool_denied', text: { code: 'call.toolDenied', params: { tool: 'helper', server: 's' } } });
    expect(denied).toEqual(refusal(await registry.callTool('s__helper', {})));
    expect(approvals.list()).toEqual([]);
    expect(ran).toEqual([]);
  });

  it("refuses a model-only tool with the Apps' own coded message", async () => {
    const refused = refusal(await call('secret'));
    expect(refused).toMatchObject({ code: 'tool_denied', text: { code: 'apps.modelOnly', params: { tool: 'secret' } } });
    expect(refused.message).toBe('The tool "secret" is for the model only; its server did not allow apps to call it.');
    expect(approvals.list()).toEqual([]);
  });

  it("codes the user's refusal and a chat stopped while the card waited", async () => {
    const declined = call('helper');
    await expect.poll(() => approvals.list().length).toBe(1);
    approvals.answer(approvals.list()[0]!.id, 'deny');
    expect(refusal(await declined)).toMatchObject({ code: 'tool_denied', message: 'The user declined to run this tool call.', text: { code: 'chat.toolDeclined' } });

    const stopped = call('helper');
    await expect.poll(() => approvals.list().length).toBe(1);
    approvals.cancelAll('c');
    expect(refusal(await stopped)).toMatchObject({ code: 'cancelled', text: { code: 'apps.stoppedBeforeApproval' } });
    expect(ran).toEqual([]);
  });
});
