/**
 * Argument autocomplete (issue 10 #4) through the whole host against real servers: server-everything (2025 era)
 * declares `completions` and completes its `completable-prompt` arguments (the second from the first, through
 * `context`) and the `resourceId` variable of its dynamic resource templates. A server that does not declare
 * completions is never asked: the call answers a typed error instead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { startHost, tempDataDir, value, waitForTools, addEverything, type HostUnderTest } from './chat-harness.ts';

const plainServer = path.join(import.meta.dirname, '../fixtures/servers/instructionsServer.ts');

describe('completion/complete through the host', () => {
  let data: ReturnType<typeof tempDataDir>;
  let target: HostUnderTest;

  beforeAll(async () => {
    data = tempDataDir('sb-completions-');
    // No model call is made here; the base URL only has to be a valid URL.
    target = await startHost({ dataDir: data.dir, baseUrl: 'http://127.0.0.1:9' });
    await addEverything(target, ['echo'], 'everything');
    value(await target.api['servers.add']({ name: 'plain', config: { command: process.execPath, args: [plainServer] } }));
    await waitForTools(target, ['greet'], 60_000);
  }, 120_000);

  afterAll(async () => {
    await target.host.shutdown();
    data.remove();
  });

  it('shows server-everything declaring completions', async () => {
    const view = value(await target.api['servers.list']({})).find((server) => server.id === 'everything');
    expect(view?.status.state === 'ready' && view.status.capabilities.completions).toBe(true);
  });

  it('completes a prompt argument from what was typed, with hasMore', async () => {
    const answer = value(await target.api['completions.complete']({ serverId: 'everything', ref: { type: 'ref/prompt', name: 'completable-prompt' }, argument: { name: 'department', value: 'S' } }));
    expect(answer.values).toEqual(['Sales', 'Support']);
    expect(answer.hasMore).toBe(false);
  }, 30_000);

  it('passes the other arguments as context (the team member depends on the department)', async () => {
    const answer = value(
      await target.api['completions.complete']({
        serverId: 'everything',
        ref: { type: 'ref/prompt', name: 'completable-prompt' },
        argument: { name: 'name', value: '' },
        context: { department: 'Engineering' },
      }),
    );
    expect(answer.values).toEqual(['Alice', 'Bob', 'Charlie']);
  }, 30_000);

  it('completes a resource template variable', async () => {
    const answer = value(
      await target.api['completions.complete']({ serverId: 'everything', ref: { type: 'ref/resource', uri: 'demo://resource/dynamic/text/{resourceId}' }, argument: { name: 'resourceId', value: '7' } }),
    );
    expect(answer.values).toEqual(['7']);
  }, 30_000);

  it('does not ask a server that does not declare completions', async () => {
    const result = await target.api['completions.complete']({ serverId: 'plain', ref: { type: 'ref/prompt', name: 'x' }, argument: { name: 'a', value: '' } });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('not_implemented');
  }, 30_000);

  it('answers a typed error for an unknown server', async () => {
    const unknown = await target.api['completions.complete']({ serverId: 'nope', ref: { type: 'ref/prompt', name: 'x' }, argument: { name: 'a', value: '' } });
    expect(unknown.ok ? '' : unknown.error.code).toBe('not_found');
  });
});
