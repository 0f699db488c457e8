/**
 * The app HTML cache through the whole host against a real server (tests/fixtures/apps/cachingAppServer.ts) on both
 * protocol eras: it keeps HTML exactly as long as the server's ttlMs says, and drops it when the server says the
 * resource was updated (2026-07-28: a subscriptions/listen stream with resourceSubscriptions; 2025: resources/subscribe).
 * Reads are counted by the server itself.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlm, type ScriptedLlm } from '../../../tests/fixtures/scriptedLlm/index.ts';
import { nodeServer } from '../../../tests/fixtures/servers/harness.ts';
import { startHost, tempDataDir, value, waitForTools, type HostUnderTest } from '../../../tests/integration/chat-harness.ts';

const fixture = path.join(fileURLToPath(new URL('../../../tests/fixtures/apps/', import.meta.url)), 'cachingAppServer.ts');
const servers = { modern: '2026-07-28', legacy: '2025-11-25' } as const;

describe('the app HTML cache with real servers', () => {
  let llm: ScriptedLlm;
  let data: ReturnType<typeof tempDataDir>;
  let target: HostUnderTest;
  let chatId = '';

  /** Calls a fixture tool the way an app would (approval set to always allow beforehand). */
  const call = async (serverId: string, name: string, args: Record<string, unknown> = {}) => {
    const result = value(await target.api['apps.callTool']({ chatId, toolCallId: 'cache', serverId, name, arguments: args }));
    return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
  };
  const stats = async (serverId: string) => JSON.parse(await call(serverId, 'stats')) as { reads: Record<string, number>; subscribed: string[] };
  const reads = async (serverId: string, name: string) => (await stats(serverId)).reads[`ui://cache/${name}.html`] ?? 0;
  /** What the window gets when it renders the app (the call AppFrame makes). */
  const render = async (serverId: string, name: string) => value(await target.api['apps.resource']({ serverId, uri: `ui://cache/${name}.html` })).html;

  beforeAll(async () => {
    llm = await startScriptedLlm({ apiKey: 'sk-test', script: [] });
    data = tempDataDir('sb-appcache-');
    target = await startHost({ dataDir: data.dir, baseUrl: llm.url });
    for (const [name, protocol] of Object.entries(servers)) value(await target.api['servers.add']({ name, config: nodeServer(fixture, [], { protocol, connectTimeoutMs: 120_000 }) }));
    await waitForTools(target, Object.keys(servers).flatMap((serverId) => ['stats', 'change', 'add_tool'].map((tool) => ({ serverId, tool }))), 120_000);
    chatId = value(await target.api['chats.create']({})).id;
    for (const serverId of Object.keys(servers)) {
      for (const toolName of ['stats', 'change', 'add_tool']) value(await target.api['tools.setApproval']({ serverId, toolName, policy: 'always_allow' }));
    }
  }, 180_000);

  afterAll(async () => {
    await target?.host.shutdown();
    await llm?.close();
    data?.remove();
  });

  it('2026-07-28: a second render within the ttl is served from the cache; after the ttl the HTML is read again', async () => {
    expect(await render('modern', 'long')).toContain('ui://cache/long.html v1');
    expect(await render('modern', 'long')).toContain('v1');
    expect(await reads('modern', 'long')).toBe(1);

    expect(await render('modern', 'short')).toContain('ui://cache/short.html v1');
    // 400 ms: rendering again and again reads it again once the ttl has run out (no timing is asserted).
    await expect.poll(async () => (await render('modern', 'short')) && (await reads('modern', 'short')), { timeout: 30_000, interval: 200 }).toBeGreaterThanOrEqual(2);
  });

  it('2026-07-28: ttlMs 0 (also what the SDK sends when a server gives no hint) is read on every render', async () => {
    for (let i = 0; i < 3; i++) expect(await render('modern', 'never')).toContain('ui://cache/never.html v1');
    expect(await reads('modern', 'never')).toBe(3);
    for (let i = 0; i < 2; i++) await render('modern', 'plain');
    expect(await reads('modern', 'plain')).toBe(2);
  });

  it('2026-07-28: after resources/updated on the listen stream the next render shows the new HTML', async () => {
    const before = await reads('modern', 'long');
    expect(await render('modern', 'long')).toContain('v1');
    expect(await call('modern', 'change', { uri: 'ui://cache/long.html' })).toContain('v2');
    await expect.poll(() => render('modern', 'long'), { timeout: 30_000, interval: 100 }).toContain('ui://cache/long.html v2');
    // Cached again (and watched again) from then on.
    expect(await render('modern', 'long')).toContain('v2');
    expect(await reads('modern', 'long')).toBe(before + 1);
    expect(await call('modern', 'change', { uri: 'ui://cache/long.html' })).toContain('v3');
    await expect.poll(() => render('modern', 'long'), { timeout: 30_000, interval: 100 }).toContain('ui://cache/long.html v3');
  });

  it('2026-07-28: a list change drops the apps; rendered again, an app is watched again and its next update is seen', async () => {
    expect(await render('modern', 'long')).toContain('v3');
    expect(await call('modern', 'add_tool', { name: 'modern_late' })).toBe('added modern_late');
    // The catalog refresh dropped the cached app: the next render reads it again.
    await expect.poll(async () => (await render('modern', 'long')) && (await reads('modern', 'long')), { timeout: 30_000, interval: 200 }).toBeGreaterThanOrEqual(4);
    expect(await call('modern', 'change', { uri: 'ui://cache/long.html' })).toContain('v4');
    await expect.poll(() => render('modern', 'long'), { timeout: 30_000, interval: 100 }).toContain('ui://cache/long.html v4');
  });

  it('2025: results carry no ttl, so the host default keeps the HTML; the server is subscribed to it', async () => {
    expect(await render('legacy', 'never')).toContain('ui://cache/never.html v1');
    expect(await render('legacy', 'never')).toContain('v1');
    expect(await reads('legacy', 'never')).toBe(1);
    await expect.poll(async () => (await stats('legacy')).subscribed).toEqual(['ui://cache/never.html']);
  });

  it('2025: after resources/updated the next render shows the new HTML, and a list change drops it and unsubscribes', async () => {
    expect(await render('legacy', 'plain')).toContain('ui://cache/plain.html v1');
    await expect.poll(async () => (await stats('legacy')).subscribed).toContain('ui://cache/plain.html');
    expect(await call('legacy', 'change', { uri: 'ui://cache/plain.html' })).toContain('v2');
    await expect.poll(() => render('legacy', 'plain'), { timeout: 30_000, interval: 100 }).toContain('ui://cache/plain.html v2');
    await expect.poll(async () => (await stats('legacy')).subscribed).toContain('ui://cache/plain.html');

    expect(await call('legacy', 'add_tool', { name: 'late_tool' })).toBe('added late_tool');
    await expect.poll(async () => (await stats('legacy')).subscribed, { timeout: 30_000 }).toEqual([]);
    const before = await reads('legacy', 'plain');
    expect(await render('legacy', 'plain')).toContain('v2');
    expect(await reads('legacy', 'plain')).toBe(before + 1);
  });
});
