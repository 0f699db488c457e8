import { describe, expect, it } from 'vitest';
import { afterElectronExit, browserOpener, fallbackLine, planLaunch, probeElectron, shouldDownloadElectron, type ElectronProbe } from './startDecision.ts';

const dir = '/repo/node_modules/electron';
const found: ElectronProbe = { found: true, binary: `${dir}/dist/electron` };
const display = { DISPLAY: ':0' };

describe('npm start: probing Electron', () => {
  it('finds the binary where electron’s installer puts it, per platform', () => {
    const present = new Set([`${dir}/package.json`, `${dir}/dist/electron`, `${dir}/dist/Electron.app/Contents/MacOS/Electron`]);
    expect(probeElectron(dir, 'linux', {}, (path) => present.has(path))).toEqual(found);
    expect(probeElectron(dir, 'darwin', {}, (path) => present.has(path))).toEqual({ found: true, binary: `${dir}/dist/Electron.app/Contents/MacOS/Electron` });
    expect(probeElectron(dir, 'linux', { ELECTRON_OVERRIDE_DIST_PATH: '/opt/electron' }, (path) => path === `${dir}/package.json` || path === '/opt/electron/electron')).toEqual({ found: true, binary: '/opt/electron/electron' });
  });

  it('says what is missing: the binary (downloadable) or the package (npm install)', () => {
    const noBinary = probeElectron(dir, 'linux', {}, (path) => path.endsWith('package.json'));
    expect(noBinary).toMatchObject({ found: false, reason: expect.stringContaining('not downloaded') as unknown });
    expect(shouldDownloadElectron(noBinary, { args: [], env: {} })).toBe(true);
    expect(shouldDownloadElectron(noBinary, { args: ['--web'], env: {} })).toBe(false);
    expect(shouldDownloadElectron(noBinary, { args: [], env: { SWITCHBOARD_NO_ELECTRON_DOWNLOAD: '1' } })).toBe(false);
    const noPackage = probeElectron(dir, 'linux', {}, () => false);
    expect(noPackage).toMatchObject({ found: false, reason: expect.stringContaining('npm install') as unknown });
    expect(shouldDownloadElectron(noPackage, { args: [], env: {} })).toBe(false);
  });
});

describe('npm start: choosing desktop or web mode', () => {
  it('launches Electron when the binary exists and a display does', () => {
    expect(planLaunch({ args: [], env: display, platform: 'linux', electron: found })).toEqual({ mode: 'electron', binary: found.binary });
    expect(planLaunch({ args: [], env: {}, platform: 'darwin', electron: found })).toEqual({ mode: 'electron', binary: found.binary });
  });

  it('falls back to web mode, with the reason, when the binary is missing or Linux has no display', () => {
    expect(planLaunch({ args: [], env: display, platform: 'linux', electron: { found: false, reason: 'the Electron binary is not downloaded' } })).toEqual({
      mode: 'web',
      reason: 'the Electron binary is not downloaded',
      requested: false,
    });
    expect(planLaunch({ args: [], env: {}, platform: 'linux', electron: found })).toMatchObject({ mode: 'web', reason: expect.stringContaining('no graphical display') as unknown });
    expect(planLaunch({ args: [], env: { WAYLAND_DISPLAY: 'wayland-0' }, platform: 'linux', electron: found }).mode).toBe('electron');
  });

  it('uses web mode when asked, without calling it a failure', () => {
    expect(planLaunch({ args: ['--web'], env: display, platform: 'linux', electron: found })).toMatchObject({ mode: 'web', requested: true });
    expect(planLaunch({ args: [], env: { ...display, SWITCHBOARD_WEB: '1' }, platform: 'linux', electron: found })).toMatchObject({ mode: 'web', requested: true });
  });

  it('treats an Electron that exits before its window is ready as failing to start, and a ready one as a normal end', () => {
    expect(afterElectronExit({ ready: false, exitCode: 1, signal: null, lastStderrLine: 'Running as root without --no-sandbox is not supported.' })).toEqual({
      fallback: true,
      reason: 'Electron exited with code 1 before opening its window: Running as root without --no-sandbox is not supported.',
    });
    expect(afterElectronExit({ spawnError: 'EACCES', ready: false, exitCode: null, signal: null })).toMatchObject({ fallback: true });
    expect(afterElectronExit({ ready: false, exitCode: null, signal: 'SIGSEGV' })).toMatchObject({ fallback: true, reason: expect.stringContaining('SIGSEGV') as unknown });
    expect(afterElectronExit({ ready: true, exitCode: 0, signal: null })).toEqual({ fallback: false, exitCode: 0 });
  });

  it('explains the fallback in one line', () => {
    const line = fallbackLine('the Electron binary is not downloaded');
    expect(line.split('\n')).toHaveLength(1);
    expect(line).toContain('web mode');
  });

  it('opens a browser only where one can be shown', () => {
    const url = 'http://127.0.0.1:4321/?token=abc';
    expect(browserOpener('linux', display, url)).toEqual(['xdg-open', [url]]);
    expect(browserOpener('linux', {}, url)).toBeUndefined();
    expect(browserOpener('darwin', { CI: 'true' }, url)).toBeUndefined();
    expect(browserOpener('darwin', {}, url)).toEqual(['open', [url]]);
    expect(browserOpener('win32', {}, 'http://x/?a=1&b=2')).toEqual(['cmd', ['/c', 'start', '""', 'http://x/?a=1^&b=2']]);
  });
});
