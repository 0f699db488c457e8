/**
 * A 20 MB tool result from a real fixture server, over stdio and over Streamable HTTP, through the whole host: the UI
 * events and the model request stay under the tool result limit (100,000 characters by default), and the whole
 * result is on disk for the user to download from the tool call.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../shared/serverConfig.ts';
import { startScriptedLlm, toolResults, toolResultText, type ScriptedLlm } from '../fixtures/scriptedLlm/index.ts';
import { startHeavyHttp, type HeavyHttpServer } from '../fixtures/servers/heavyHttp.ts';
import { startHost, tempDataDir, value, waitForTools, type HostUnderTest } from '../integration/chat-harness.ts';

const heavy = join(import.meta.dirname, '..', 'fixtures', 'servers', 'heavy.ts');
const size = 20_000_000;
const limit = 100_000;

describe('limits: huge tool results', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  const transports: [string, () => Promise<ServerConfig>][] = [
    ['stdio', () => Promise.resolve({ command: process.execPath, args: [heavy] })],
    [
      'Streamable HTTP',
      async () => {
        const server: HeavyHttpServer = await startHeavyHttp();
        cleanup.push(() => server.close());
        return { type: 'http', url: server.url };
      },
    ],
  ];

  it.each(transports)('over %s: the UI and the model get at most the limit, the full 20 MB is on disk', async (_name, config) => {
    const llm: ScriptedLlm = await startScriptedLlm({
      apiKey: 'sk-test',
      script: [{ content: [{ type: 'tool_use', tool: 'big', input: { chars: size } }] }, { content: [{ type: 'text', text: 'That was long.' }] }],
    });
    cleanup.push(() => llm.close());
    const data = tempDataDir('sb-limits-');
    cleanup.push(() => data.remove());
    const target: HostUnderTest = await startHost({ dataDir: data.dir, baseUrl: llm.url });
    cleanup.push(() => target.host.shutdown());
    value(await target.api['servers.add']({ name: 'heavy', config: await config() }));
    await waitForTools(target, ['big']);
    const chatId = value(await target.api['chats.create']({})).id;

    value(await target.api['chat.send']({ chatId, text: 'Fetch the big thing.' }));
    const [approval] = await target.log.waitFor('approvals.changed', (list) => list.length === 1, 30_000);
    value(await target.api['approvals.answer']({ id: approval?.id ?? '', decision: 'allow_once' }));
    expect((await target.log.runEnd(chatId, 120_000)).error).toBeUndefined();

    // What the renderer was pushed: every event (the finished tool call included) is small.
    const streamed = target.log.stream(chatId);
    const biggest = Math.max(...streamed.map((event) => JSON.stringify(event).length));
    expect(biggest).toBeLessThan(limit + 20_000);
    const done = streamed.flatMap((event) => (event.type === 'block' && event.block.type === 'tool_call' && event.block.status === 'done' ? [event.block] : []));
    expect(done.at(-1)?.fullResult).toEqual({ chars: size, format: 'text' });
    expect(JSON.stringify(done.at(-1)?.result)).toContain('Cut by Switchboard');

    // What the model was sent: within the limit, marked as cut.
    const sent = toolResults(llm.messageRequests()[1]?.body ?? {});
    expect(sent).toHaveLength(1);
    const text = toolResultText(sent[0] as (typeof sent)[number]);
    expect(text.length).toBeLessThanOrEqual(limit);
    expect(text).toMatch(/^The quick brown fox/);
    expect(text).toContain('20,000,000 characters');
    expect(JSON.stringify(llm.messageRequests()[1]?.body).length).toBeLessThan(limit + 20_000);

    // The whole result is on disk and downloadable from the tool call.
    expect(readdirSync(join(data.dir, 'tool-results'))).toHaveLength(1);
    const full = value(await target.api['chats.toolResult']({ chatId, toolCallId: done.at(-1)?.id ?? '' }));
    expect(full).toMatchObject({ mimeType: 'text/plain', filename: expect.stringMatching(/^tool-result-.*\.txt$/) as unknown });
    expect(full.content.length).toBe(size);
    expect(full.content.endsWith('END.')).toBe(true);
    // The history keeps the cut copy too, never the 20 MB.
    const page = value(await target.api['chats.get']({ chatId }));
    expect(JSON.stringify(page).length).toBeLessThan(limit + 20_000);
    console.log(`[limits] ${_name}: largest UI event ${biggest} chars, model request ${JSON.stringify(llm.messageRequests()[1]?.body).length} chars, rss ${Math.round(process.memoryUsage().rss / 1e6)} MB`);
  });
});
