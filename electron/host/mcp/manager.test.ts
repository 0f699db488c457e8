import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HttpServerConfig } from '../../../shared/serverConfig.ts';
import type { ServerStatus } from '../../../shared/servers.ts';
import { createElicitationBroker } from '../elicitation/broker.ts';
import { silentLogger } from '../environment.ts';
import { HostEventHub } from '../events.ts';
import { connectionFingerprint, createServerManager } from './manager.ts';
import type { McpServerManager } from './types.ts';
import { hostMessage } from '../../../shared/hostMessages.ts';

/** A loopback port nobody listens on: connecting is refused at once, so each (re)connect settles quickly. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function startManager(): Promise<{ manager: McpServerManager; statuses: ServerStatus[] }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sb-manager-'));
  const statuses: ServerStatus[] = [];
  const manager = createServerManager({
    env: { mode: 'web', dataDir, secrets: { kind: 'file', get: () => Promise.resolve(undefined), set: () => Promise.resolve(), delete: () => Promise.resolve() }, logger: silentLogger, openExternal: () => Promise.resolve(), version: 'test' },
    broker: createElicitationBroker(new HostEventHub()),
    listener: { onStatus: (_id, status) => statuses.push(status), onCatalog: () => {}, onLog: () => {} },
  });
  cleanups.push(async () => {
    await manager.shutdown();
    await rm(dataDir, { recursive: true, force: true });
  });
  return { manager, statuses };
}

/** Starts caused by setServers: a 'connecting' right after 'restarting' is the automatic retry of a failed first start. */
const connects = (statuses: ServerStatus[]) => statuses.filter((status, i) => status.state === 'connecting' && statuses[i - 1]?.state !== 'restarting').length;

describe('connection fingerprint', () => {
  const base: HttpServerConfig = { type: 'http', url: 'https://mcp.example.com/mcp' };

  it('changes with any OAuth setting of a remote server, not with the order its keys were written in', () => {
    const signedWith = connectionFingerprint({ ...base, oauth: { clientId: 'abc', scopes: ['notes:read'] } });
    expect(connectionFingerprint({ ...base, oauth: { scopes: ['notes:read'], clientId: 'abc' } })).toBe(signedWith);
    expect(connectionFingerprint({ ...base, oauth: { clientId: 'other', scopes: ['notes:read'] } })).not.toBe(signedWith);
    expect(connectionFingerprint({ ...base, oauth: { clientId: 'abc', scopes: ['notes:read', 'notes:write'] } })).not.toBe(signedWith);
    expect(connectionFingerprint({ ...base, oauth: { clientId: 'abc', scopes: ['notes:read'], callbackPort: 53682 } })).not.toBe(signedWith);
    expect(connectionFingerprint({ ...base, oauth: { clientId: 'abc', scopes: ['notes:read'], clientSecret: 's3cret' } })).not.toBe(signedWith);
    expect(connectionFingerprint(base)).not.toBe(signedWith);
  });

  it('ignores what does not change the connection (timeouts, tool settings)', () => {
    expect(connectionFingerprint({ ...base, toolTimeoutMs: 5000, tools: { echo: { enabled: false } } })).toBe(connectionFingerprint(base));
  });
});

describe('server manager reconciliation', () => {
  it('reconnects a remote server when its OAuth settings are edited, and leaves it alone when nothing it uses changed', async () => {
    const { manager, statuses } = await startManager();
    const config: HttpServerConfig = { type: 'http', url: `http://127.0.0.1:${await closedPort()}/mcp`, connectTimeoutMs: 5000 };
    manager.setServers([{ id: 'remote', config }]);
    await manager.whenSettled();
    expect(manager.status('remote')?.state).toBe('error');
    expect(connects(statuses)).toBe(1);
    // A first start that fails is tried once more (after a pause) before it stays in error.
    expect(statuses.filter((status) => status.state === 'restarting')).toHaveLength(1);

    manager.setServers([{ id: 'remote', config: { ...config, toolTimeoutMs: 9000 } }]);
    await manager.whenSettled();
    expect(connects(statuses)).toBe(1);

    manager.setServers([{ id: 'remote', config: { ...config, oauth: { clientId: 'registered-by-hand' } } }]);
    await manager.whenSettled();
    expect(connects(statuses)).toBe(2);

    manager.setServers([{ id: 'remote', config: { ...config, oauth: { clientId: 'registered-by-hand', scopes: ['notes:read'] } } }]);
    await manager.whenSettled();
    expect(connects(statuses)).toBe(3);
    expect(manager.status('remote')?.state).toBe('error');
  });
});

