import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHost, type Host } from '../host/createHost.ts';
import { silentLogger } from '../host/environment.ts';
import { FileSecretStore } from '../host/store/fileSecretStore.ts';
import { handleIpcCall } from './ipcDispatcher.ts';
import type { SenderInfo, TrustedPage } from './senderCheck.ts';

// The dispatcher runs against the real host core (real servers file, real SQLite), as main.ts wires it.
let host: Host;
let dataDir: string;
const page: TrustedPage = { webContentsId: 3, entryUrl: 'app://switchboard/index.html' };
const appFrame: SenderInfo = { webContentsId: 3, frameUrl: 'app://switchboard/index.html', isTopFrame: true };
const disabledServer = { name: 'memory', config: { command: process.execPath, args: ['server.js'], enabled: false } };

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sb-ipc-'));
  host = await createHost({
    mode: 'desktop',
    dataDir,
    secrets: new FileSecretStore(join(dataDir, 'secrets.json')),
    logger: silentLogger,
    openExternal: () => Promise.resolve(),
    version: '0.0.0-test',
    notices: [],
  });
});

afterAll(async () => {
  await host.shutdown();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('handleIpcCall with the real host core', () => {
  it('answers a valid call from the app window with the host’s own result', async () => {
    const result = await handleIpcCall(host.api, page, { sender: appFrame, name: 'app.info', params: {} });
    expect(result).toMatchObject({ ok: true, value: { mode: 'desktop', dataDir, version: '0.0.0-test' } });
  });

  it('refuses a call from a foreign frame before it reaches the host', async () => {
    const iframe = { ...appFrame, isTopFrame: false };
    const foreign = { ...appFrame, frameUrl: 'https://evil.example/' };
    for (const sender of [iframe, foreign, { ...appFrame, webContentsId: 99 }]) {
      const refused = await handleIpcCall(host.api, page, { sender, name: 'servers.add', params: disabledServer });
      expect(refused).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    }
    const listed = await handleIpcCall(host.api, page, { sender: appFrame, name: 'servers.list', params: {} });
    expect(listed.ok && (listed.value as { id: string }[]).map((server) => server.id)).toEqual([]);
  });

  it('refuses an invalid payload naming the field, and the host stays unchanged', async () => {
    const invalid = await handleIpcCall(host.api, page, { sender: appFrame, name: 'servers.add', params: { name: 'x', config: { command: '' } } });
    expect(invalid).toMatchObject({ ok: false, error: { code: 'invalid_params', field: 'config.command' } });
    const wrongType = await handleIpcCall(host.api, page, { sender: appFrame, name: 'chats.rename', params: { chatId: 'c', title: 42 } });
    expect(wrongType).toMatchObject({ ok: false, error: { code: 'invalid_params', field: 'title' } });
    const unknown = await handleIpcCall(host.api, page, { sender: appFrame, name: 'fs.readFile', params: {} });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
    const notAString = await handleIpcCall(host.api, page, { sender: appFrame, name: 42, params: {} });
    expect(notAString).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
  });

  it('lets a valid call change the host', async () => {
    const added = await handleIpcCall(host.api, page, { sender: appFrame, name: 'servers.add', params: disabledServer });
    expect(added).toMatchObject({ ok: true, value: { id: 'memory', status: { state: 'disabled' } } });
    const listed = await handleIpcCall(host.api, page, { sender: appFrame, name: 'servers.list', params: {} });
    expect(listed.ok && (listed.value as { id: string }[]).map((server) => server.id)).toEqual(['memory']);
  });
});
