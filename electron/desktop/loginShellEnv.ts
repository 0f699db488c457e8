/**
 * Reads the user's login-shell environment once at startup (macOS/Linux), so servers launched with npx, uvx, docker or
 * an nvm/fnm/volta Node are found as in a terminal. A GUI app otherwise inherits only the session's minimal PATH.
 * No electron import, and no Electron-as-Node: the environment is printed by the system's `env -0`, so the packaged
 * app can ship with the `runAsNode` fuse off.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, delimiter, join } from 'node:path';

/** The outcome of reading the login shell's environment. */
export type ShellEnvResult =
  | { ok: true; shell: string; env: Record<string, string> }
  | { ok: false; shell: string | undefined; reason: string };

/** Options of one resolution; defaults read the real process. */
export interface ShellEnvOptions {
  platform?: NodeJS.Platform;
  /** The shell to ask; defaults to $SHELL, then /bin/zsh (macOS) or /bin/bash. */
  shell?: string;
  /** Environment the shell starts from; defaults to process.env. */
  env?: Record<string, string | undefined>;
  /** Kills a shell whose startup files hang (a prompt, a slow network mount); default 10 s. */
  timeoutMs?: number;
  /** The `env` program that prints the environment; defaults to /usr/bin/env (present on macOS and Linux). */
  envPath?: string;
}

/** Variables that describe the probe itself, not the user's environment. */
const probeNoise = ['SB_ENV_PRINTER', 'SB_ENV_MARK_A', 'SB_ENV_MARK_B', 'ELECTRON_RUN_AS_NODE', 'ELECTRON_NO_ATTACH_CONSOLE', 'SHLVL', '_', 'PWD', 'OLDPWD'];
const maxOutputBytes = 8 * 1024 * 1024;

/** Arguments that make `shell` read its login and interactive startup files, then run `command`. */
export function loginShellArgs(shell: string, command: string): string[] {
  const name = basename(shell);
  // tcsh/csh accept -l only as the sole flag, so they are asked as interactive shells (which read ~/.cshrc/.tcshrc).
  if (name === 'tcsh' || name === 'csh') return ['-i', '-c', command];
  return ['-i', '-l', '-c', command];
}

/**
 * Extracts the environment `env` printed between two markers; startup files may print anything around it. `env -0`
 * separates entries with NUL (values may hold newlines); an `env` without -0 prints one per line, where a line
 * without `=` continues the previous value.
 */
export function parseMarkedEnv(stdout: string, marker: string): Record<string, string> | undefined {
  const start = stdout.indexOf(marker);
  const end = start < 0 ? -1 : stdout.indexOf(marker, start + marker.length);
  if (start < 0 || end < 0) return undefined;
  const section = stdout.slice(start + marker.length, end);
  const nulSeparated = section.includes('\0');
  const env: Record<string, string> = {};
  let last: string | undefined;
  for (const entry of section.split(nulSeparated ? '\0' : '\n')) {
    const equals = entry.indexOf('=');
    if (equals <= 0) {
      if (!nulSeparated && last !== undefined && entry.length > 0) env[last] += `\n${entry}`;
      continue;
    }
    last = entry.slice(0, equals);
    env[last] = entry.slice(equals + 1);
  }
  for (const key of probeNoise) delete env[key];
  return Object.keys(env).length > 0 ? env : undefined;
}

/** The shell to ask on this platform. */
export function defaultShell(platform: NodeJS.Platform, env: Record<string, string | undefined>): string {
  return env.SHELL && env.SHELL.length > 0 ? env.SHELL : platform === 'darwin' ? '/bin/zsh' : '/bin/bash';
}

