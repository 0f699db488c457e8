/**
 * Secrets in server configs never reach the renderer: env and header values of any name are masked, a server printing
 * its own secret has it redacted from the log and the error status, and Test connection does not hand a saved header
 * to an edited URL. Real module, real stdio fixture processes, real HTTP fixtures recording the headers they receive.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../shared/serverConfig.ts';
import { SECRET_MASK } from '../../electron/host/mcp/serversFileMask.ts';
import { startHeavyHttp, type HeavyHttpServer } from '../fixtures/servers/heavyHttp.ts';
import { listServers, moduleLifecycle, waitForState } from '../integration/module-harness.ts';

const heavy = join(import.meta.dirname, '..', 'fixtures', 'servers', 'heavy.ts');
const secret = 'bar123456';
const headerSecret = 'hdr-987654';

describe('secrets: masking, log redaction, Test connection', () => {
  const { dataDir, start } = moduleLifecycle({ beforeEach, afterEach });
  const fixtures: HeavyHttpServer[] = [];
  afterEach(async () => {
    await Promise.all(fixtures.splice(0).map((fixture) => fixture.close()));
  });
  const http = async () => {
    const fixture = await startHeavyHttp();
    fixtures.push(fixture);
    return fixture;
  };

  it('an env value or header of any name (FOO=bar123456) never reaches the renderer: list, events, logs, status', async () => {
    const remote = await http();
    const servers: Record<string, ServerConfig> = {
      printer: { command: process.execPath, args: [heavy], env: { FOO: secret, LEAK_ENV: 'FOO,MODE', MODE: 'verbose' }, publicEnv: ['LEAK_ENV', 'MODE'] },
      crasher: { command: process.execPath, args: [heavy], env: { FOO: secret, LEAK_ENV: 'FOO', LEAK_EXIT: '1' } },
      remote: { type: 'http', url: remote.url, headers: { 'X-Custom': headerSecret } },
    };
    await writeFile(join(dataDir(), 'servers.json'), JSON.stringify({ mcpServers: servers }));
    const { module, events } = await start();
    await waitForState(module, 'printer', ['ready']);
    await waitForState(module, 'remote', ['ready']);
    const crashed = await waitForState(module, 'crasher', ['error']);

    // The server did print its secret, redacted on the way to the log view and the status.
    const printerLogs = await module.api['servers.logs']({ id: 'printer' });
    const crasherLogs = await module.api['servers.logs']({ id: 'crasher' });
    expect(printerLogs.ok && printerLogs.value.map((line) => line.text)).toEqual(expect.arrayContaining(['debug: FOO=[redacted]', 'debug: MODE=verbose']));
    expect(crashed.state === 'error' && crashed.stderrTail).toEqual(expect.arrayContaining(['debug: FOO=[redacted]']));
    expect(remote.seen.some((headers) => headers['x-custom'] === headerSecret)).toBe(true);

    const views = await listServers(module);
    expect(views.find((view) => view.id === 'printer')?.config).toMatchObject({ env: { FOO: SECRET_MASK, MODE: 'verbose' } });
    expect(views.find((view) => view.id === 'remote')?.config).toMatchObject({ headers: { 'X-Custom': SECRET_MASK } });
    const seenByRenderer = JSON.stringify([views, printerLogs, crasherLogs, events]);
    expect(seenByRenderer).not.toContain(secret);
    expect(seenByRenderer).not.toContain(headerSecret);
  });

  it('Test connection of an edited URL does not send the saved (masked) header; the saved URL still gets it', async () => {
    const saved = await http();
    const other = await http();
    await writeFile(join(dataDir(), 'servers.json'), JSON.stringify({ mcpServers: { remote: { type: 'http', url: saved.url, headers: { 'X-Custom': headerSecret } } } }));
    const { module } = await start();
    await waitForState(module, 'remote', ['ready']);
    const shown = (await listServers(module)).find((view) => view.id === 'remote')?.config;
    if (!shown || shown.type === undefined || !('url' in shown)) throw new Error('remote view expected');

    const edited = await module.api['servers.test']({ name: 'remote', config: { ...shown, url: other.url } });
    expect(edited.ok ? edited.value : edited.error).toMatchObject({ code: 'invalid_config', field: 'headers.X-Custom', message: expect.stringContaining('only sent to the saved URL') as unknown });
    expect(other.seen.some((headers) => JSON.stringify(headers).includes(headerSecret))).toBe(false);

    // Typing the value again is the user's explicit choice for the new URL.
    const retyped = await module.api['servers.test']({ name: 'remote', config: { ...shown, url: other.url, headers: { 'X-Custom': 'typed-again' } } });
    expect(retyped.ok && retyped.value.status.state).toBe('ready');
    expect(other.seen.some((headers) => headers['x-custom'] === 'typed-again')).toBe(true);

    const before = saved.seen.length;
    const same = await module.api['servers.test']({ name: 'remote', config: shown });
    expect(same.ok && same.value.status.state).toBe('ready');
    expect(saved.seen.slice(before).some((headers) => headers['x-custom'] === headerSecret)).toBe(true);
  });
});
