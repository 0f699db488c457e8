/**
 * The data folder holds chats, tokens and secrets (issue 9 item 8): it is 0700 and every file in it 0600, on a new
 * install and on one made before this rule. Real files, real modes (POSIX only: Windows has no mode bits).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHost, type Host } from '../../electron/host/createHost.ts';
import { silentLogger } from '../../electron/host/environment.ts';
import { FileSecretStore } from '../../electron/host/store/fileSecretStore.ts';

let dirs: string[] = [];
let hosts: Host[] = [];
afterEach(async () => {
  for (const host of hosts) await host.shutdown();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  hosts = [];
  dirs = [];
});

function parent(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sb-perm-'));
  dirs.push(dir);
  return dir;
}

async function start(dir: string): Promise<Host> {
  const host = await createHost({ mode: 'web', dataDir: dir, secrets: new FileSecretStore(join(dir, 'secrets.json')), logger: silentLogger, openExternal: () => Promise.resolve(), version: '0.0.0-test' });
  hosts.push(host);
  return host;
}

const mode = (path: string) => statSync(path).mode & 0o777;

/** Every file and folder under `dir` with its mode, e.g. { 'history.db': 0o600 }. */
function modes(dir: string, prefix = ''): Record<string, number> {
  const out: Record<string, number> = {};
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix + entry.name;
    if (entry.isSymbolicLink()) continue;
    out[rel] = mode(join(dir, entry.name));
    if (entry.isDirectory()) Object.assign(out, modes(join(dir, entry.name), `${rel}/`));
  }
  return out;
}

describe.skipIf(process.platform === 'win32')('data folder permissions', () => {
  it('a new data folder is 0700 and everything the host writes in it is 0600 (history.db with its -wal/-shm, settings, servers, secrets)', async () => {
    const dir = join(parent(), 'Switchboard');
    const host = await start(dir);
    expect((await host.api['servers.add']({ name: 'local', config: { command: 'true', enabled: false } })).ok).toBe(true);
    expect((await host.api['settings.update']({ maxTurns: 4 })).ok).toBe(true);
    expect((await host.api['settings.setApiKey']({ apiKey: 'sk-secret' })).ok).toBe(true);
    expect((await host.api['chats.create']({})).ok).toBe(true);
    expect(mode(dir)).toBe(0o700);
    const found = modes(dir);
    for (const name of ['history.db', 'history.db-wal', 'history.db-shm', 'settings.json', 'servers.json', 'secrets.json']) {
      expect(found[name], name).toBe(0o600);
    }
    expect(Object.entries(found).filter(([, m]) => (m & 0o077) !== 0)).toEqual([]);
  });

  it('an existing install with a 0755 folder and 0644 files is made private at start; a symlink out of the folder is not followed', async () => {
    const dir = join(parent(), 'Switchboard');
    mkdirSync(join(dir, 'cache'), { recursive: true });
    const outside = join(parent(), 'not-ours.txt');
    writeFileSync(outside, 'a file elsewhere');
    chmodSync(outside, 0o644);
    for (const name of ['settings.json', 'servers.json', 'secrets.json', 'cache/entry.json']) writeFileSync(join(dir, name), name.endsWith('.json') && name !== 'cache/entry.json' ? '{}' : 'x');
    for (const name of ['settings.json', 'servers.json', 'secrets.json', 'cache/entry.json']) chmodSync(join(dir, name), 0o644);
    chmodSync(join(dir, 'cache'), 0o755);
    chmodSync(dir, 0o755);
    symlinkSync(outside, join(dir, 'link-out'));

    await start(dir);
    expect(mode(dir)).toBe(0o700);
    // Files directly in the folder are fixed before the host opens them; subfolders in the background.
    await expect.poll(() => mode(join(dir, 'cache/entry.json'))).toBe(0o600);
    expect(modes(dir)).toMatchObject({
      'settings.json': 0o600,
      'servers.json': 0o600,
      'secrets.json': 0o600,
      cache: 0o700,
      'cache/entry.json': 0o600,
      'history.db': 0o600,
    });
    expect(mode(outside)).toBe(0o644);
  });
});