/** Runs the login shell once and returns its environment, or why it could not. Never rejects. */
export function resolveLoginShellEnv(options: ShellEnvOptions = {}): Promise<ShellEnvResult> {
  const platform = options.platform ?? process.platform;
  const baseEnv = options.env ?? process.env;
  if (platform === 'win32') return Promise.resolve({ ok: false, shell: undefined, reason: 'not needed on Windows' });
  const shell = options.shell ?? defaultShell(platform, baseEnv);
  // The marker is printed from two halves, so the environment `env` prints (which holds both halves) never contains
  // it whole. The paths travel as variables so no quoting differs between sh, zsh, fish and csh.
  const markA = `__SB_ENV_${randomBytes(8).toString('hex')}`;
  const markB = `${randomBytes(8).toString('hex')}__`;
  const marker = markA + markB;
  const command = 'printf "%s%s" "$SB_ENV_MARK_A" "$SB_ENV_MARK_B"; "$SB_ENV_PRINTER" -0 2>/dev/null || "$SB_ENV_PRINTER"; printf "%s%s" "$SB_ENV_MARK_A" "$SB_ENV_MARK_B"';
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: ShellEnvResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(shell, loginShellArgs(shell, command), {
        // Its own session: an interactive shell without a terminal must not stop on job control or grab ours.
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...baseEnv, SB_ENV_PRINTER: options.envPath ?? '/usr/bin/env', SB_ENV_MARK_A: markA, SB_ENV_MARK_B: markB },
      });
    } catch (cause) {
      resolve({ ok: false, shell, reason: `could not start ${shell}: ${cause instanceof Error ? cause.message : String(cause)}` });
      return;
    }
    const killGroup = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const timer = setTimeout(() => {
      killGroup();
      finish({ ok: false, shell, reason: `${shell} did not finish its startup files within ${Math.round((options.timeoutMs ?? 10_000) / 1000)} s` });
    }, options.timeoutMs ?? 10_000);
    const chunks: Buffer[] = [];
    let size = 0;
    const printed = (): Record<string, string> | undefined => {
      const env = parseMarkedEnv(Buffer.concat(chunks).toString('utf8'), marker);
      return env && env.PATH !== undefined ? env : undefined;
    };
    child.stdout?.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxOutputBytes) chunks.push(chunk);
      // Done as soon as the environment is out: a background job started by a startup file (`agent &`) can hold the
      // pipe open long after the shell exited, and waiting for it would end in the timeout. The job is left alone.
      const env = printed();
      if (env) finish({ ok: true, shell, env });
    });
    child.stderr?.resume();
    child.on('error', (cause) => finish({ ok: false, shell, reason: `could not start ${shell}: ${cause.message}` }));
    child.on('close', (code) => {
      const env = printed();
      if (env) finish({ ok: true, shell, env });
      else finish({ ok: false, shell, reason: `${shell} exited (code ${code ?? 'signal'}) without printing its environment` });
    });
  });
}

/** Folders where package managers put commands; appended to PATH when the login shell could not be read. */
export function wellKnownCommandDirs(platform: NodeJS.Platform, home: string): string[] {
  const common = [join(home, '.local', 'bin'), join(home, '.volta', 'bin'), join(home, '.cargo', 'bin'), join(home, '.bun', 'bin'), '/usr/local/bin'];
  return platform === 'darwin' ? ['/opt/homebrew/bin', ...common] : [...common, '/snap/bin'];
}

/** PATH plus the well-known folders that exist and are not on it yet. */
export function extendPath(pathValue: string | undefined, extra: string[], exists: (dir: string) => boolean = existsSync): string {
  const parts = (pathValue ?? '').split(delimiter).filter((part) => part.length > 0);
  for (const dir of extra) if (!parts.includes(dir) && exists(dir)) parts.push(dir);
  return parts.join(delimiter);
}

/** The environment launched servers start from: the login shell's when read, else ours with a widened PATH. */
export function buildBaseEnv(
  result: ShellEnvResult,
  processEnv: Record<string, string | undefined> = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): Record<string, string | undefined> {
  if (result.ok) return { ...result.env };
  if (platform === 'win32') return { ...processEnv };
  const env = { ...processEnv };
  for (const key of probeNoise) if (key !== 'PWD') delete env[key];
  env.PATH = extendPath(processEnv.PATH, wellKnownCommandDirs(platform, home));
  return env;
}
