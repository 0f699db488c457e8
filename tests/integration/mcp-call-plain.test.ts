// On a 2025-era connection a call to a tool with no output schema is sent with the SDK's `request` instead of its
// `callTool` wrapper (issue 12, `call` fifth look: 4-10 µs of client CPU per call). What callTool adds must stay where
// it matters: structured content is still checked against a declared output schema, also for a tool that gains one
// through list_changed, and a plain tool's answer is unchanged. Sixth look: the plain call hands `request` the era's
// result validator ready-made (hostClient.ts), which `request` would otherwise build per call with a failing probe
// parse; a result only that check can judge is refused, or filled in, exactly as the bare SDK does it.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { createHarness, nodeServer, scripts } from '../fixtures/servers/harness.ts';

const fixture = path.join(path.dirname(scripts.modern), 'outputSchemaServer.ts');
const rawFixture = path.join(path.dirname(scripts.modern), 'rawResultServer.ts');

describe('tool calls on a 2025-era connection, with and without an output schema', () => {
  let h: ReturnType<typeof createHarness>;

  beforeAll(async () => {
    h = createHarness();
    h.set({ schemas: nodeServer(fixture), raw: nodeServer(rawFixture) });
    await h.manager.whenSettled();
    expect(h.manager.status('schemas')).toMatchObject({ state: 'ready', era: 'legacy' });
    expect(h.manager.status('raw')).toMatchObject({ state: 'ready', era: 'legacy' });
  });
  afterAll(() => h.cleanup());
  afterEach(() => vi.restoreAllMocks());

  it("a tool with no output schema answers as before, without the SDK's callTool wrapper", async () => {
    const wrapper = vi.spyOn(Client.prototype, 'callTool');
    expect(await h.manager.callTool('schemas', 'plain', {})).toEqual({ ok: true, value: { content: [{ type: 'text', text: 'plain answer' }], isError: false } });
    expect(wrapper).not.toHaveBeenCalled();
  });

  it("hands the SDK the era's result check ready-made, the same object on every call", async () => {
    const request = vi.spyOn(Client.prototype, 'request');
    expect((await h.manager.callTool('schemas', 'plain', {})).ok).toBe(true);
    expect((await h.manager.callTool('schemas', 'plain', {})).ok).toBe(true);
    const schemas = request.mock.calls.filter(([sent]) => sent.method === 'tools/call').map(([, schema]) => schema);
    expect(schemas).toHaveLength(2);
    expect(schemas[0]).toHaveProperty(['~standard', 'validate']);
    expect(schemas[1]).toBe(schemas[0]);
  });

  it('a result only the client can judge is refused, or filled in, in the same words as by the bare SDK', async () => {
    // The bare SDK's own legacy client on its own process of the same server: what the host used to do, and must still do.
    const raw = new Client({ name: 'bare', version: '0' });
    await raw.connect(new StdioClientTransport({ command: process.execPath, args: [rawFixture], stderr: 'pipe' }));
    try {
      for (const tool of ['malformed', 'foreign']) {
        const bare = await raw.callTool({ name: tool, arguments: {} }).then(
          () => 'accepted',
          (error: unknown) => (error instanceof Error ? error.message : String(error)),
        );
        expect(bare).toMatch(/^Invalid result for tools\/call: /);
        const hosted = await h.manager.callTool('raw', tool, {});
        expect(hosted).toMatchObject({ ok: false, error: { code: 'protocol_error' } });
        expect(hosted.ok ? '' : hosted.error.message).toContain(bare);
      }
      const bareEmpty = await raw.callTool({ name: 'contentless', arguments: {} });
      expect(bareEmpty.content).toEqual([]);
      expect(await h.manager.callTool('raw', 'contentless', {})).toEqual({ ok: true, value: { content: [], isError: false } });
    } finally {
      await raw.close();
    }
  });

  it('a tool with an output schema still has its structured content checked', async () => {
    expect(await h.manager.callTool('schemas', 'typed-ok', {})).toMatchObject({ ok: true, value: { structuredContent: { n: 7 }, isError: false } });
    const bad = await h.manager.callTool('schemas', 'typed-bad', {});
    expect(bad.ok).toBe(false);
    expect(bad.ok ? '' : bad.error.message).toMatch(/output schema/i);
  });

  it('a tool that gains an output schema (list_changed) is checked from then on', async () => {
    expect(await h.manager.callTool('schemas', 'flip', {})).toMatchObject({ ok: true, value: { structuredContent: { n: 'seven' } } });
    const before = h.catalogs('schemas').length;
    expect((await h.manager.callTool('schemas', 'become-typed', {})).ok).toBe(true);
    await expect.poll(() => h.catalogs('schemas').length, { timeout: 10_000, interval: 50 }).toBeGreaterThan(before);
    expect(h.catalogs('schemas').at(-1)?.tools.find((tool) => tool.name === 'flip')?.outputSchema).toBeDefined();
    const flipped = await h.manager.callTool('schemas', 'flip', {});
    expect(flipped.ok).toBe(false);
    expect(flipped.ok ? '' : flipped.error.message).toMatch(/output schema/i);
  });
});
