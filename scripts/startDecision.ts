/** The decisions of `npm start`, kept pure so they are tested: launch Electron, or explain in one line and use web mode. */
import { join } from 'node:path';

/** Whether a runnable Electron binary is on disk. */
export type ElectronProbe = { found: true; binary: string } | { found: false; reason: string };

/** The executable inside node_modules/electron/dist for each platform (as electron's own installer names it). */
export function electronExecutable(platform: NodeJS.Platform): string | undefined {
  if (platform === 'darwin') return 'Electron.app/Contents/MacOS/Electron';
  if (platform === 'win32') return 'electron.exe';
  if (platform === 'linux' || platform === 'freebsd' || platform === 'openbsd') return 'electron';
  return undefined;
}

/** Looks for the binary without running electron's index.js (which would start a download as a side effect). */
export function probeElectron(electronDir: string, platform: NodeJS.Platform, env: Record<string, string | undefined>, exists: (path: string) => boolean): ElectronProbe {
  const executable = electronExecutable(platform);
  if (!executable) return { found: false, reason: `Electron has no build for ${platform}` };
  if (!exists(join(electronDir, 'package.json'))) return { found: false, reason: 'the electron package is not installed; run npm install' };
  const binary = env.ELECTRON_OVERRIDE_DIST_PATH ? join(env.ELECTRON_OVERRIDE_DIST_PATH, executable) : join(electronDir, 'dist', executable);
  return exists(binary) ? { found: true, binary } : { found: false, reason: `the Electron binary is not downloaded (${binary} is missing)` };
}

/** What `npm start` will do. */
export type LaunchPlan = { mode: 'electron'; binary: string } | { mode: 'web'; reason: string; requested: boolean };

/** Picks Electron unless web mode was asked for, the binary is missing, or Linux has no display to open a window on. */
export function planLaunch(input: { args: string[]; env: Record<string, string | undefined>; platform: NodeJS.Platform; electron: ElectronProbe }): LaunchPlan {
  if (input.args.includes('--web') || input.env.SWITCHBOARD_WEB === '1') return { mode: 'web', reason: 'web mode was asked for', requested: true };
  if (!input.electron.found) return { mode: 'web', reason: input.electron.reason, requested: false };
  if (input.platform === 'linux' && !input.env.DISPLAY && !input.env.WAYLAND_DISPLAY) {
    return { mode: 'web', reason: 'there is no graphical display (DISPLAY and WAYLAND_DISPLAY are not set)', requested: false };
  }
  return { mode: 'electron', binary: input.electron.binary };
}

/** Whether to try downloading a missing binary first (electron 45 downloads on first use, not at install). */
export function shouldDownloadElectron(probe: ElectronProbe, input: { args: string[]; env: Record<string, string | undefined> }): boolean {
  if (probe.found || input.args.includes('--web') || input.env.SWITCHBOARD_WEB === '1') return false;
  if (input.env.SWITCHBOARD_NO_ELECTRON_DOWNLOAD === '1') return false;
  // Only a missing binary is worth a download; a missing package needs npm install.
  return probe.reason.startsWith('the Electron binary');
}

/** How an Electron run ended, as start.ts observed it. */
export interface ElectronRun {
  /** `spawn` itself failed (ENOENT, EACCES...). */
  spawnError?: string;
  /** The app printed its ready line (its window was painted). */
  ready: boolean;
  exitCode: number | null;
  signal: string | null;
  /** The last line Electron wrote to stderr, to name the cause. */
  lastStderrLine?: string;
}

/** After Electron exits: a run that never got ready failed to start (fall back), a ready one simply ended. */
export function afterElectronExit(run: ElectronRun): { fallback: true; reason: string } | { fallback: false; exitCode: number } {
  if (run.spawnError) return { fallback: true, reason: `the Electron binary could not be run: ${run.spawnError}` };
  if (run.ready) return { fallback: false, exitCode: run.exitCode ?? (run.signal ? 1 : 0) };
  const how = run.signal ? `was killed by ${run.signal}` : `exited with code ${run.exitCode ?? 'unknown'}`;
  return { fallback: true, reason: `Electron ${how} before opening its window${run.lastStderrLine ? `: ${run.lastStderrLine}` : ''}` };
}

/** The one line printed when falling back. */
export function fallbackLine(reason: string): string {
  return `Electron could not start here (${reason}), so Switchboard starts in web mode instead.`;
}

/** Opener command for a URL, or undefined where no browser can be shown (Linux without a display, CI). */
export function browserOpener(platform: NodeJS.Platform, env: Record<string, string | undefined>, url: string): [string, string[]] | undefined {
  if (env.CI === 'true' || env.SWITCHBOARD_NO_BROWSER === '1') return undefined;
  if (platform === 'darwin') return ['open', [url]];
  if (platform === 'win32') return ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]];
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return undefined;
  return ['xdg-open', [url]];
}
