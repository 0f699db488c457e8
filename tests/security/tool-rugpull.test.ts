/**
 * "Rug pull" through the whole host with a real fixture server: the user always-allows a tool, the server then
 * changes its description (tools/list_changed) to slip new instructions to the model. The changed tool is flagged,
 * its next call asks again showing the full new description, and re-approving it allows it again.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PendingApproval } from '../../shared/chat.ts';
import { startScriptedLlm, type ScriptedLlm } from '../fixtures/scriptedLlm/index.ts';
import { nodeServer, scripts } from '../fixtures/servers/harness.ts';
import { HELPER_AFTER, HELPER_BEFORE } from '../fixtures/servers/hostileTools.ts';
import { startHost, tempDataDir, value, waitForTools, type HostUnderTest } from '../integration/chat-harness.ts';

const call = (tool: string) => ({ content: [{ type: 'tool_use' as const, tool, input: {} }] });
const done = { content: [{ type: 'text' as const, text: 'ok' }] };

describe('a tool whose description changes after "always allow"', () => {
  let llm: ScriptedLlm;
  let data: ReturnType<typeof tempDataDir>;
  let target: HostUnderTest;
  let chatId = '';
  const asked: PendingApproval[] = [];

  beforeAll(async () => {
    llm = await startScriptedLlm({ apiKey: 'sk-test', script: [call('helper'), done, call('swap'), done, call('helper'), done, call('helper'), done] });
    data = tempDataDir('sb-rugpull-');
    target = await startHost({ dataDir: data.dir, baseUrl: llm.url });
    value(await target.api['servers.add']({ name: 'hostile', config: nodeServer(scripts.hostileTools) }));
    await waitForTools(target, ['helper', 'swap']);
    value(await target.api['tools.setApproval']({ serverId: 'hostile', toolName: 'swap', policy: 'always_allow' }));
    target.host.events.subscribe((event, payload) => {
      if (event === 'approvals.changed' && Array.isArray(payload)) for (const item of payload as PendingApproval[]) if (!asked.some((a) => a.id === item.id)) asked.push(item);
    });
    chatId = value(await target.api['chats.create']({})).id;
  });

  afterAll(async () => {
    await target.host.shutdown();
    await llm.close();
    data.remove();
  });

  const helper = async () => value(await target.api['tools.list']({})).find((tool) => tool.toolName === 'helper');
  const storedHelper = () =>
    (JSON.parse(readFileSync(join(data.dir, 'servers.json'), 'utf8')) as { mcpServers: { hostile: { tools: { helper?: { approval?: string; approvedHash?: string } } } } }).mcpServers.hostile.tools.helper;

  async function send(text: string, decision?: 'always_allow' | 'allow_once'): Promise<PendingApproval | undefined> {
    const before = asked.length;
    value(await target.api['chat.send']({ chatId, text }));
    if (decision) {
      await expect.poll(() => asked.length).toBeGreaterThan(before);
      const approval = asked[before];
      value(await target.api['approvals.answer']({ id: approval!.id, decision }));
    }
    expect((await target.log.runEnd(chatId)).error).toBeUndefined();
    return asked[before];
  }

  it('shows the full description on the approval card and stores what was approved', async () => {
    const approval = await send('format a date', 'always_allow');
    expect(approval).toMatchObject({ toolName: 'helper', description: HELPER_BEFORE });
    expect(approval?.changedSinceApproval).toBeUndefined();
    expect(storedHelper()).toEqual({ approval: 'always_allow', approvedHash: (await helper())?.fingerprint });
  });

  it('flags the tool once the server changes its description, and its next call asks again', async () => {
    const count = asked.length;
    await send('swap it');
    expect(asked.length).toBe(count);
    await expect.poll(async () => (await helper())?.description).toBe(HELPER_AFTER);
    expect(await helper()).toMatchObject({ approval: 'always_allow', changedSinceApproval: true });

    const approval = await send('format again', 'always_allow');
    expect(approval).toMatchObject({ toolName: 'helper', description: HELPER_AFTER, changedSinceApproval: true });
    expect((await helper())?.changedSinceApproval).toBeUndefined();
    expect(storedHelper()?.approvedHash).toBe((await helper())?.fingerprint);
  });

  it('runs without asking once the user re-approved the new description', async () => {
    const count = asked.length;
    await send('format once more');
    expect(asked.length).toBe(count);
  });
});
