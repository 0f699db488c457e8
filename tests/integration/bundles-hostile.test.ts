/**
 * Hostile and broken .mcpb archives are refused with a `bundle_refused` error naming the problem, and leave nothing
 * behind: no files in the data folder (inside or outside bundles/), no server entry.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BundleRefusal } from '../../shared/bundles.ts';
import type { HostMessageCode } from '../../shared/hostMessages.ts';
import { createBundleCalls } from '../../electron/host/bundles/bundleCalls.ts';
import { FileSecretStore } from '../../electron/host/store/fileSecretStore.ts';
import { silentLogger } from '../../electron/host/environment.ts';
import { hostileArchives, packNodeBundle } from '../fixtures/bundles/buildBundle.ts';
import { listServers, moduleLifecycle } from './module-harness.ts';

describe('.mcpb bundles: hostile archives are refused and leave nothing behind', () => {
  const { dataDir, start } = moduleLifecycle({ beforeEach, afterEach });
  let out = '';
  beforeEach(async () => {
    out = await mkdtemp(join(tmpdir(), 'sb-bundles-hostile-'));
  });
  afterEach(async () => {
    await rm(out, { recursive: true, force: true });
  });

  // The English stays in message (logs); the window translates text, a host message code.
  const cases: [keyof typeof hostileArchives, BundleRefusal, RegExp, HostMessageCode][] = [
    ['traversal', 'unsafe_path', /\.\.\/escaped\.txt.*leaves the bundle's folder/, 'bundle.unsafeParent'],
    ['absolute', 'unsafe_path', /absolute path/, 'bundle.unsafeAbsolute'],
    ['symlink', 'unsafe_path', /symbolic link/, 'bundle.unsafeSymlink'],
    ['bomb', 'zip_bomb', /zip bomb/, 'bundle.zipBomb'],
    ['badManifest', 'bad_manifest', /not a valid MCPB manifest: .*server: Required/, 'bundle.manifestInvalid'],
    ['notZip', 'bad_zip', /Not a readable zip archive/, 'bundle.zipNoEnd'],
    ['windowsOnly', 'unsupported_platform', /runs on win32; this computer is linux/, 'bundle.platform'],
    ['uvRuntime', 'unsupported_runtime', /Server type "uv" is not supported/, 'bundle.serverType'],
  ];

  it.each(cases)('refuses %s (%s) by path and as uploaded bytes', async (kind, refusal, message, code) => {
    const { module } = await start();
    const bundles = createBundleCalls({ dataDir: dataDir(), secrets: new FileSecretStore(join(dataDir(), 'secrets.json')), logger: silentLogger, servers: module.api, platform: 'linux' });
    const bytes = hostileArchives[kind]();
    const path = join(out, `${kind}.mcpb`);
    await writeFile(path, bytes);
    const before = (await readdir(dataDir())).sort();
    for (const source of [{ path }, { base64: Buffer.from(bytes).toString('base64') }]) {
      for (const call of ['bundles.inspect', 'bundles.install'] as const) {
        const result = await bundles[call]({ source });
        expect(result.ok).toBe(false);
        if (result.ok) continue;
        expect(result.error).toMatchObject({ code: 'bundle_refused', detail: refusal });
        expect(result.error.message).toMatch(message);
        expect(result.error.text?.code).toBe(code);
      }
    }
    // Nothing written: the bundles folder (if the upload's scratch file made it) is empty, nothing escaped beside the data folder.
    const bundlesDir = join(dataDir(), 'bundles');
    if (existsSync(bundlesDir)) expect(await readdir(bundlesDir)).toEqual([]);
    expect((await readdir(dataDir())).filter((name) => name !== 'bundles').sort()).toEqual(before.filter((name) => name !== 'bundles'));
    expect(existsSync(join(dirname(dataDir()), 'escaped.txt'))).toBe(false);
    expect(existsSync(join(dataDir(), 'escaped.txt'))).toBe(false);
    expect(existsSync('/tmp/sb-absolute.txt')).toBe(false);
    expect(await listServers(module)).toEqual([]);
  }, 60_000);

  it('refuses an archive bigger than the limit before reading it', async () => {
    const { module } = await start();
    const bundles = createBundleCalls({ dataDir: dataDir(), secrets: new FileSecretStore(join(dataDir(), 'secrets.json')), logger: silentLogger, servers: module.api, limits: { maxArchiveBytes: 100 } });
    const path = await packNodeBundle(out);
    const result = await bundles['bundles.install']({ source: { path } });
    expect(result).toMatchObject({ ok: false, error: { code: 'bundle_refused', detail: 'too_large', text: { code: 'bundle.tooLarge', params: { max: 0 } } } });
    expect(existsSync(join(dataDir(), 'bundles', 'hello-bundle'))).toBe(false);
    expect(await listServers(module)).toEqual([]);
  }, 60_000);
});
