/**
 * The built main bundle (esbuild output, as packaged) run on Node against a fake `electron` module: its imports
 * resolve, and the composition root wires the real host core to IPC with the window locked down.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildElectronBundles, isNodeBuiltin, runtimeDependencies, type BundleReport } from '../../scripts/buildElectron.ts';
import type { HarnessRequest } from './desktop-mainHarness.ts';

const root = join(import.meta.dirname, '..', '..');
let appRoot: string;
let userData: string;
let main: BundleReport;
let child: ChildProcess;
let stdout = '';
let stderr = '';
let nextId = 1;
const pending = new Map<number, (value: unknown) => void>();

// Distributive, so each request kind keeps its own fields.
type Ask = HarnessRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;
function ask<T = Record<string, unknown>>(request: Ask): Promise<T> {
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, (value) => resolve(value as T));
    child.send({ ...request, id });
  });
}
const invoke = (sender: 'app' | 'iframe' | 'foreign-url' | 'other-window', name: string, params: unknown) =>
  ask<{ ok: boolean; value?: unknown; error?: { code: string; field?: string } }>({ type: 'invoke', sender, name, params });

async function until<T>(probe: () => Promise<T | undefined>, what: string, deadlineMs = 30_000): Promise<T> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}; app log:\n${stderr.slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Children of `pid` (Linux /proc), to see that quitting ends the servers' processes. */
function childPids(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[1] === String(pid);
      } catch {
        return false;
      }
    })
    .map(Number);
}

