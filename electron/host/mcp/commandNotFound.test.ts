import { describe, expect, it } from 'vitest';
import { commandNotFoundError, describeCommandNotFound, pathEntries } from './commandNotFound.ts';

describe('describeCommandNotFound', () => {
  it('names the command, the PATH searched, and how to get npx', () => {
    const report = describeCommandNotFound({ command: 'npx', searchedPath: '/usr/bin:/bin:/usr/bin:/usr/sbin', platform: 'darwin' });
    expect(report.message).toContain('"npx"');
    expect(report.message).toContain('3 folders');
    expect(report.searched).toEqual(['/usr/bin', '/bin', '/usr/sbin']);
    expect(report.hints.join('\n')).toMatch(/Install Node\.js/);
    expect(report.hints.join('\n')).toMatch(/nvm, fnm or volta/);
    expect(report.hints.join('\n')).toContain('`command -v npx`');
  });

  it('gives tool-specific advice for uvx and docker, and Windows advice on Windows', () => {
    expect(describeCommandNotFound({ command: 'uvx', searchedPath: '/usr/bin', platform: 'linux' }).hints[0]).toMatch(/Install uv/);
    expect(describeCommandNotFound({ command: 'docker', searchedPath: '/usr/bin', platform: 'linux' }).hints[0]).toMatch(/Docker/);
    const windows = describeCommandNotFound({ command: 'npx.cmd', searchedPath: 'C:\\Windows;C:\\Windows\\System32', platform: 'win32' });
    expect(windows.searched).toEqual(['C:\\Windows', 'C:\\Windows\\System32']);
    expect(windows.hints.join('\n')).toContain('`where npx`');
    expect(windows.hints.join('\n')).toMatch(/\.cmd scripts/);
  });

  it('explains a path that does not exist instead of blaming PATH', () => {
    const report = describeCommandNotFound({ command: './bin/server', searchedPath: '/usr/bin', platform: 'linux', cwd: '/home/u/project' });
    expect(report.message).toContain('/home/u/project/bin/server');
    expect(report.hints.join('\n')).toMatch(/working directory/);
  });

  it('says so when the login shell could not be read, and when PATH is empty', () => {
    const report = describeCommandNotFound({ command: 'npx', searchedPath: '', platform: 'linux', loginShellProblem: '/bin/zsh did not finish its startup files within 10 s' });
    expect(report.message).toMatch(/PATH Switchboard searched is empty/);
    expect(report.hints.at(-1)).toMatch(/could not read your login shell's environment \(\/bin\/zsh did not finish/);
  });

  it('packs everything into a command_not_found AppError on the command field', () => {
    const error = commandNotFoundError({ command: 'uvx', searchedPath: '/usr/bin:/bin', platform: 'linux' });
    expect(error).toMatchObject({ code: 'command_not_found', field: 'command' });
    expect(error.detail).toContain('Searched PATH:\n  /usr/bin\n  /bin');
    expect(error.detail).toContain('What to try:');
    expect(pathEntries(undefined, 'linux')).toEqual([]);
  });

  it('carries the headline and each hint as codes with parameters, for the renderer to translate', () => {
    const error = commandNotFoundError({ command: 'uvx', searchedPath: '/usr/bin:/bin', platform: 'linux' });
    expect(error.text).toEqual({ code: 'cnf.notInPath', params: { command: 'uvx', folders: 2 } });
    expect(error.hints).toEqual([{ code: 'cnf.hint.uv' }, { code: 'cnf.hint.fullPath', params: { lookup: 'command -v uvx' } }]);
    expect(error.searched).toEqual(['/usr/bin', '/bin']);
  });
});
