/**
 * `npm start`: builds the app and launches the desktop app. When Electron is missing or fails to start (no binary,
 * no display, a crash before its window), prints one line saying so and serves the same app in web mode instead.
 * Flags: --web (web mode on purpose), --no-build, --port N, --data-dir PATH (web mode).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { consoleLogger, type Logger } from '../electron/host/environment.ts';
import { buildElectronBundles } from './buildElectron.ts';
import { afterElectronExit, browserOpener, fallbackLine, planLaunch, probeElectron, shouldDownloadElectron, type ElectronProbe, type ElectronRun } from './startDecision.ts';

const root = join(import.meta.dirname, '..');
const electronDir = join(root, 'node_modules', 'electron');
const READY_LINE = 'switchboard:ready';

function options() {
  try {
    const { values } = parseArgs({
      options: {
        web: { type: 'boolean', default: false },
        'no-build': { type: 'boolean', default: false },
        port: { type: 'string' },
        'data-dir': { type: 'string' },
      },
    });
    const port = values.port === undefined ? 0 : Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0..65535, got ${values.port}`);
    return { web: values.web, build: !values['no-build'], port, dataDir: values['data-dir'] ? resolve(values['data-dir']) : undefined };
  } catch (cause) {
    console.error(`${cause instanceof Error ? cause.message : String(cause)}\nUsage: npm start -- [--web] [--no-build] [--port N] [--data-dir PATH]`);
    process.exit(2);
  }
}

/** Electron 45 downloads its binary on first use; try once, quietly unless it takes a while. */
async function downloadElectron(): Promise<ElectronProbe> {
  const version = (JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8')) as { version: string }).version;
  const child = spawn(process.execPath, [join(electronDir, 'install.js')], { cwd: electronDir, stdio: ['ignore', 'ignore', 'pipe'] });
  const notice = setTimeout(() => console.log(`Downloading Electron ${version} (first start only)…`), 1500);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((done) => {
    child.on('error', () => done(null));
    child.on('exit', (exitCode) => done(exitCode));
  });
  clearTimeout(notice);
  const probe = probeElectron(electronDir, process.platform, process.env, existsSync);
  if (probe.found || code === 0) return probe;
  const cause = stderr.trim().split('\n').filter(Boolean)[0] ?? `installer exited with code ${code ?? 'unknown'}`;
  return { found: false, reason: `the Electron binary is not downloaded and downloading it failed: ${cause}` };
}

async function build(withElectron: boolean): Promise<void> {
  console.log(withElectron ? 'Building Switchboard (renderer and desktop bundles)…' : 'Building Switchboard (renderer)…');
  const vite = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], { cwd: root, encoding: 'utf8' });
  if (vite.status !== 0) {
    console.error(`${vite.stdout}${vite.stderr}\nThe renderer build failed (above).`);
    process.exit(1);
  }
  if (withElectron) await buildElectronBundles();
}

/** Runs the desktop app; its output is held back until its window is up, so a failed start prints only our line. */
function runElectron(binary: string): Promise<ElectronRun> {
  return new Promise((done) => {
    const env: Record<string, string | undefined> = { ...process.env, SWITCHBOARD_REPORT_READY: '1' };
    delete env.ELECTRON_RUN_AS_NODE;
    const child = spawn(binary, [root], { cwd: root, env, stdio: ['inherit', 'pipe', 'pipe'] });
    let ready = false;
    let held = '';
    let lastStderrLine: string | undefined;
    child.stdout?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      if (!ready && text.includes(READY_LINE)) {
        ready = true;
        process.stderr.write(held);
      }
      const shown = text.replace(`${READY_LINE}\n`, '');
      if (ready && shown) process.stdout.write(shown);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      lastStderrLine = text.trim().split('\n').filter(Boolean).at(-1) ?? lastStderrLine;
      if (ready) process.stderr.write(text);
      else held += text;
    });
    // Ctrl+C in the terminal goes to Electron, which then quits cleanly (servers closed) on its own.
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (cause) => done({ spawnError: cause.message, ready, exitCode: null, signal: null }));
    child.on('exit', (exitCode, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      done({ ready, exitCode, signal, ...(lastStderrLine ? { lastStderrLine } : {}) });
    });
  });
}

function openInBrowser(url: string): void {
  const opener = browserOpener(process.platform, process.env, url);
  if (!opener) return;
  try {
    const child = spawn(opener[0], opener[1], { detached: true, stdio: 'ignore' });
    child.on('error', () => {}); // No browser here: the printed link is enough.
    child.unref();
  } catch {
    // Same: opening a browser is a convenience.
  }
}

/** Web mode logs only warnings and errors to the terminal, so the link stays visible. */
function quietLogger(): Logger {
  const full = consoleLogger('web');
  return { info: () => {}, warn: (message, fields) => full.warn(message, fields), error: (message, fields) => full.error(message, fields) };
}

async function runWebMode(port: number, dataDir: string | undefined): Promise<void> {
  const { startWebMode } = await import('../electron/web/startWebMode.ts');
  const web = await startWebMode({ port, openBrowser: false, ...(dataDir ? { dataDir } : {}), hostEnv: { logger: quietLogger() } });
  console.log(`\nSwitchboard is running in web mode. Open this link (it carries the access token):\n\n  ${web.url}\n\nPress Ctrl+C to stop.`);
  // A one-time code, not the token: the opener's command line is readable by every local user in /proc.
  openInBrowser(web.oneTimeUrl());
  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(130); // A second Ctrl+C: do not wait for servers.
    stopping = true;
    web.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function main(): Promise<void> {
  const flags = options();
  const args = flags.web ? ['--web'] : [];
  let probe = probeElectron(electronDir, process.platform, process.env, existsSync);
  if (shouldDownloadElectron(probe, { args, env: process.env })) probe = await downloadElectron();
  const plan = planLaunch({ args, env: process.env, platform: process.platform, electron: probe });
  if (flags.build) await build(plan.mode === 'electron');

  if (plan.mode === 'electron') {
    const outcome = afterElectronExit(await runElectron(plan.binary));
    if (!outcome.fallback) process.exit(outcome.exitCode);
    console.log(fallbackLine(outcome.reason));
  } else if (!plan.requested) {
    console.log(fallbackLine(plan.reason));
  }
  await runWebMode(flags.port, flags.dataDir);
}

main().catch((cause: unknown) => {
  console.error(`npm start failed: ${cause instanceof Error ? cause.message : String(cause)}`);
  process.exit(1);
});