describe('secrets in connect errors', () => {
  it('a remote server that cannot be reached is named without the key in its URL', async () => {
    const { manager } = await startManager();
    const port = await closedPort();
    manager.setServers([{ id: 'remote', config: { type: 'http', url: `http://user:pw-secret@127.0.0.1:${port}/mcp?api_key=sk-secret-1&team=blue`, connectTimeoutMs: 5000 } }]);
    await manager.whenSettled();
    const status = manager.status('remote');
    expect(status).toMatchObject({ state: 'error', code: 'connect_failed' });
    const shown = JSON.stringify(status) + JSON.stringify(manager.logs('remote'));
    expect(shown).toContain(`127.0.0.1:${port}/mcp`);
    expect(shown).toContain('team=blue');
    expect(shown).not.toContain('sk-secret-1');
    expect(shown).not.toContain('pw-secret');
  });
});

describe('a server being reconnected', () => {
  const memoryServer = join(import.meta.dirname, '..', '..', '..', 'node_modules', '@modelcontextprotocol', 'server-memory', 'dist', 'index.js');

  it('reads as connecting, not as its old ready, from the moment an edit or a restart begins', async () => {
    const { manager } = await startManager();
    const dir = await mkdtemp(join(tmpdir(), 'sb-memory-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const config = { command: process.execPath, args: [memoryServer], env: { MEMORY_FILE_PATH: join(dir, 'a.jsonl') } };
    manager.setServers([{ id: 'memory', config }]);
    await manager.whenSettled();
    expect(manager.status('memory')?.state).toBe('ready');

    manager.setServers([{ id: 'memory', config: { ...config, env: { MEMORY_FILE_PATH: join(dir, 'b.jsonl') } } }]);
    expect(manager.status('memory')?.state).toBe('connecting');
    await manager.whenSettled();
    expect(manager.status('memory')?.state).toBe('ready');

    const restarted = manager.restart('memory');
    expect(manager.status('memory')?.state).toBe('connecting');
    await restarted;
    expect(manager.status('memory')?.state).toBe('ready');
  });
});

describe('refusals the window translates', () => {
  it('words no such server, an invalid entry, a missing working folder and a restart while shutting down as codes, the English kept in message', async () => {
    const { manager } = await startManager();
    expect(await manager.restart('nope')).toMatchObject({ ok: false, error: { code: 'not_found', text: { code: 'entry.noServer', params: { name: 'nope' } } } });
    expect(await manager.callTool('nope', 't', {})).toMatchObject({ ok: false, error: { code: 'not_found', text: { code: 'entry.noServer' } } });
    manager.setServers([
      { id: 'bad', invalid: { message: 'name: starts or ends with spaces', field: 'name', text: hostMessage('entry.nameSpaces') } },
      { id: 'lost', config: { command: process.execPath, cwd: join(tmpdir(), 'sb-no-such-folder-4242') } },
    ]);
    await manager.whenSettled();
    // The invalid entry's own problem is what the window shows; the English names the server.
    expect(await manager.restart('bad')).toMatchObject({
      ok: false,
      error: { code: 'invalid_config', message: 'The server "bad" has an invalid configuration: name: starts or ends with spaces', text: { code: 'entry.nameSpaces' } },
    });
    expect(await manager.callTool('bad', 't', {})).toMatchObject({ ok: false, error: { code: 'invalid_config', text: { code: 'entry.nameSpaces' } } });
    const lost = manager.status('lost');
    expect(lost?.state === 'error' ? lost.text : lost?.state === 'restarting' ? lost.lastErrorText : lost).toEqual({ code: 'servers.noWorkingFolder', params: { path: join(tmpdir(), 'sb-no-such-folder-4242') } });
    await manager.shutdown();
    expect(await manager.restart('lost')).toMatchObject({ ok: false, error: { code: 'cancelled', text: { code: 'servers.shuttingDown' } } });
  });

  it('passes on the code of a server’s own error to a request, so the window can translate the sentence around it', async () => {
    const { manager } = await startManager();
    const memoryServer = join(import.meta.dirname, '..', '..', '..', 'node_modules', '@modelcontextprotocol', 'server-memory', 'dist', 'index.js');
    const dir = await mkdtemp(join(tmpdir(), 'sb-memory-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    manager.setServers([{ id: 'memory', config: { command: process.execPath, args: [memoryServer], env: { MEMORY_FILE_PATH: join(dir, 'a.jsonl') } } }]);
    await manager.whenSettled();
    // server-memory has no resources: its JSON-RPC error is the reason inside a translated sentence.
    const read = await manager.readResource('memory', 'memory://nothing');
    expect(read).toMatchObject({ ok: false, error: { code: 'protocol_error', text: { code: 'request.serverError' } } });
  });
});
