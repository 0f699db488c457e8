// The connection manager against real MCP servers from the npm registry: server-everything (stdio and Streamable HTTP),
// server-filesystem on a temp folder, server-memory.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, nodeServer, scripts, startEverythingHttp } from '../fixtures/servers/harness.ts';

describe('server-everything over stdio (2025 era)', () => {
  const secret = 'sk-live-should-not-leak';
  let h: ReturnType<typeof createHarness>;

  beforeAll(async () => {
    process.env.SWITCHBOARD_TEST_SECRET = secret;
    h = createHarness();
    h.set({ everything: nodeServer(scripts.everything, ['stdio'], { env: { OWN_VARIABLE: 'from-config' } }) });
    await h.manager.whenSettled();
  });
  afterAll(async () => {
    delete process.env.SWITCHBOARD_TEST_SECRET;
    await h.cleanup();
  });

  it('becomes ready through initialize, with server identity, counts and tools as sent', async () => {
    const ready = await h.waitForState('everything', 'ready');
    expect(h.states('everything').slice(0, 2)).toEqual(['connecting', 'ready']);
    expect(ready.era).toBe('legacy');
    expect(ready.protocolVersion).toMatch(/^2025-/);
    expect(ready.serverName).toContain('everything');
    expect(ready.counts.tools).toBeGreaterThan(5);
    expect(ready.counts.resources).toBeGreaterThan(0);
    expect(ready.counts.prompts).toBeGreaterThan(0);
    const echo = h.manager.catalog('everything')?.tools.find((tool) => tool.name === 'echo');
    expect(echo?.inputSchema).toMatchObject({ type: 'object', properties: { message: { type: 'string' } } });
    const longRunning = h.manager.catalog('everything')?.tools.find((tool) => tool.name === 'trigger-long-running-operation');
    expect(longRunning?.annotations).toEqual({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
  });

  it('lists the elicitation tools the server registers only for clients that declare elicitation', async () => {
    // server-everything adds them after initialize and announces them with tools/list_changed.
    const tools = await h.until(() => {
      const names = h.manager.catalog('everything')?.tools.map((tool) => tool.name) ?? [];
      return names.includes('trigger-elicitation-request') ? names : undefined;
    }, 'the elicitation tool');
    expect(tools).toContain('trigger-url-elicitation');
    // It announces them with tools/list_changed after initialize: the catalog is reported again after the refresh.
    await h.until(() => (h.catalogs('everything').length >= 2 ? true : undefined), 'a refreshed catalog');
  });

  it('shows the log messages a server sends over MCP in its log', async () => {
    expect(await h.manager.callTool('everything', 'toggle-simulated-logging', {})).toMatchObject({ ok: true });
    const line = await h.until(() => h.logLines.find((l) => l.serverId === 'everything' && l.stream === 'server'), 'a server log message');
    expect(line.level).toBeDefined();
    await h.manager.callTool('everything', 'toggle-simulated-logging', {});
  });

  it('calls a tool and returns its content', async () => {
    const result = await h.manager.callTool('everything', 'echo', { message: 'hello' });
    expect(result).toEqual({ ok: true, value: { content: [{ type: 'text', text: 'Echo: hello' }], isError: false } });
  });

  it('passes progress through and finishes a call that outlives its timeout thanks to progress', async () => {
    const progress: number[] = [];
    // Progress every 500 ms against a 1.5 s timeout: room for a late notification on a loaded machine; 3 s in all.
    const result = await h.manager.callTool('everything', 'trigger-long-running-operation', { duration: 3, steps: 6 }, {
      timeoutMs: 1500,
      onProgress: (p) => progress.push(p.progress),
    });
    expect(result.ok).toBe(true);
    // The last notification may race the response (the SDK drops progress for a finished request).
    expect(progress.slice(0, 3)).toEqual([1, 2, 3]);
  });

  it('routes a server-to-client elicitation to the broker and returns the answer', async () => {
    const call = h.manager.callTool('everything', 'trigger-elicitation-request', {}, { chatId: 'chat-7', timeoutMs: 2000 });
    const pending = await h.until(() => h.broker.list()[0], 'a pending elicitation');
    expect(pending).toMatchObject({ serverId: 'everything', chatId: 'chat-7', mode: 'form' });
    expect(pending.mode === 'form' && Object.keys(pending.requestedSchema.properties)).toContain('name');
    // The user takes longer than the call's timeout: the wait is not counted against the call.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    h.broker.answer(pending.id, { action: 'accept', content: { name: 'Ada Lovelace', check: true, email: 'ada@example.com' } });
    const result = await call;
    expect(result.ok && JSON.stringify(result.value.content)).toContain('Ada Lovelace');
  });

  it('keeps secrets of the host environment away from the server, but passes its own env and PATH', async () => {
    const result = await h.manager.callTool('everything', 'get-env', {});
    const text = result.ok && result.value.content[0]?.type === 'text' ? result.value.content[0].text : '';
    const env = JSON.parse(text) as Record<string, string>;
    expect(env.SWITCHBOARD_TEST_SECRET).toBeUndefined();
    expect(env.OWN_VARIABLE).toBe('from-config');
    expect(env.PATH).toBe(process.env.PATH);
  });

  it('lists resources with pagination, templates, reads one, and renders a prompt', async () => {
    const all = await h.manager.listResources('everything');
    expect(all.ok && all.value.resources.length).toBeGreaterThan(0);
    const templates = await h.manager.listResourceTemplates('everything');
    expect(templates.ok && templates.value.length).toBeGreaterThan(0);
    const first = all.ok ? all.value.resources[0] : undefined;
    const read = await h.manager.readResource('everything', first?.uri ?? '');
    expect(read.ok && read.value[0]?.uri).toBe(first?.uri);
    const prompt = await h.manager.getPrompt('everything', 'simple-prompt');
    expect(prompt.ok && prompt.value.messages.length).toBeGreaterThan(0);
  });

  it('answers typed errors for unknown servers and tools', async () => {
    expect(await h.manager.callTool('nope', 'echo', {})).toMatchObject({ ok: false, error: { code: 'not_found' } });
    // server-everything answers an unknown tool with a tool error (isError), as the 2025 spec allows.
    expect(await h.manager.callTool('everything', 'no-such-tool', {})).toMatchObject({ ok: true, value: { isError: true } });
    h.manager.setServers([{ id: 'everything', config: nodeServer(scripts.everything, ['stdio'], { env: { OWN_VARIABLE: 'from-config' }, enabled: false }) }]);
    expect(await h.manager.callTool('everything', 'echo', { message: 'x' })).toMatchObject({ ok: false, error: { code: 'server_disabled' } });
    expect(h.catalogs('everything').at(-1)).toEqual({ tools: [], prompts: [], resourceCount: 0 });
  });
});

describe('server-everything over Streamable HTTP', () => {
  let h: ReturnType<typeof createHarness>;
  let server: Awaited<ReturnType<typeof startEverythingHttp>>;

  beforeAll(async () => {
    server = await startEverythingHttp();
    h = createHarness();
  });
  afterAll(async () => {
    await h.cleanup();
    await server.stop();
  });

  it('connects with custom headers, lists tools and calls one', async () => {
    h.set({ remote: { type: 'http', url: server.url, headers: { 'X-Test': 'yes' } } });
    const ready = await h.waitForState('remote', 'ready');
    expect(ready.era).toBe('legacy');
    expect(ready.counts.tools).toBeGreaterThan(5);
    const result = await h.manager.callTool('remote', 'get-sum', { a: 2, b: 3 });
    expect(result.ok && JSON.stringify(result.value.content)).toContain('5');
  });

  it('reports a server that went away, then reconnects once it is back', async () => {
    await server.stop();
    const failed = await h.manager.callTool('remote', 'echo', { message: 'x' });
    expect(failed).toMatchObject({ ok: false, error: { code: 'connect_failed', message: 'The server could not be reached (connection refused).' } });
    const restarting = await h.waitForState('remote', 'restarting');
    expect(restarting.lastError).toContain('connection refused');
    server = await startEverythingHttp(server.port);
    await h.waitForState('remote', 'ready', 30_000);
    expect(await h.manager.callTool('remote', 'echo', { message: 'back' })).toMatchObject({ ok: true });
  });
});

describe('server-filesystem and server-memory', () => {
  let h: ReturnType<typeof createHarness>;
  let folder: string;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'sb-fs-'));
    writeFileSync(path.join(folder, 'notes.txt'), 'remember the milk\n');
    h = createHarness();
    h.set({
      files: nodeServer(scripts.filesystem, [folder]),
      memory: nodeServer(scripts.memory, [], { env: { MEMORY_FILE_PATH: path.join(folder, 'memory.jsonl') } }),
    });
    await h.manager.whenSettled();
  });
  afterAll(async () => {
    await h.cleanup();
    rmSync(folder, { recursive: true, force: true });
  });

  it('reads a file in the allowed folder and refuses one outside it', async () => {
    expect(h.manager.status('files')?.state).toBe('ready');
    const read = await h.manager.callTool('files', 'read_text_file', { path: path.join(folder, 'notes.txt') });
    expect(read.ok && JSON.stringify(read.value.content)).toContain('remember the milk');
    const outside = await h.manager.callTool('files', 'read_text_file', { path: '/etc/hostname' });
    expect(outside.ok && outside.value.isError).toBe(true);
  });

  it('stores and reads back a knowledge graph entity', async () => {
    expect(h.manager.status('memory')?.state).toBe('ready');
    const created = await h.manager.callTool('memory', 'create_entities', { entities: [{ name: 'Ada', entityType: 'person', observations: ['wrote the first program'] }] });
    expect(created.ok && created.value.isError).toBe(false);
    const graph = await h.manager.callTool('memory', 'read_graph', {});
    expect(graph.ok && JSON.stringify(graph.value)).toContain('wrote the first program');
  });
});
