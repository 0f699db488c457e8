/**
 * The app HTML cache over a 2026-07-28 HTTP server whose only listen stream is the one carrying the host's resource
 * subscriptions (tests/fixtures/apps/cachingAppHttpServer.ts): an update announced on it drops the app, and when the
 * stream drops and is reopened, every cached app is dropped (a change made meanwhile was never announced).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlm, type ScriptedLlm } from '../../../tests/fixtures/scriptedLlm/index.ts';
import { startHttpFixture, type HttpFixture } from '../../../tests/fixtures/servers/httpProcess.ts';
import { startHost, tempDataDir, value, waitForTools, type HostUnderTest } from '../../../tests/integration/chat-harness.ts';

const fixture = path.join(fileURLToPath(new URL('../../../tests/fixtures/apps/', import.meta.url)), 'cachingAppHttpServer.ts');
const uri = 'ui://cache/http.html';

describe('the app HTML cache on a 2026-07-28 listen stream (HTTP)', () => {
  let llm: ScriptedLlm;
  let data: ReturnType<typeof tempDataDir>;
  let server: HttpFixture;
  let target: HostUnderTest;
  let chatId = '';

  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const result = value(await target.api['apps.callTool']({ chatId, toolCallId: 'cache', serverId: 'web', name, arguments: args }));
    return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
  };
  const stats = async () => JSON.parse(await call('stats')) as { reads: number; listens: number };
  const render = async () => value(await target.api['apps.resource']({ serverId: 'web', uri })).html;

  beforeAll(async () => {
    llm = await startScriptedLlm({ apiKey: 'sk-test', script: [] });
    data = tempDataDir('sb-appcache-http-');
    server = await startHttpFixture(fixture);
    target = await startHost({ dataDir: data.dir, baseUrl: llm.url });
    value(await target.api['servers.add']({ name: 'web', config: { type: 'http', url: server.url, connectTimeoutMs: 120_000 } }));
    await waitForTools(target, ['change', 'cut_listen', 'stats'], 120_000);
    chatId = value(await target.api['chats.create']({})).id;
    for (const toolName of ['change', 'cut_listen', 'stats']) value(await target.api['tools.setApproval']({ serverId: 'web', toolName, policy: 'always_allow' }));
  }, 180_000);

  afterAll(async () => {
    await target?.host.shutdown();
    await server?.kill();
    await llm?.close();
    data?.remove();
  });

  it('opens a listen stream only once an app is cached, and drops the app on an announced update', async () => {
    expect((await stats()).listens).toBe(0);
    expect(await render()).toContain(`${uri} v1`);
    await expect.poll(async () => (await stats()).listens).toBe(1);
    expect(await call('change')).toBe('v2');
    await expect.poll(() => render(), { timeout: 30_000, interval: 100 }).toContain(`${uri} v2`);
  });

  it('drops every cached app when the stream comes back after a drop', async () => {
    await expect.poll(async () => (await stats()).listens).toBe(1);
    const before = (await stats()).reads;
    // Changed without a word (as if while the stream was down): the cached copy stays.
    expect(await call('change', { silent: true })).toBe('v3');
    expect(await render()).toContain(`${uri} v2`);
    expect((await stats()).reads).toBe(before);
    expect(await call('cut_listen')).toBe('cutting 1');
    await expect.poll(() => render(), { timeout: 30_000, interval: 200 }).toContain(`${uri} v3`);
    await expect.poll(async () => (await stats()).listens).toBe(1);
  });
});
