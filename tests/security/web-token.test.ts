import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../electron/host/environment.ts';
import { codeLifetimeMs, OneTimeCodes } from '../../electron/web/openCodes.ts';
import { browserCommand } from '../../electron/web/openBrowser.ts';
import { startWebMode, type WebMode } from '../../electron/web/startWebMode.ts';

/** POST /session as the page does; `headers` may add or replace any. */
async function exchange(port: number, code: string, headers: Record<string, string> = {}, body = JSON.stringify({ code })) {
  const response = await fetch(`http://127.0.0.1:${port}/session`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });
  const text = await response.text();
  // A refusal by the Origin check is an HTML page; only the exchange itself answers JSON.
  const parsed = response.headers.get('content-type')?.startsWith('application/json') ? (JSON.parse(text) as { token?: string; error?: string }) : {};
  return { status: response.status, body: parsed, cookie: response.headers.get('set-cookie'), text };
}

describe('web mode token: never in a cookie, never on a browser command line (issue 9 item 2)', () => {
  let dir: string;
  let web: WebMode;
  const launched: string[][] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sb-sec-token-'));
    const renderer = join(dir, 'renderer');
    mkdirSync(renderer);
    writeFileSync(join(renderer, 'index.html'), '<!doctype html><div id="root"></div>');
    web = await startWebMode({
      dataDir: join(dir, 'data'),
      rendererDir: renderer,
      openBrowser: true,
      launchBrowser: (command, args) => launched.push([command, ...args]),
      hostEnv: { logger: silentLogger },
    });
  });
  afterAll(async () => {
    await web?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('--open runs the opener with a one-time code, not the token (the command line is readable by all in /proc)', () => {
    expect(launched).toHaveLength(1);
    const argv = launched[0] ?? [];
    expect(argv.join(' ')).not.toContain(web.token);
    expect(argv.join(' ')).toMatch(new RegExp(`http://127\\.0\\.0\\.1:${web.port}/\\?code=[A-Za-z0-9_-]{43}`));
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      const [command, args] = browserCommand(platform, web.oneTimeUrl());
      expect([command, ...args].join(' '), platform).not.toContain(web.token);
    }
  });

  it('the code from the opener is traded for the token once; a second use, a guess or a foreign page gets nothing', async () => {
    const code = new URL(launched[0]?.at(-1) ?? '').searchParams.get('code') ?? '';
    const foreign = await exchange(web.port, code, { Origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.text).not.toContain(web.token);
    const first = await exchange(web.port, code, { Origin: `http://127.0.0.1:${web.port}` });
    expect(first).toMatchObject({ status: 200, body: { token: web.token }, cookie: null });
    const again = await exchange(web.port, code);
    expect(again.status).toBe(401);
    expect(again.body.token).toBeUndefined();
    expect((await exchange(web.port, 'a'.repeat(43))).status).toBe(401);
    expect((await exchange(web.port, web.oneTimeUrl().split('code=')[1] ?? '', { 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await exchange(web.port, 'x', {}, JSON.stringify({ code: 'x'.repeat(5000) }))).status).toBe(413);
  });

  it('no response carries a cookie: the printed link, the code link, assets and the exchange', async () => {
    for (const path of [new URL(web.url).pathname + new URL(web.url).search, new URL(web.oneTimeUrl()).search, '/', '/index.html', '/link-needed']) {
      const response = await fetch(`http://127.0.0.1:${web.port}${path.startsWith('/') ? path : `/${path}`}`);
      expect(response.headers.get('set-cookie'), path).toBeNull();
    }
  });

  it('a code expires unused after its lifetime', () => {
    let now = 1_000;
    const codes = new OneTimeCodes(() => now);
    const late = codes.issue();
    const onTime = codes.issue();
    expect(codes.redeem(onTime)).toBe(true);
    expect(codes.redeem(onTime)).toBe(false);
    now += codeLifetimeMs;
    expect(codes.redeem(late)).toBe(false);
  });
});
