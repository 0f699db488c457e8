import { afterEach, describe, expect, it } from 'vitest';
import { SignInAbortedError } from './errors.ts';
import { startLoopbackListener, type LoopbackListener } from './loopbackListener.ts';

let listeners: LoopbackListener[] = [];
afterEach(() => {
  for (const listener of listeners) listener.close();
  listeners = [];
});

async function start(options: Partial<Parameters<typeof startLoopbackListener>[0]> = {}): Promise<LoopbackListener> {
  const listener = await startLoopbackListener({ expectedState: 'expected-state', ...options });
  listeners.push(listener);
  return listener;
}

describe('loopback redirect listener', () => {
  it('listens on 127.0.0.1 on a random port and gives the redirect URI', async () => {
    const listener = await start();
    expect(listener.redirectUri).toBe(`http://127.0.0.1:${listener.port}/callback`);
    expect(listener.port).toBeGreaterThan(0);
  });

  it('turns away a callback with another state and keeps waiting for the right one', async () => {
    const listener = await start();
    const wrong = await fetch(`${listener.redirectUri}?code=stolen&state=other`);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).not.toContain('stolen');
    const right = await fetch(`${listener.redirectUri}?code=good&state=expected-state&iss=https%3A%2F%2Fas.example`);
    expect(right.status).toBe(200);
    const params = await listener.result;
    expect(params.get('code')).toBe('good');
    expect(params.get('iss')).toBe('https://as.example');
  });

  it('is one-shot: after the callback the port no longer answers', async () => {
    const listener = await start();
    await fetch(`${listener.redirectUri}?code=c&state=expected-state`);
    await listener.result;
    await expect(fetch(`${listener.redirectUri}?code=c&state=expected-state`)).rejects.toThrow();
  });

  it('never echoes what the callback carried (error text may come from an attacker)', async () => {
    const listener = await start();
    const response = await fetch(`${listener.redirectUri}?error=access_denied&error_description=%3Cscript%3Ealert(1)%3C%2Fscript%3E&state=expected-state`);
    const page = await response.text();
    expect(page).not.toContain('script');
    expect(page).not.toContain('access_denied');
    expect((await listener.result).get('error')).toBe('access_denied');
  });

  it("writes its page in the browser's language (vi, zh-CN), English when it speaks none of the app's", async () => {
    const vietnamese = await start();
    const shown = await (await fetch(`${vietnamese.redirectUri}?code=c&state=expected-state`, { headers: { 'Accept-Language': 'fr;q=0.9, vi-VN, en;q=0.5' } })).text();
    expect(shown).toContain('<html lang="vi">');
    expect(shown).toContain('Đã đăng nhập');
    expect(shown).not.toContain('Signed in');
    vietnamese.close();
    const zh = await start();
    expect(await (await fetch(`${zh.redirectUri}?code=c&state=expected-state`, { headers: { 'Accept-Language': 'zh-TW,zh;q=0.9' } })).text()).toContain('已登录');
    zh.close();
    const other = await start();
    expect(await (await fetch(`${other.redirectUri}?code=c&state=expected-state`, { headers: { 'Accept-Language': 'fr-FR' } })).text()).toContain('Signed in');
    other.close();
  });

  it('answers 404 on other paths and methods without ending the wait', async () => {
    const listener = await start();
    expect((await fetch(`http://127.0.0.1:${listener.port}/favicon.ico`)).status).toBe(404);
    expect((await fetch(`${listener.redirectUri}?state=expected-state`, { method: 'POST' })).status).toBe(404);
    await fetch(`${listener.redirectUri}?code=c&state=expected-state`);
    expect((await listener.result).get('code')).toBe('c');
  });

  it('gives up after the timeout, and close() cancels', async () => {
    const slow = await start({ timeoutMs: 50 });
    await expect(slow.result).rejects.toEqual(new SignInAbortedError('timeout'));
    const cancelled = await start();
    cancelled.close();
    await expect(cancelled.result).rejects.toMatchObject({ reason: 'cancelled' });
  });

  it('reports a port that is already taken', async () => {
    const first = await start();
    await expect(startLoopbackListener({ expectedState: 'x', port: first.port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });
});
