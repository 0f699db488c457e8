/**
 * MCP Apps requests through the whole host with real servers (the probe fixture and server-everything): an app may
 * call only its own server's tools that apps may call, a model-only tool and another server's tool are refused, an
 * app-only tool is never offered to (or callable by) the model, an app's call waits for the same approval as the
 * model's, and with Apps off the extension is not declared and the tool shows no app.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlm, type ScriptedLlm } from '../fixtures/scriptedLlm/index.ts';
import { nodeServer, scripts } from '../fixtures/servers/harness.ts';
import { startHost, tempDataDir, value, waitForTools, type HostUnderTest } from '../integration/chat-harness.ts';

const probe = path.join(fileURLToPath(new URL('../fixtures/apps/', import.meta.url)), 'fixtureAppServer.ts');

describe('MCP Apps calls through the host', () => {
  let llm: ScriptedLlm;
  let data: ReturnType<typeof tempDataDir>;
  let target: HostUnderTest;
  let chatId = '';

  beforeAll(async () => {
    llm = await startScriptedLlm({ apiKey: 'sk-test', script: [] });
    data = tempDataDir('sb-apps-');
    target = await startHost({ dataDir: data.dir, baseUrl: llm.url });
    value(await target.api['servers.add']({ name: 'probe', config: nodeServer(probe, [], { connectTimeoutMs: 120_000 }) }));
    value(await target.api['servers.add']({ name: 'plain', config: nodeServer(probe, [], { apps: false, connectTimeoutMs: 120_000 }) }));
    value(await target.api['servers.add']({ name: 'everything', config: nodeServer(scripts.everything, [], { connectTimeoutMs: 120_000 }) }));
    // Both probe servers list the same tool names: wait for each on its own server, not for the names alone.
    await waitForTools(target, [{ serverId: 'probe', tool: 'show-probe' }, { serverId: 'plain', tool: 'show-probe' }, 'echo', 'get-sum'], 120_000);
    chatId = value(await target.api['chats.create']({})).id;
  }, 180_000);

  afterAll(async () => {
    await target?.host.shutdown();
    await llm?.close();
    data?.remove();
  });

  it('refuses another server\'s tool, by its own or its exposed name, and a model-only tool of its own server', async () => {
    for (const name of ['get-sum', 'everything__get-sum']) {
      const refused = await target.api['apps.callTool']({ chatId, toolCallId: 't1', serverId: 'probe', name, arguments: { a: 1, b: 2 } });
      expect(refused.ok ? 'ran' : refused.error.code).toBe('tool_not_found');
      // The registry's refusal of a name it does not offer, as the model's call gets it (translated in the window).
      expect(refused.ok ? undefined : refused.error.text).toEqual({ code: 'call.noTool', params: { tool: name } });
    }
    const modelOnly = await target.api['apps.callTool']({ chatId, toolCallId: 't1', serverId: 'probe', name: 'secret' });
    expect(modelOnly.ok ? 'ran' : modelOnly.error.code).toBe('tool_denied');
    expect(modelOnly.ok ? undefined : modelOnly.error.text).toEqual({ code: 'apps.modelOnly', params: { tool: 'secret' } });
    expect(value(await target.api['approvals.list']({}))).toEqual([]);
  });

  it('asks the user before an app\'s call under the default policy, then runs it on the app\'s server', async () => {
    const pending = target.api['apps.callTool']({ chatId, toolCallId: 't2', serverId: 'probe', name: 'echo', arguments: { text: 'hi' } });
    let asked = value(await target.api['approvals.list']({}));
    for (let i = 0; asked.length === 0 && i < 100; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      asked = value(await target.api['approvals.list']({}));
    }
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ chatId, serverId: 'probe', toolName: 'echo', toolCallId: 't2#app-1', input: { text: 'hi' } });
    value(await target.api['approvals.answer']({ id: asked[0]!.id, decision: 'allow_once' }));
    const result = value(await pending);
    expect(result.content).toEqual([{ type: 'text', text: 'echo: hi' }]);
  });

  it('never lets the model reach an app-only tool', async () => {
    const tools = value(await target.api['tools.list']({}));
    const echo = tools.find((t) => t.serverId === 'probe' && t.toolName === 'echo');
    expect(echo?.ui).toEqual({ resourceUri: 'ui://probe/app.html', visibility: ['app'] });
    const plan = value(await target.api['chats.toolPlan']({ chatId }));
    const offered = plan.servers.find((s) => s.serverId === 'probe')?.tools.map((t) => t.toolName) ?? [];
    expect(offered).toContain('show-probe');
    expect(offered).not.toContain('echo');
  });

  it('serves the app HTML with its declared CSP through the host, and shows no app with Apps off', async () => {
    const resource = value(await target.api['apps.resource']({ serverId: 'probe', uri: 'ui://probe/app.html' }));
    expect(resource.html).toContain('Probe app');
    expect(resource.csp).toEqual({ connectDomains: ['http://127.0.0.1:9'] });
    const notUi = await target.api['apps.resource']({ serverId: 'probe', uri: 'file:///etc/passwd' });
    expect(notUi.ok ? 'read' : notUi.error.code).toBe('invalid_params');

    const tools = value(await target.api['tools.list']({}));
    expect(tools.find((t) => t.serverId === 'plain' && t.toolName === 'show-probe')?.ui?.resourceUri).toBe('');
    // The server itself says whether the host declared io.modelcontextprotocol/ui to it.
    for (const [serverId, word] of [['probe', 'declared'], ['plain', 'not declared']] as const) {
      value(await target.api['tools.setApproval']({ serverId, toolName: 'show-probe', policy: 'always_allow' }));
      const shown = value(await target.api['apps.callTool']({ chatId, toolCallId: 't3', serverId, name: 'show-probe' }));
      expect(shown.content).toEqual([{ type: 'text', text: `probe  (apps extension ${word})` }]);
    }
  });

  it('refuses a disabled tool and one set to never run with the codes the model gets, without asking', async () => {
    const call = () => target.api['apps.callTool']({ chatId, toolCallId: 't4', serverId: 'probe', name: 'echo', arguments: { text: 'hi' } });
    value(await target.api['tools.setEnabled']({ serverId: 'probe', toolName: 'echo', enabled: false }));
    const disabled = await call();
    expect(disabled.ok ? 'ran' : disabled.error).toMatchObject({ code: 'tool_disabled', text: { code: 'call.toolDisabled', params: { tool: 'echo', server: 'probe' } } });
    value(await target.api['tools.setEnabled']({ serverId: 'probe', toolName: 'echo', enabled: true }));
    value(await target.api['tools.setApproval']({ serverId: 'probe', toolName: 'echo', policy: 'deny' }));
    const never = await call();
    expect(never.ok ? 'ran' : never.error).toMatchObject({ code: 'tool_denied', text: { code: 'call.toolDenied', params: { tool: 'echo', server: 'probe' } } });
    value(await target.api['tools.setApproval']({ serverId: 'probe', toolName: 'echo', policy: 'ask' }));
    expect(value(await target.api['approvals.list']({}))).toEqual([]);
  });
});
