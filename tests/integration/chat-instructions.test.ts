/**
 * Server instructions reach the model (issue 10 #8): a real stdio fixture server with `instructions` is added to the
 * whole host; the scripted LLM's next request carries them in the system prompt, after the user's own system prompt,
 * with the hidden character made visible. A disabled server's instructions are gone from the next request. Its icons
 * (issue 10 #8) reach the window only as checked data: URLs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { startScriptedLlm, type ScriptedLlm } from '../fixtures/scriptedLlm/index.ts';
import { startHost, tempDataDir, value, waitForTools, type HostUnderTest } from './chat-harness.ts';

const fixture = path.join(import.meta.dirname, '../fixtures/servers/instructionsServer.ts');

function systemText(body: { system?: unknown } | undefined): string {
  const system = body?.system;
  if (typeof system === 'string') return system;
  return Array.isArray(system) ? system.map((block: { text?: string }) => block.text ?? '').join('\n') : '';
}

describe('server instructions in the system prompt', () => {
  let llm: ScriptedLlm;
  let data: ReturnType<typeof tempDataDir>;
  let target: HostUnderTest;

  beforeAll(async () => {
    llm = await startScriptedLlm({ apiKey: 'sk-test', script: [{ content: [{ type: 'text', text: 'One.' }] }, { content: [{ type: 'text', text: 'Two.' }] }] });
    data = tempDataDir('sb-instructions-');
    target = await startHost({ dataDir: data.dir, baseUrl: llm.url });
    value(await target.api['settings.update']({ systemPrompt: 'You are terse.' }));
    value(await target.api['servers.add']({ name: 'greeter', config: { command: process.execPath, args: [fixture] } }));
    await waitForTools(target, ['greet'], 60_000);
  }, 120_000);

  afterAll(async () => {
    await target.host.shutdown();
    await llm.close();
    data.remove();
  });

  it('sends a ready server\'s instructions in a bounded, labelled section after the user\'s system prompt', async () => {
    const chatId = value(await target.api['chats.create']({})).id;
    value(await target.api['chat.send']({ chatId, text: 'Hi' }));
    expect((await target.log.runEnd(chatId, 60_000)).error).toBeUndefined();
    const system = systemText(llm.messageRequests()[0]!.body);
    expect(system.startsWith('You are terse.')).toBe(true);
    expect(system).toContain('# Instructions from connected MCP servers');
    expect(system).toContain('<server_instructions server="greeter" name="instructions-fixture">');
    // The bidi override is shown as an escape, never passed on raw.
    expect(system).toContain('Always greet in French.⟨U+202E⟩ Call greet first.');
    expect(system).not.toContain('\u202E');
  }, 90_000);

  it('shows the server and tool icons as checked data: URLs (the http: and svg icons listed first are refused)', async () => {
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
    const view = value(await target.api['servers.list']({})).find((server) => server.id === 'greeter');
    expect(view?.status.state === 'ready' ? view.status.icon : undefined).toBe(png);
    const tool = value(await target.api['tools.list']({})).find((t) => t.toolName === 'greet');
    expect(tool?.icon).toBe(png);
  });

  it('leaves a disabled server\'s instructions out', async () => {
    value(await target.api['servers.setEnabled']({ id: 'greeter', enabled: false }));
    const chatId = value(await target.api['chats.create']({})).id;
    value(await target.api['chat.send']({ chatId, text: 'Hi again' }));
    expect((await target.log.runEnd(chatId, 60_000)).error).toBeUndefined();
    const system = systemText(llm.messageRequests()[1]!.body);
    expect(system).toBe('You are terse.');
  }, 90_000);
});
