/** The one app window: locked-down web preferences, remembered bounds, shown once painted. */
import { BrowserWindow, screen } from 'electron';
import { join } from 'node:path';
import { fitToDisplays, loadWindowState, minimumSize, saveWindowState, type WindowState } from './windowState.ts';

/** Where the window gets its page and remembers its bounds. */
export interface MainWindowOptions {
  entryUrl: string;
  preloadPath: string;
  /** Folder for window-state.json (userData). */
  dataDir: string;
  /** Window icon for Linux/Windows (macOS uses the bundle's icon). */
  iconPath?: string;
  /** Called once the first paint is ready (used by `npm start` to know Electron really started). */
  onReady?: () => void;
}

/** Creates, positions and loads the main window. */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const statePath = join(options.dataDir, 'window-state.json');
  const placed = fitToDisplays(
    loadWindowState(statePath),
    [screen.getPrimaryDisplay(), ...screen.getAllDisplays()].map((display) => display.workArea),
  );
  const window = new BrowserWindow({
    ...placed.bounds,
    minWidth: minimumSize.width,
    minHeight: minimumSize.height,
    show: false,
    title: 'Switchboard',
    backgroundColor: '#111418',
    ...(options.iconPath ? { icon: options.iconPath } : {}),
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      // Middle-click must not open new windows either (window.open is already refused).
      disableBlinkFeatures: 'Auxclick',
      spellcheck: true,
    },
  });

  const remember = () => {
    if (window.isDestroyed()) return;
    const state: WindowState = { bounds: window.getNormalBounds(), maximized: window.isMaximized() };
    saveWindowState(statePath, state);
  };
  let pending: NodeJS.Timeout | undefined;
  // Saved shortly after moves and resizes too, so a crash or a killed process still remembers the last position.
  const rememberSoon = () => {
    clearTimeout(pending);
    pending = setTimeout(remember, 500);
  };
  window.on('resize', rememberSoon);
  window.on('move', rememberSoon);
  window.on('close', () => {
    clearTimeout(pending);
    remember();
  });

  window.once('ready-to-show', () => {
    if (placed.maximized) window.maximize();
    window.show();
    options.onReady?.();
  });
  window.loadURL(options.entryUrl).catch(() => {
    // A failed load still shows the window (blank) rather than leaving an invisible process.
    window.show();
  });
  return window;
}
