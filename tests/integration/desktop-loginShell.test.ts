/** The login-shell probe against a real bash with its own startup files, as a GUI-launched app would run it. */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commandNotFoundError } from '../../electron/host/mcp/commandNotFound.ts';
import { buildBaseEnv, resolveLoginShellEnv } from '../../electron/desktop/loginShellEnv.ts';

const homes: string[] = [];
function fakeHome(profile: string): string {
  const home = mkdtempSync(join(tmpdir(), 'sb-shell-'));
  homes.push(home);
  writeFileSync(join(home, '.bash_profile'), profile);
  return home;
}
afterEach(() => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
});

function pidsWithArg(arg: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').includes(arg);
      } catch {
        return false;
      }
    })
    .map(Number);
}

function processesWithArg(arg: string): number {
  return pidsWithArg(arg).length;
}

describe('resolveLoginShellEnv with a real bash', () => {
  it('finds what the user’s profile puts on PATH (an nvm-style tools folder), despite noise on stdout', async () => {
    const home = fakeHome('echo "Welcome back!"\nexport PATH="$HOME/.nvm/versions/node/v24/bin:$PATH"\nexport FROM_PROFILE="line one\nline two"\n');
    const tools = join(home, '.nvm', 'versions', 'node', 'v24', 'bin');
    mkdirSync(tools, { recursive: true });
    writeFileSync(join(tools, 'npx'), '#!/bin/sh\necho npx\n');
    chmodSync(join(tools, 'npx'), 0o755);
    // What a GUI launch gives: a bare PATH.
    const result = await resolveLoginShellEnv({ shell: '/bin/bash', env: { HOME: home, PATH: '/usr/bin:/bin', USER: 'u' }, timeoutMs: 20_000 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.env.PATH?.split(':')[0]).toBe(tools);
    expect(result.env.FROM_PROFILE).toBe('line one\nline two');
    expect(result.env.SB_ENV_PROGRAM).toBeUndefined();
    expect(result.env.ELECTRON_RUN_AS_NODE).toBeUndefined();
    expect(buildBaseEnv(result).PATH).toBe(result.env.PATH);
  });

  it('reads the environment at once when a startup file leaves a background job holding the output open', async () => {
    // e.g. `some-agent &` in a profile: the shell has printed everything and exited, but its output pipe stays open.
    const home = fakeHome('export PATH="$HOME/bin:$PATH"\nsleep 27.1828 &\n');
    const started = Date.now();
    const result = await resolveLoginShellEnv({ shell: '/bin/bash', env: { HOME: home, PATH: '/usr/bin:/bin' }, timeoutMs: 15_000 });
    try {
      expect(result).toMatchObject({ ok: true });
      expect(result.ok && result.env.PATH?.split(':')[0]).toBe(join(home, 'bin'));
      // Well before the timeout: the answer did not wait for the background job.
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      for (const pid of pidsWithArg('27.1828')) process.kill(pid, 'SIGKILL');
    }
  });

  it('gives up on startup files that hang, kills them, and says why (used in the command-not-found message)', async () => {
    const home = fakeHome('sleep 31.4159\n');
    const result = await resolveLoginShellEnv({ shell: '/bin/bash', env: { HOME: home, PATH: '/usr/bin:/bin' }, timeoutMs: 500 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.reason).toMatch(/did not finish its startup files/);
    // The whole process group is killed: no sleeping leftover.
    for (let i = 0; i < 50 && processesWithArg('31.4159') > 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(processesWithArg('31.4159')).toBe(0);
    const error = commandNotFoundError({ command: 'npx', searchedPath: '/usr/bin:/bin', platform: 'linux', loginShellProblem: result.reason });
    expect(error.detail).toContain('could not read your login shell');
  });

  it('reports a shell that does not exist instead of failing', async () => {
    const result = await resolveLoginShellEnv({ shell: '/nonexistent/zsh', env: { PATH: '/usr/bin' }, timeoutMs: 5_000 });
    expect(result).toMatchObject({ ok: false, shell: '/nonexistent/zsh' });
    expect(result.ok ? '' : result.reason).toContain('/nonexistent/zsh');
  });
});
