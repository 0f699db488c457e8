import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { buildMenuTemplate } from './menu.ts';

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])]);
}

const actions = () => ({ newChat: vi.fn(), openSettings: vi.fn(), showDataFolder: vi.fn(), showLogsFolder: vi.fn() });

describe('application menu', () => {
  it.each(['darwin', 'linux', 'win32'] as const)('on %s has New Chat (Ctrl/Cmd+N) and Settings (Ctrl/Cmd+,) wired to their actions', (platform) => {
    const wired = actions();
    const items = flatten(buildMenuTemplate(platform, wired, { devTools: false }));
    const newChat = items.find((item) => item.label === 'New Chat');
    const settings = items.find((item) => item.label?.startsWith('Settings'));
    expect(newChat?.accelerator).toBe('CmdOrCtrl+N');
    expect(settings?.accelerator).toBe('CmdOrCtrl+,');
    (newChat?.click as () => void)();
    (settings?.click as () => void)();
    expect(wired.newChat).toHaveBeenCalledOnce();
    expect(wired.openSettings).toHaveBeenCalledOnce();
  });

  it('has the usual edit shortcuts (as roles) and quit, and developer tools only when asked', () => {
    const roles = (devTools: boolean, platform: NodeJS.Platform) => flatten(buildMenuTemplate(platform, actions(), { devTools })).map((item) => item.role);
    expect(roles(false, 'linux')).toEqual(expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll', 'quit', 'zoomIn', 'togglefullscreen']));
    expect(roles(false, 'darwin')).toEqual(expect.arrayContaining(['about', 'hide', 'quit', 'front']));
    expect(roles(false, 'linux')).not.toContain('toggleDevTools');
    expect(roles(true, 'linux')).toContain('toggleDevTools');
  });

  it('puts Settings in the app menu on macOS and in File elsewhere', () => {
    const mac = buildMenuTemplate('darwin', actions(), { devTools: false });
    const linux = buildMenuTemplate('linux', actions(), { devTools: false });
    expect(mac[0]?.label).toBe('Switchboard');
    expect(flatten([mac[0] as MenuItemConstructorOptions]).some((item) => item.label === 'Settings…')).toBe(true);
    expect(linux[0]?.label).toBe('File');
    expect(flatten([linux[0] as MenuItemConstructorOptions]).some((item) => item.label === 'Settings')).toBe(true);
  });
});