beforeAll(async () => {
  mkdirSync(join(root, 'dist'), { recursive: true });
  // Inside the repository so the bundle's require() of runtime dependencies finds node_modules, as in the asar.
  appRoot = mkdtempSync(join(root, 'dist', '.desktop-test-'));
  userData = mkdtempSync(join(tmpdir(), 'sb-desktop-'));
  ({ main } = await buildElectronBundles({ outDir: join(appRoot, 'dist', 'electron') }));
  mkdirSync(join(appRoot, 'dist', 'renderer'), { recursive: true });
  writeFileSync(join(appRoot, 'dist', 'renderer', 'index.html'), '<!doctype html><title>Switchboard</title>');
  writeFileSync(join(appRoot, 'package.json'), JSON.stringify({ name: 'switchboard', version: '9.9.9' }));
  mkdirSync(join(appRoot, 'node_modules', 'electron'), { recursive: true });
  writeFileSync(join(appRoot, 'node_modules', 'electron', 'index.js'), 'module.exports = globalThis.__sbFakeElectron;\n');
  const home = join(userData, 'home');
  mkdirSync(home);
  child = fork(join(import.meta.dirname, 'desktop-mainHarness.ts'), [main.outfile, appRoot, userData], {
    env: { ...process.env, HOME: home, SHELL: '/bin/bash', SWITCHBOARD_REPORT_READY: '1' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  // The unpackaged app mirrors its log to stderr; kept for failure messages only.
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.on('message', (message: { id: number; value: unknown }) => pending.get(message.id)?.(message.value));
  await new Promise<void>((resolve) => pending.set(0, () => resolve()));
  await until(() => Promise.resolve(stdout.includes('switchboard:ready') ? true : undefined), 'the window to be ready');
});

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(appRoot, { recursive: true, force: true });
  rmSync(userData, { recursive: true, force: true });
});

describe('built main bundle', () => {
  it('imports at run time only electron, Node built-ins and runtime dependencies, and each resolves', () => {
    const deps = runtimeDependencies();
    const requireFromRoot = createRequire(join(root, 'package.json'));
    for (const specifier of main.externalImports) {
      if (specifier === 'electron' || isNodeBuiltin(specifier)) continue;
      expect(deps.some((dep) => specifier === dep || specifier.startsWith(`${dep}/`)), specifier).toBe(true);
      expect(() => requireFromRoot.resolve(specifier), specifier).not.toThrow();
    }
    expect(main.warnings).toEqual([]);
  });

  it('opens one locked-down window on app:// and tells `npm start` it is up', async () => {
    const state = await ask({ type: 'state' });
    expect(state.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, webviewTag: false });
    expect(state.sandboxEnabled).toBe(true);
    expect(state.loadedUrl).toBe('app://switchboard/index.html');
    expect(state.privilegedSchemes).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true } },
      // MCP Apps run on an origin of their own (docs/apps.md): no fetch API, no CORS, no code cache for it.
      { scheme: 'switchboard-app-sandbox', privileges: { standard: true, secure: true } },
    ]);
    expect(state.appEvents).toEqual(expect.arrayContaining(['web-contents-created', 'before-quit', 'second-instance']));
    expect(stdout).toContain('switchboard:ready');
  });

  it('serves the renderer with the CSP header and nothing outside it', async () => {
    const page = await ask({ type: 'fetch', url: 'app://switchboard/index.html' });
    expect(page).toMatchObject({ status: 200, type: 'text/html; charset=utf-8', body: '<!doctype html><title>Switchboard</title>' });
    expect(page.csp).toContain("script-src 'self'");
    expect(await ask({ type: 'fetch', url: 'app://switchboard/..%2F..%2Fpackage.json' })).toMatchObject({ status: 403 });
    expect(await ask({ type: 'fetch', url: 'app://switchboard/missing.js' })).toMatchObject({ status: 404 });
  });

  it('answers the app window through the real host, and refuses subframes, foreign pages and other windows', async () => {
    const info = await invoke('app', 'app.info', {});
    expect(info).toMatchObject({ ok: true, value: { mode: 'desktop', version: '9.9.9', dataDir: join(userData, 'userData'), notices: ['secrets_in_file'] } });
    for (const sender of ['iframe', 'foreign-url', 'other-window'] as const) {
      expect(await invoke(sender, 'app.info', {}), sender).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    }
    expect(await invoke('app', 'servers.add', { name: 'x', config: { command: '   ' } })).toMatchObject({ ok: false, error: { code: 'invalid_params', field: 'config.command' } });
  });

  it('keeps the API key out of the data files, in a 0600 secrets file when there is no keyring', async () => {
    expect(await invoke('app', 'settings.setApiKey', { apiKey: 'sk-ant-desktop-test' })).toMatchObject({ ok: true, value: { hasApiKey: true, secretStorage: 'file' } });
    const secretsFile = join(userData, 'userData', 'secrets.json');
    expect(statSync(secretsFile).mode & 0o777).toBe(0o600);
    for (const file of readdirSync(join(userData, 'userData'))) {
      if (file === 'secrets.json' || statSync(join(userData, 'userData', file)).isDirectory()) continue;
      expect(readFileSync(join(userData, 'userData', file)).includes('sk-ant-desktop-test'), file).toBe(false);
    }
  });

  it('refuses navigation away and new windows; web links go to the system browser only', async () => {
    expect(await ask({ type: 'navigate', url: 'app://switchboard/index.html#x' })).toEqual({ prevented: false });
    expect(await ask({ type: 'navigate', url: 'https://example.com/docs' })).toEqual({ prevented: true });
    expect(await ask({ type: 'navigate', url: 'file:///etc/passwd' })).toEqual({ prevented: true });
    expect(await ask({ type: 'windowOpen', url: 'https://github.com/' })).toEqual({ action: 'deny' });
    expect(await ask({ type: 'windowOpen', url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect((await ask({ type: 'state' })).opened).toEqual(['https://example.com/docs', 'https://github.com/']);
  });

  it('denies camera/microphone and notifications; grants the app only clipboard writes', async () => {
    expect(await ask({ type: 'permission', permission: 'media', requestingUrl: 'app://switchboard/index.html' })).toEqual({ granted: false, check: false });
    expect(await ask({ type: 'permission', permission: 'notifications', requestingUrl: 'app://switchboard/index.html' })).toEqual({ granted: false, check: false });
    expect(await ask({ type: 'permission', permission: 'clipboard-sanitized-write', requestingUrl: 'app://switchboard/index.html' })).toEqual({ granted: true, check: true });
  });

  it('sends New Chat and Settings from the menu as app.command events, and host events on the same channel', async () => {
    expect(await ask({ type: 'menu', label: 'New Chat' })).toEqual({ clicked: true });
    expect(await ask({ type: 'menu', label: 'Settings' })).toEqual({ clicked: true });
    const sent = (await ask({ type: 'state' })).sent as { channel: string; args: unknown[] }[];
    expect(sent.filter((entry) => entry.args[0] === 'app.command').map((entry) => entry.args[1])).toEqual([{ command: 'new_chat' }, { command: 'open_settings' }]);
    expect(sent.every((entry) => entry.channel === 'switchboard:event')).toBe(true);
    expect(sent.some((entry) => entry.args[0] === 'settings.changed')).toBe(true);
  });

  it('on quit, closes every MCP client and ends their processes before the app exits', async () => {
    const memory = join(root, 'node_modules', '@modelcontextprotocol', 'server-memory', 'dist', 'index.js');
    const config = { command: process.execPath, args: [memory], env: { MEMORY_FILE_PATH: join(userData, 'memory.jsonl') } };
    expect(await invoke('app', 'servers.add', { name: 'memory', config })).toMatchObject({ ok: true });
    await until(async () => {
      const listed = await invoke('app', 'servers.list', {});
      const servers = (listed.value ?? []) as { id: string; status: { state: string } }[];
      return servers.find((server) => server.id === 'memory' && server.status.state === 'ready');
    }, 'the memory server to be ready');
    const harnessPid = child.pid ?? 0;
    const serverPids = process.platform === 'linux' ? childPids(harnessPid) : [];
    if (process.platform === 'linux') expect(serverPids.length).toBeGreaterThan(0);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    expect(await ask({ type: 'quit' })).toEqual({ quitCalls: 2, quitPrevented: 1 });
    expect(await exited).toBe(0);
    for (const pid of serverPids) expect(existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z '), `server process ${pid}`).toBe(false);
  });
});
