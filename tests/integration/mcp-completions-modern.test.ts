/**
 * Argument autocomplete on a 2026-07-28-era server (issue 10 #4): the prompt picker's `completions.complete` call
 * through the whole host against tests/fixtures/servers/modernCompletions.ts (a real process, @modelcontextprotocol/server):
 * the server is reached on the modern era and declares completions; a prompt argument completes from what was typed,
 * another from the arguments already filled (context), a long list answers 100 values with `total` and `hasMore`, and a
 * resource template variable completes too.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, tempDataDir, value, type HostUnderTest } from './chat-harness.ts';

const fixture = path.join(import.meta.dirname, '../fixtures/servers/modernCompletions.ts');

describe('completion/complete on a 2026-07-28 server', () => {
  let data: ReturnType<typeof tempDataDir>;
  let target: HostUnderTest;

  beforeAll(async () => {
    data = tempDataDir('sb-completions-modern-');
    target = await startHost({ dataDir: data.dir, baseUrl: 'http://127.0.0.1:9' });
    value(await target.api['servers.add']({ name: 'trips', config: { command: process.execPath, args: [fixture] } }));
    const deadline = Date.now() + 60_000;
    for (;;) {
      const view = value(await target.api['servers.list']({})).find((server) => server.id === 'trips');
      if (view?.status.state === 'ready') break;
      if (Date.now() > deadline) throw new Error(`trips never became ready: ${JSON.stringify(view?.status)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 90_000);

  afterAll(async () => {
    await target.host.shutdown();
    data.remove();
  });

  const complete = (argument: { name: string; value: string }, context?: Record<string, string>) =>
    target.api['completions.complete']({ serverId: 'trips', ref: { type: 'ref/prompt', name: 'book-trip' }, argument, ...(context ? { context } : {}) });

  it('is connected on the 2026-07-28 era and declares completions', async () => {
    const view = value(await target.api['servers.list']({})).find((server) => server.id === 'trips');
    expect(view?.status.state === 'ready' && view.status.protocolVersion).toBe('2026-07-28');
    expect(view?.status.state === 'ready' && view.status.capabilities.completions).toBe(true);
  });

  it('completes a prompt argument from what was typed', async () => {
    expect(value(await complete({ name: 'country', value: 'n' }))).toMatchObject({ values: ['Norway'], hasMore: false });
  }, 30_000);

  it('completes an argument from the ones already filled (context)', async () => {
    expect(value(await complete({ name: 'city', value: 'H' }, { country: 'Vietnam' })).values).toEqual(['Hanoi', 'Hue', 'Ho Chi Minh City']);
  }, 30_000);

  it('a long list answers the first 100 with total and hasMore', async () => {
    const answer = value(await complete({ name: 'airport', value: 'A' }));
    expect(answer.values).toHaveLength(100);
    expect(answer).toMatchObject({ total: 150, hasMore: true });
  }, 30_000);

  it('completes a resource template variable', async () => {
    const answer = value(await target.api['completions.complete']({ serverId: 'trips', ref: { type: 'ref/resource', uri: 'atlas://{country}' }, argument: { name: 'country', value: 'J' } }));
    expect(answer.values).toEqual(['Japan']);
  }, 30_000);
});
