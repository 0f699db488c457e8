import { describe, expect, it } from 'vitest';
import { defaultDataDir } from './dataDir.ts';

describe('defaultDataDir', () => {
  it('uses the desktop app folder of each OS', () => {
    expect(defaultDataDir('linux', {}, '/home/ana')).toBe('/home/ana/.config/Switchboard');
    expect(defaultDataDir('linux', { XDG_CONFIG_HOME: '/xdg' }, '/home/ana')).toBe('/xdg/Switchboard');
    expect(defaultDataDir('darwin', {}, '/Users/ana')).toBe('/Users/ana/Library/Application Support/Switchboard');
    expect(defaultDataDir('win32', { APPDATA: 'C:/Users/ana/AppData/Roaming' }, 'C:/Users/ana')).toContain('Roaming');
  });
});
