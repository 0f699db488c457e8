/**
 * The built preload bundle evaluated the way a sandboxed preload runs: no Node globals, `require` answering only
 * 'electron' (a fake recording contextBridge and ipcRenderer). It must expose exactly one generic bridge.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Bridge } from '../../shared/contract.ts';
import { buildElectronBundles, type BundleReport } from '../../scripts/buildElectron.ts';

let outDir: string;
let preload: BundleReport;
let exposed: Map<string, unknown>;
let ipcListeners: Map<string, (...args: unknown[]) => void>;
let invoke: ReturnType<typeof vi.fn>;
const required: string[] = [];

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'sb-preload-'));
  ({ preload } = await buildElectronBundles({ outDir }));
  exposed = new Map();
  ipcListeners = new Map();
  invoke = vi.fn();
  const electron = {
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
    ipcRenderer: {
      invoke,
      on: (channel: string, listener: (...args: unknown[]) => void) => ipcListeners.set(channel, listener),
    },
  };
  const sandboxRequire = (specifier: string) => {
    required.push(specifier);
    if (specifier === 'electron') return electron;
    throw new Error(`a sandboxed preload cannot require ${specifier}`);
  };
  const module = { exports: {} };
  runInNewContext(readFileSync(preload.outfile, 'utf8'), { require: sandboxRequire, module, exports: module.exports, console });
});

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const bridge = () => exposed.get('switchboard') as Bridge;

describe('built preload bundle', () => {
  it('requires only electron and exposes one bridge, window.switchboard = { invoke, on }', () => {
    expect(preload.externalImports).toEqual(['electron']);
    expect([...new Set(required)]).toEqual(['electron']);
    expect([...exposed.keys()]).toEqual(['switchboard']);
    expect(Object.keys(bridge()).sort()).toEqual(['invoke', 'on']);
  });

  it('forwards any call generically over one channel and hands back the main side’s Result', async () => {
    invoke.mockResolvedValueOnce({ ok: true, value: { version: '1.0.0' } });
    expect(await bridge().invoke('app.info', {})).toEqual({ ok: true, value: { version: '1.0.0' } });
    expect(invoke).toHaveBeenLastCalledWith('switchboard:invoke', 'app.info', {});
    invoke.mockResolvedValueOnce({ ok: false, error: { code: 'invalid_params', message: 'x', field: 'id' } });
    expect(await bridge().invoke('servers.remove', { id: '' })).toMatchObject({ ok: false, error: { field: 'id' } });
  });

  it('turns a broken channel into an error result instead of a throw', async () => {
    invoke.mockRejectedValueOnce(new Error('No handler registered'));
    const result = await bridge().invoke('servers.list', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(result.ok ? '' : result.error.message).toContain('No handler registered');
  });

  it('delivers each host event to its own listeners only, until unsubscribed', () => {
    const fromMain = ipcListeners.get('switchboard:event');
    expect(fromMain).toBeDefined();
    const servers = vi.fn();
    const command = vi.fn();
    const off = bridge().on('servers.changed', servers);
    bridge().on('app.command', command);
    fromMain?.({}, 'servers.changed', [{ id: 'memory' }]);
    fromMain?.({}, 'app.command', { command: 'new_chat' });
    expect(servers).toHaveBeenCalledExactlyOnceWith([{ id: 'memory' }]);
    expect(command).toHaveBeenCalledExactlyOnceWith({ command: 'new_chat' });
    off();
    fromMain?.({}, 'servers.changed', []);
    expect(servers).toHaveBeenCalledOnce();
  });
});
