/**
 * One host per data folder (issue 9 item 4): two hosts on one folder each saved their own view of servers.json and
 * lost the other's changes. Real processes (the web mode CLI), a real lock file, a real stale pid.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHost, type Host } from '../../electron/host/createHost.ts';
import { silentLogger } from '../../electron/host/environment.ts';
import { FileSecretStore } from '../../electron/host/store/fileSecretStore.ts';
import { DataDirLockedError, LOCK_FILE_NAME } from '../../electron/host/store/dataDirLock.ts';
import { bridgeHostToIpc } from '../../electron/desktop/ipcBridge.ts';
import type { IpcMain, IpcMainInvokeEvent } from 'electron';

const cli = join(import.meta.dirname, '../../electron/web/cli.ts');
let dirs: string[] = [];
let children: ChildProcess[] = [];
let hosts: Host[] = [];

afterEach(async () => {
  for (const host of hosts) await host.shutdown();
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  hosts = [];
  children = [];
  dirs = [];
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sb-lock-'));
  dirs.push(dir);
  return dir;
}

function start(dir: string): Promise<Host> {
  return createHost({ mode: 'web', dataDir: dir, secrets: new FileSecretStore(join(dir, 'secrets.json')), logger: silentLogger, openExternal: () => Promise.resolve(), version: '0.0.0-test' }).then((host) => {
    hosts.push(host);
    return host;
  });
}

/** Runs the web mode CLI on `dir`; resolves with its output so far once `until` matches or it exits. */
function runCli(dir: string, until: RegExp): Promise<{ child: ChildProcess; out: string; code: number | null }> {
  const child = spawn(process.execPath, [cli, '--data-dir', dir, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  return new Promise((resolve) => {
    const check = () => {
      if (until.test(out)) resolve({ child, out, code: null });
    };
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      check();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      check();
    });
    child.on('exit', (code) => resolve({ child, out, code }));
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

describe('one host per data folder', () => {
  it('a second web mode on the same folder is refused, naming the process that holds it and suggesting --data-dir', async () => {
    const dir = dataDir();
    const first = await runCli(dir, /web mode is running/);
    expect(first.code).toBeNull();
    const lock = JSON.parse(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8')) as { pid: number };
    expect(lock.pid).toBe(first.child.pid);

    const second = await runCli(dir, /$^/);
    expect(second.code).toBe(1);
    expect(second.out).toContain(`process ${first.child.pid}`);
    expect(second.out).toContain('--data-dir');
    // The refused start did not take or remove the first one's lock.
    expect((JSON.parse(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8')) as { pid: number }).pid).toBe(first.child.pid);

    // Ctrl+C (SIGTERM) shuts the first one down and releases the folder; a new start then works.
    first.child.kill('SIGTERM');
    await exited(first.child);
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false);
    const host = await start(dir);
    expect((await host.api['servers.list']({})).ok).toBe(true);
  });

  it('web mode killed with SIGKILL leaves its lock; the next start takes it over', async () => {
    const dir = dataDir();
    const killed = await runCli(dir, /web mode is running/);
    killed.child.kill('SIGKILL');
    await exited(killed.child);
    expect((JSON.parse(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8')) as { pid: number }).pid).toBe(killed.child.pid);
    await start(dir);
    expect((JSON.parse(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8')) as { pid: number }).pid).toBe(process.pid);
  });

  it('a lock left by a process that no longer exists is taken over', async () => {
    const dir = dataDir();
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const deadPid = Number(gone.stdout);
    expect(deadPid).toBeGreaterThan(0);
    writeFileSync(join(dir, LOCK_FILE_NAME), JSON.stringify({ pid: deadPid, mode: 'desktop', hostname: (await import('node:os')).hostname(), startedAt: 'earlier', token: 'old' }));
    const host = await start(dir);
    const lock = JSON.parse(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8')) as { pid: number };
    expect(lock.pid).toBe(process.pid);
    await host.shutdown();
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false);
  });

  it('a second host in the same process is refused too, and the folder is free again after shutdown', async () => {
    const dir = dataDir();
    const first = await start(dir);
    await expect(start(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await first.shutdown();
    await expect(start(dir)).resolves.toBeDefined();
  });
});

describe('servers.json under the lock', () => {
  it('an edit made by hand while the app runs is kept when the app saves its own change', async () => {
    const dir = dataDir();
    const host = await start(dir);
    expect((await host.api['servers.add']({ name: 'from-app-1', config: { command: 'true', enabled: false } })).ok).toBe(true);
    const path = join(dir, 'servers.json');
    const onDisk = JSON.parse(readFileSync(path, 'utf8')) as { mcpServers: Record<string, unknown> };
    onDisk.mcpServers['by-hand'] = { command: 'echo', args: ['typed in an editor'], enabled: false };
    writeFileSync(path, JSON.stringify(onDisk, null, 2));
    expect((await host.api['servers.add']({ name: 'from-app-2', config: { command: 'true', enabled: false } })).ok).toBe(true);
    const after = JSON.parse(readFileSync(path, 'utf8')) as { mcpServers: Record<string, unknown> };
    expect(Object.keys(after.mcpServers).sort()).toEqual(['by-hand', 'from-app-1', 'from-app-2']);
    expect(after.mcpServers['by-hand']).toEqual({ command: 'echo', args: ['typed in an editor'], enabled: false });
  });
});

describe('simultaneous changes through the one host', () => {
  it('ten adds sent at once are all in servers.json', async () => {
    const dir = dataDir();
    const host = await start(dir);
    const names = Array.from({ length: 10 }, (_, i) => `server-${i}`);
    const results = await Promise.all(names.map((name) => host.api['servers.add']({ name, config: { command: 'true', enabled: false } })));
    expect(results.every((r) => r.ok)).toBe(true);
    const file = JSON.parse(readFileSync(join(dir, 'servers.json'), 'utf8')) as { mcpServers: Record<string, unknown> };
    expect(Object.keys(file.mcpServers).sort()).toEqual([...names].sort());
  });
});

describe('desktop app on a folder web mode holds', () => {
  it('answers every call with the refusal as a storage_error naming the process, instead of running on', async () => {
    const dir = dataDir();
    await start(dir); // plays the web mode that already runs on the folder
    let handler: ((event: IpcMainInvokeEvent, name: unknown, params: unknown) => Promise<unknown>) | undefined;
    // Only ipcMain.handle is used by the bridge; Electron itself cannot run in this test.
    const ipcMain = { handle: (_channel: string, fn: typeof handler) => (handler = fn) } as unknown as IpcMain;
    const desktop = createHost({ mode: 'desktop', dataDir: dir, secrets: new FileSecretStore(join(dir, 'secrets.json')), logger: silentLogger, openExternal: () => Promise.resolve(), version: '0.0.0-test' });
    bridgeHostToIpc({ ipcMain, host: desktop, page: { webContentsId: 1, entryUrl: 'app://switchboard/index.html' }, contents: () => undefined, logger: silentLogger });
    const answer = (await handler?.({} as IpcMainInvokeEvent, 'chats.list', {})) as { ok: boolean; error?: { code: string; message: string } };
    expect(answer.ok).toBe(false);
    expect(answer.error?.code).toBe('storage_error');
    expect(answer.error?.message).toContain(`process ${process.pid}`);
  });
});
