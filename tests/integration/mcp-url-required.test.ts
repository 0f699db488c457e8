// URL elicitation that a call requires (-32042, 2025-11-25) against a real fixture process: the URL is shown as the
// usual URL prompt; after the user opens it and the server sends notifications/elicitation/complete, the call is sent
// once more and succeeds. A declined prompt leaves the call failed without a retry.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, nodeServer, scripts } from '../fixtures/servers/harness.ts';

const urlRequired = path.join(path.dirname(scripts.modern), 'urlRequiredServer.ts');

describe('a call that requires a URL elicitation (-32042)', () => {
  let h: ReturnType<typeof createHarness>;

  beforeAll(async () => {
    h = createHarness();
    h.set({ acct: nodeServer(urlRequired), acct2: nodeServer(urlRequired) });
    await h.manager.whenSettled();
  });
  afterAll(() => h.cleanup());

  it('shows the URL, and once it is opened and completed the call is retried and succeeds', async () => {
    expect(h.manager.status('acct')).toMatchObject({ state: 'ready', era: 'legacy' });
    const call = h.manager.callTool('acct', 'connect_account', {}, { chatId: 'chat-7' });
    const pending = await h.until(() => h.broker.list().find((p) => p.serverId === 'acct'), 'the URL prompt');
    expect(pending).toMatchObject({ mode: 'url', chatId: 'chat-7', message: 'Connect your example account to continue.' });
    if (pending.mode !== 'url') throw new Error('not a URL prompt');
    expect(pending.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/connect\?id=connect-\d+$/);
    // The user clicks Open (accept); the browser visit is what makes the server complete the flow.
    h.broker.answer(pending.id, { action: 'accept' });
    const page = await fetch(pending.url);
    expect(page.ok).toBe(true);
    expect(await call).toMatchObject({ ok: true, value: { content: [{ type: 'text', text: 'account connected (call 2)' }] } });
    expect(h.broker.list()).toEqual([]);
  });

  it('a declined URL prompt fails the call as cancelled, naming the URL, and does not retry', async () => {
    const call = h.manager.callTool('acct2', 'connect_account', {});
    const pending = await h.until(() => h.broker.list().find((p) => p.serverId === 'acct2'), 'the URL prompt');
    h.broker.answer(pending.id, { action: 'decline' });
    const result = await call;
    expect(result).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    if (!result.ok) expect(result.error.message).toContain('/connect?id=');
    expect(await h.manager.callTool('acct2', 'calls', {})).toMatchObject({ ok: true, value: { content: [{ type: 'text', text: '1' }] } });
  });

  it('a completion that arrives while the URL prompt is still shown closes the prompt and the call goes on', async () => {
    const call = h.manager.callTool('acct2', 'connect_account', {});
    const pending = await h.until(() => h.broker.list().find((p) => p.serverId === 'acct2'), 'the URL prompt');
    if (pending.mode !== 'url') throw new Error('not a URL prompt');
    // Finished in a browser without clicking Open in the app: the server's completion answers the prompt.
    await fetch(pending.url);
    expect(await call).toMatchObject({ ok: true, value: { content: [{ type: 'text', text: 'account connected (call 3)' }] } });
    expect(h.broker.list()).toEqual([]);
  });
});
