/**
 * Reads the user's login-shell environment once at startup (macOS/Linux), so servers launched with npx, uvx, docker or
 * an nvm/fnm/volta Node are found as in a terminal. A GUI app otherwise inherits only the session's minimal PATH.
 * No electron import: the program that prints the environment runs on process.execPath (Electron as Node, or Node).
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
  /** A Node-compatible executable for the printing program; defaults to process.execPath. */
  nodePath?: string;
}

/** Variables that describe the probe itself, not the user's environment. */
const probeNoise = ['SB_ENV_NODE', 'SB_ENV_PROGRAM', 'SB_ENV_MARKER', 'ELECTRON_RUN_AS_NODE', 'ELECTRON_NO_ATTACH_CONSOLE', 'SHLVL', '_', 'PWD', 'OLDPWD'];
const maxOutputBytes = 8 * 1024 * 1024;

/** Arguments that make `shell` read its login and interactive startup files, then run `command`. */
export function loginShellArgs(shell: string, command: string): string[] {
  const name = basename(shell);
  // tcsh/csh accept -l only as the sole flag, so they are asked as interactive shells (which read ~/.cshrc/.tcshrc).
  if (name === 'tcsh' || name === 'csh') return ['-i', '-c', command];
  return ['-i', '-l', '-c', command];
}

/** Extracts the JSON environment printed between two markers; startup files may print anything around it. */
export function parseMarkedEnv(stdout: string, marker: string): Record<string, string> | undefined {
  const start = stdout.indexOf(marker);
  const end = start < 0 ? -1 : stdout.indexOf(marker, start + marker.length);
  if (start < 0 || end < 0) return undefined;
  try {
    const parsed: unknown = JSON.parse(stdout.slice(start + marker.length, end));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries(parsed)) {
      if (typeof value === 'string' && !probeNoise.includes(key)) env[key] = value;
    }
    return env;
  } catch {
    return undefined;
  }
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
  const marker = `__SB_ENV_${randomBytes(8).toString('hex')}__`;
  // The program and paths travel as variables so no quoting differs between sh, zsh, fish and csh.
  // The probe's own variables are dropped before printing: the marker's value must not appear inside the JSON.
  const program =
    'const e={...process.env},m=e.SB_ENV_MARKER;' +
    "for(const k of ['SB_ENV_MARKER','SB_ENV_PROGRAM','SB_ENV_NODE','ELECTRON_RUN_AS_NODE'])delete e[k];" +
    'process.stdout.write(m+JSON.stringify(e)+m)';
  const command = '"$SB_ENV_NODE" -e "$SB_ENV_PROGRAM"';
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
        env: { ...baseEnv, SB_ENV_NODE: options.nodePath ?? process.execPath, SB_ENV_PROGRAM: program, SB_ENV_MARKER: marker, ELECTRON_RUN_AS_NODE: '1' },
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
