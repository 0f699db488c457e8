/** The application menu: platform conventions, the usual edit/view/window shortcuts, plus New chat and Settings. */
import type { MenuItemConstructorOptions } from 'electron';

/** What the menu's own items do; main.ts wires them to the host and shell. */
export interface MenuActions {
  newChat(): void;
  openSettings(): void;
  showDataFolder(): void;
  showLogsFolder(): void;
}

/** Builds the menu template; `devTools` adds the developer tools item (unpackaged builds only). */
export function buildMenuTemplate(platform: NodeJS.Platform, actions: MenuActions, options: { devTools: boolean }): MenuItemConstructorOptions[] {
  const isMac = platform === 'darwin';
  const settings: MenuItemConstructorOptions = { label: isMac ? 'Settings…' : 'Settings', accelerator: 'CmdOrCtrl+,', click: () => actions.openSettings() };
  const newChat: MenuItemConstructorOptions = { label: 'New Chat', accelerator: 'CmdOrCtrl+N', click: () => actions.newChat() };

  const appMenu: MenuItemConstructorOptions[] = isMac
    ? [
        {
          label: 'Switchboard',
          submenu: [
            { role: 'about' },
            { type: 'separator' },
            settings,
            { type: 'separator' },
            { role: 'services' },
            { type: 'separator' },
            { role: 'hide' },
            { role: 'hideOthers' },
            { role: 'unhide' },
            { type: 'separator' },
            { role: 'quit' },
          ],
        },
      ]
    : [];

  const fileMenu: MenuItemConstructorOptions = {
    label: 'File',
    submenu: isMac ? [newChat, { type: 'separator' }, { role: 'close' }] : [newChat, { type: 'separator' }, settings, { type: 'separator' }, { role: 'quit' }],
  };

  const editMenu: MenuItemConstructorOptions = {
    label: 'Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      ...(isMac ? [{ role: 'pasteAndMatchStyle' } as const] : []),
      { role: 'delete' },
      { type: 'separator' },
      { role: 'selectAll' },
    ],
  };

  const viewMenu: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      { role: 'reload' },
      ...(options.devTools ? [{ role: 'toggleDevTools' } as const] : []),
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };

  const windowMenu: MenuItemConstructorOptions = {
    label: 'Window',
    submenu: isMac ? [{ role: 'minimize' }, { role: 'zoom' }, { type: 'separator' }, { role: 'front' }] : [{ role: 'minimize' }, { role: 'close' }],
  };

  const helpMenu: MenuItemConstructorOptions = {
    role: 'help',
    submenu: [
      { label: 'Show Data Folder', click: () => actions.showDataFolder() },
      { label: 'Show Logs Folder', click: () => actions.showLogsFolder() },
    ],
  };

  return [...appMenu, fileMenu, editMenu, viewMenu, windowMenu, helpMenu];
}
