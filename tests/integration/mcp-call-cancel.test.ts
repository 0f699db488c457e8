// A call the host gives up on (the user's Stop, or the host's own timeout) is cancelled on the server too: the server
// gets `notifications/cancelled` and stops working for nobody. On both eras over stdio.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { createHarness, nodeServer, scripts } from '../fixtures/servers/harness.ts';

const recorder = path.join(path.dirname(scripts.modern), 'cancelRecorder.ts');

describe.each([
  ['2025-11-25', 'legacy'],
  ['auto', 'modern'],
] as const)('a call the host stops (protocol %s)', (protocol, era) => {
  let h: ReturnType<typeof createHarness>;

  beforeAll(async () => {
    h = createHarness();
    h.set({ recorder: nodeServer(recorder, [], { protocol }) });
    await h.manager.whenSettled();
    expect(h.manager.status('recorder')).toMatchObject({ state: 'ready', era });
  });
  afterAll(() => h.cleanup());

  const onServer = async (): Promise<{ started: string[]; cancelled: string[] }> => {
    const listed = await h.manager.callTool('recorder', 'record', {});
    const first = listed.ok ? listed.value.content[0] : undefined;
    return first?.type === 'text' ? (JSON.parse(first.text) as { started: string[]; cancelled: string[] }) : { started: [], cancelled: [] };
  };
  const cancelledOnServer = async () => (await onServer()).cancelled;

  it('Stop reaches the server as a cancel, and the call answers cancelled', async () => {
    const controller = new AbortController();
    const call = h.manager.callTool('recorder', 'wait', { id: 'stopped', ms: 30_000 }, { signal: controller.signal });
    // The server must be running the call before the cancel can mean anything.
    await expect.poll(async () => (await onServer()).started, { timeout: 10_000, interval: 50 }).toContain('stopped');
    controller.abort();
    expect(await call).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    await expect.poll(cancelledOnServer, { timeout: 10_000, interval: 100 }).toContain('stopped');
  });

  it("the host's timeout reaches the server as a cancel, and the call answers timeout", async () => {
    const result = await h.manager.callTool('recorder', 'wait', { id: 'timed-out', ms: 30_000 }, { timeoutMs: 1000 });
    expect(result).toMatchObject({ ok: false, error: { code: 'timeout' } });
    await expect.poll(cancelledOnServer, { timeout: 10_000, interval: 100 }).toContain('timed-out');
  });

  it('a call that answers in time is not cancelled', async () => {
    expect(await h.manager.callTool('recorder', 'wait', { id: 'quick', ms: 10 }, { timeoutMs: 5000 })).toMatchObject({ ok: true, value: { content: [{ type: 'text', text: 'waited quick' }] } });
    expect(await cancelledOnServer()).not.toContain('quick');
  });
});
