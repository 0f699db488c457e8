/** Electron composition root: app lifecycle, the locked-down window, and the host core wired to IPC. */
import { app, BrowserWindow, dialog, Menu, Notification, ipcMain, protocol, safeStorage, session, shell } from 'electron';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHost, type Host } from './host/createHost.ts';
import type { HostEnvironment } from './host/environment.ts';
import { APP_ENTRY_URL } from './desktop/appAssets.ts';
import { registerAppScheme, serveRenderer } from './desktop/appProtocol.ts';
import { appSandboxUrl, serveAppSandbox } from './desktop/appSandboxProtocol.ts';
import { chooseSecretStore } from './desktop/chooseSecretStore.ts';
import { createFileLogger } from './desktop/fileLogger.ts';
import { bridgeHostToIpc, sendHostEvent } from './desktop/ipcBridge.ts';
import { buildBaseEnv, resolveLoginShellEnv, type ShellEnvResult } from './desktop/loginShellEnv.ts';
import { createMainWindow } from './desktop/mainWindow.ts';
import { buildMenuTemplate } from './desktop/menu.ts';
import { decideNavigation, decideWindowOpen, isExternalWebUrl } from './desktop/navigationPolicy.ts';
import { isPermissionGranted } from './desktop/permissions.ts';
import { createQuitCoordinator } from './desktop/quitCoordinator.ts';
import type { TrustedPage } from './desktop/senderCheck.ts';
import { BundleOpener, bundlePathsIn } from './desktop/bundleOpener.ts';
import { electronNotifier, watchAttention } from './desktop/attentionNotifications.ts';
import { filePicker, folderPicker } from './desktop/folderPicker.ts';

// Before `ready`: app:// must be a privileged scheme, and every renderer sandboxed whatever its options say.
registerAppScheme(protocol);
app.enableSandbox();

const appRoot = app.getAppPath();
const page: TrustedPage = { webContentsId: undefined, entryUrl: APP_ENTRY_URL };
let mainWindow: BrowserWindow | undefined;
// .mcpb files the OS opens with the app (fileAssociations in electron-builder.yml). macOS may send open-file before
// `ready`, so the listener is added at load; the window gets them once it has loaded the app.
const bundleFiles = new BundleOpener((path) => {
  showWindow();
  sendHostEvent(mainWindow?.webContents, 'bundles.opened', { path });
});
app.on('open-file', (event, path) => {
  if (bundlePathsIn([path]).length === 0) return;
  event.preventDefault();
  bundleFiles.open(path);
});
for (const path of bundlePathsIn(process.argv.slice(1))) bundleFiles.open(path);

