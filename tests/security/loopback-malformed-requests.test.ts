import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { hostileTargets, malformedRequests, sendRaw } from './rawHttp.ts';

const fixture = path.join(fileURLToPath(new URL('.', import.meta.url)), 'fixtures', 'loopbackProcess.ts');

describe('OAuth loopback listener under malformed requests (issue 9 item 1)', () => {
  const child = spawn(process.execPath, [fixture, 'expected-state'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  afterAll(async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  });

  it(`survives the corpus (${hostileTargets.length} targets × GET/upgrade/POST, broken lines and headers) and still completes the sign-in`, async () => {
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', () => {
        const match = /port (\d+)/.exec(output);
        if (match) resolve(Number(match[1]));
      });
      child.once('exit', () => reject(new Error(`listener exited early:\n${output}`)));
    });
    const host = `127.0.0.1:${port}`;
    // `//x:99999` and `//[` are valid origin-form paths (404 here); absolute URLs with a broken host are 400.
    for (const target of ['//x:99999', '//[', '//%zz']) {
      expect(await sendRaw(port, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\n\r\n`), target).toMatch(/^HTTP\/1\.1 404 /);
    }
    for (const target of ['http://[', 'http://a:b@[::1']) {
      expect(await sendRaw(port, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\n\r\n`), target).toMatch(/^HTTP\/1\.1 400 /);
    }
    const answers: string[] = [];
    for (const request of malformedRequests(host, '?state=wrong&code=x')) answers.push(await sendRaw(port, request));
    expect(child.exitCode).toBeNull();
    for (const answer of answers) expect(answer === '' || /^HTTP\/1\.[01] [1-4]\d\d /.test(answer), answer).toBe(true);

    const done = await fetch(`http://${host}/callback?code=the-code&state=expected-state`);
    expect(done.status).toBe(200);
    expect(await exited).toBe(0);
    expect(output).toContain('code the-code');
    expect(output).not.toMatch(/TypeError|uncaught/i);
  });
});
