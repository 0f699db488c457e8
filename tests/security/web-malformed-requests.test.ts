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

  it('answers each hostile request-target that used to end the process, as a page and as an upgrade', async () => {
    const host = `127.0.0.1:${web.port}`;
    const upgrade = 'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n';
    // Absolute-form targets with a broken host cannot be parsed: 400.
    for (const target of ['http://[', 'http://a:b@[::1']) {
      expect(await sendRaw(web.port, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\n\r\n`), target).toMatch(/^HTTP\/1\.1 400 /);
      expect(await sendRaw(web.port, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\n${upgrade}\r\n`), target).toMatch(/^HTTP\/1\.1 400 /);
    }
    // `//x:99999`, `//[` and `//%zz` are valid origin-form paths (no host in them): an app path (503: this run has no
    // renderer build) and, as an upgrade, not the socket's path (404).
    for (const target of ['//x:99999', '//[', '//%zz']) {
      expect(await sendRaw(web.port, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\n\r\n`), target).toMatch(/^HTTP\/1\.1 (200|404|503) /);
      expect(await sendRaw(web.port, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\n${upgrade}\r\n`), target).toMatch(/^HTTP\/1\.1 404 /);
    }
    expect(web.child.exitCode).toBeNull();
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