function appVersion(): string {
  try {
    const parsed = JSON.parse(readFileSync(join(appRoot, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof parsed.version === 'string' ? parsed.version : app.getVersion();
  } catch {
    return app.getVersion();
  }
}

/** Opens only http(s) URLs, and only in the system browser. */
async function openInBrowser(url: string): Promise<void> {
  if (isExternalWebUrl(url)) await shell.openExternal(url);
}

function showWindow(): void {
  if (!mainWindow || mainWindow.isDestroyed()) {
    openWindow();
    return;
  }
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.focus();
}

function openWindow(): void {
  mainWindow = createMainWindow({
    entryUrl: APP_ENTRY_URL,
    preloadPath: join(appRoot, 'dist', 'electron', 'preload.cjs'),
    dataDir: app.getPath('userData'),
    iconPath: join(appRoot, 'dist', 'electron', 'icon.png'),
    // `npm start` waits for this line to know Electron really started (else it falls back to web mode).
    onReady: () => {
      if (process.env.SWITCHBOARD_REPORT_READY === '1') process.stdout.write('switchboard:ready\n');
      bundleFiles.windowReady();
    },
  });
  page.webContentsId = mainWindow.webContents.id;
  mainWindow.on('closed', () => {
    mainWindow = undefined;
    page.webContentsId = undefined;
  });
}

async function main(): Promise<void> {
  // Read while Electron boots: servers need the terminal's PATH (npx, uvx, docker, nvm's node), a GUI app lacks it.
  const shellEnv: Promise<ShellEnvResult> = resolveLoginShellEnv();
  await app.whenReady();

  const dataDir = app.getPath('userData');
  const logger = createFileLogger(app.getPath('logs'), { mirrorToStderr: !app.isPackaged });
  const secrets = chooseSecretStore(
    dataDir,
    { safeStorage, platform: process.platform, ...(process.platform === 'linux' ? { linuxBackend: safeStorage.getSelectedStorageBackend() } : {}) },
    logger,
  );

  serveRenderer(protocol, join(appRoot, 'dist', 'renderer'), logger);
  serveAppSandbox(protocol);
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(isPermissionGranted(permission, details.requestingUrl, page.entryUrl));
  });
  session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin) => isPermissionGranted(permission, requestingOrigin, page.entryUrl));

  const host: Promise<Host> = shellEnv.then((resolved) => {
    if (!resolved.ok) logger.warn('shell env: using the PATH Switchboard was started with', { reason: resolved.reason });
    const env: HostEnvironment = {
      mode: 'desktop',
      dataDir,
      secrets: secrets.store,
      logger,
      openExternal: openInBrowser,
      pickFolder: folderPicker(dialog, () => mainWindow),
      pickFiles: filePicker(dialog, () => mainWindow),
      baseEnv: buildBaseEnv(resolved),
      notices: secrets.notice ? [secrets.notice] : [],
      version: appVersion(),
      appSandboxUrl,
    };
    return createHost(env);
  });
  bridgeHostToIpc({ ipcMain, host, page, contents: () => mainWindow?.webContents, logger });
  host.then(
    (running) => running.start().catch((cause: unknown) => logger.error('host: starting servers failed', { cause: String(cause) })),
    () => {}, // Reported by the bridge, which answers every call with the failure.
  );

  // Decisions waiting while the window is in the background: an OS notification whose click opens the chat, written
  // in the app's language (the setting, or the system's), which the main process reads from the host.
  host.then(
    async (running) => {
      const settings = await running.api['settings.get']({});
      watchAttention({
        subscribe: (listener) => running.events.subscribe(listener),
        isFocused: () => mainWindow?.isFocused() === true,
        notify: electronNotifier(Notification),
        open: (target) => {
          showWindow();
          sendHostEvent(mainWindow?.webContents, 'app.command', { command: 'open_chat', ...target });
        },
        ...(settings.ok ? { language: settings.value.language } : {}),
        systemLocale: () => app.getLocale(),
      });
    },
    () => {},
  );

  const command = (name: 'new_chat' | 'open_settings') => {
    showWindow();
    sendHostEvent(mainWindow?.webContents, 'app.command', { command: name });
  };
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate(
        process.platform,
        {
          newChat: () => command('new_chat'),
          openSettings: () => command('open_settings'),
          showDataFolder: () => void shell.openPath(dataDir),
          showLogsFolder: () => void shell.openPath(app.getPath('logs')),
        },
        { devTools: !app.isPackaged },
      ),
    ),
  );

  const quit = createQuitCoordinator({
    shutdown: async () => (await host).shutdown(),
    quit: () => app.quit(),
    timeoutMs: 10_000,
    onError: (cause) => logger.error('host: shutdown failed', { cause: String(cause) }),
  });
  app.on('before-quit', (event) => {
    if (quit.shouldPreventQuit()) event.preventDefault();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.quit());

  openWindow();
  app.on('second-instance', (_event, argv) => {
    showWindow();
    for (const path of bundlePathsIn(argv.slice(1))) bundleFiles.open(path);
  });
  app.on('activate', showWindow);
  app.on('window-all-closed', () => {
    // macOS apps stay running without windows (servers keep their state); elsewhere closing the window quits.
    if (process.platform !== 'darwin') app.quit();
  });
}

// Every webContents, present and future: no webviews, no new windows, no navigation away from the app.
app.on('web-contents-created', (_event, contents) => {
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (decideWindowOpen(url) === 'open_external') void openInBrowser(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event) => {
    const decision = decideNavigation(event.url, page.entryUrl);
    if (decision === 'allow') return;
    event.preventDefault();
    if (decision === 'open_external') void openInBrowser(event.url);
  });
});

if (!app.requestSingleInstanceLock()) {
  // Another Switchboard already runs; it was told (second-instance) and shows its window.
  app.quit();
} else {
  main().catch((cause: unknown) => {
    process.stderr.write(`Switchboard failed to start: ${cause instanceof Error ? (cause.stack ?? cause.message) : String(cause)}\n`);
    app.exit(1);
  });
}
