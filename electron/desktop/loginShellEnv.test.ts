import { describe, expect, it } from 'vitest';
import { buildBaseEnv, extendPath, loginShellArgs, parseMarkedEnv, resolveLoginShellEnv, wellKnownCommandDirs } from './loginShellEnv.ts';

describe('login shell environment (pure parts)', () => {
  it('reads the environment `env -0` printed between the markers, whatever the startup files print around it', () => {
    const marker = '__SB_ENV_abc__';
    const printed = ['PATH=/home/u/.nvm/versions/node/v24/bin:/usr/bin', 'MULTI=line1\nline2', 'EQ=a=b', 'SB_ENV_MARK_A=__SB_ENV_a', 'SB_ENV_PRINTER=/usr/bin/env', ''].join('\0');
    const stdout = `Welcome to fish!\n${marker}${printed}${marker}\nbye`;
    expect(parseMarkedEnv(stdout, marker)).toEqual({ PATH: '/home/u/.nvm/versions/node/v24/bin:/usr/bin', MULTI: 'line1\nline2', EQ: 'a=b' });
    expect(parseMarkedEnv('no markers here', marker)).toBeUndefined();
    expect(parseMarkedEnv(`${marker}${marker}`, marker)).toBeUndefined();
  });

  it('reads an `env` without -0 line by line, a line without = continuing the previous value', () => {
    const marker = '__SB_ENV_abc__';
    expect(parseMarkedEnv(`${marker}PATH=/usr/bin\nMULTI=one\ntwo\nLANG=C\n${marker}`, marker)).toEqual({ PATH: '/usr/bin', MULTI: 'one\ntwo', LANG: 'C' });
  });

  it('asks login + interactive shells, and csh-family shells as interactive only', () => {
    expect(loginShellArgs('/bin/zsh', 'cmd')).toEqual(['-i', '-l', '-c', 'cmd']);
    expect(loginShellArgs('/usr/bin/fish', 'cmd')).toEqual(['-i', '-l', '-c', 'cmd']);
    expect(loginShellArgs('/bin/tcsh', 'cmd')).toEqual(['-i', '-c', 'cmd']);
  });

  it('uses the shell’s environment when it was read', () => {
    const base = buildBaseEnv({ ok: true, shell: '/bin/zsh', env: { PATH: '/opt/homebrew/bin:/usr/bin', HOME: '/Users/u' } }, { PATH: '/usr/bin:/bin' }, 'darwin', '/Users/u');
    expect(base).toEqual({ PATH: '/opt/homebrew/bin:/usr/bin', HOME: '/Users/u' });
  });

  it('otherwise widens PATH with the package managers’ folders that exist', () => {
    const exists = (dir: string) => dir === '/opt/homebrew/bin' || dir === '/Users/u/.local/bin';
    expect(extendPath('/usr/bin:/bin', wellKnownCommandDirs('darwin', '/Users/u'), exists)).toBe('/usr/bin:/bin:/opt/homebrew/bin:/Users/u/.local/bin');
    expect(extendPath('/opt/homebrew/bin:/usr/bin', ['/opt/homebrew/bin'], () => true)).toBe('/opt/homebrew/bin:/usr/bin');
    const fallback = buildBaseEnv({ ok: false, shell: '/bin/zsh', reason: 'timeout' }, { PATH: '/usr/bin', ELECTRON_RUN_AS_NODE: '1', LANG: 'en_US.UTF-8' }, 'linux', '/nonexistent-home');
    expect(fallback.LANG).toBe('en_US.UTF-8');
    expect(fallback.ELECTRON_RUN_AS_NODE).toBeUndefined();
    expect(fallback.PATH?.startsWith('/usr/bin')).toBe(true);
  });

  it('does not run a shell on Windows', async () => {
    expect(await resolveLoginShellEnv({ platform: 'win32' })).toEqual({ ok: false, shell: undefined, reason: 'not needed on Windows' });
  });
});
