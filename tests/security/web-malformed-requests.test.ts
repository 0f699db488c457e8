import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { frameText } from '../../electron/web/socketBridge.ts';
import { startWebModeProcess, type WebModeProcess } from './fixtures/webModeProcess.ts';
import { hostileTargets, malformedRequests, sendRaw } from './rawHttp.ts';

/** Calls app.info over an authorised socket, as the renderer does. */
async function appInfo(web: WebModeProcess): Promise<unknown> {
  const ws = new WebSocket(`ws://127.0.0.1:${web.port}/ws?token=${web.token}`);
  try {
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const answer = new Promise<unknown>((resolve) => ws.once('message', (data) => resolve(JSON.parse(frameText(data)))));
    ws.send(JSON.stringify({ id: 1, call: 'app.info', params: {} }));
    return await answer;
  } finally {
    ws.close();
  }
}

describe('web mode under malformed requests (issue 9 item 1)', () => {
  let web: WebModeProcess;
  beforeAll(async () => {
    web = await startWebModeProcess();
  });
  afterAll(async () => {
    await web?.stop();
  });

  it('answers 400 to each hostile request-target that used to end the process, as a page and as an upgrade', async () => {
    const host = `127.0.0.1:${web.port}`;
    for (const target of ['//x:99999', '//[', 'http://[', 'http://a:b@[::1']) {
      expect(await sendRaw(web.port, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\n\r\n`), target).toMatch(/^HTTP\/1\.1 (400|401) /);
      expect(web.child.exitCode, target).toBeNull();
    }
    // `//%zz` is a valid origin-form path (no host in it): refused for want of a token, not crashed on.
    expect(await sendRaw(web.port, `GET //%zz HTTP/1.1\r\nHost: ${host}\r\n\r\n`)).toMatch(/^HTTP\/1\.1 [45]\d\d /);
  });

  it(`keeps serving after the whole corpus (${hostileTargets.length} targets × GET/upgrade/POST, with and without the token, plus broken lines and headers)`, async () => {
    const corpus = [...malformedRequests(`127.0.0.1:${web.port}`, `?token=${web.token}`), ...malformedRequests(`localhost:${web.port}`)];
    const answers: string[] = [];
    for (const request of corpus) answers.push(await sendRaw(web.port, request));
    expect(web.child.exitCode).toBeNull();
    expect(web.child.signalCode).toBeNull();
    // Every answer was an HTTP status or a closed connection, never a 500 from a handler that threw (503: no renderer build).
    for (const answer of answers) expect(answer === '' || /^HTTP\/1\.[01] ([1-4]\d\d|503) /.test(answer), answer).toBe(true);
    expect(await appInfo(web)).toMatchObject({ id: 1, result: { ok: true, value: { mode: 'web' } } });
    expect(web.output()).not.toMatch(/TypeError|uncaught|request handler failed/i);
  });
});
