/**
 * A stand-in for the `electron` module, recording what the built main bundle does with it, so the composition root
 * can run on plain Node where the Electron binary cannot be downloaded. Used by desktop-mainHarness.ts only.
 */
import { join } from 'node:path';

type Listener = (...args: unknown[]) => unknown;

/** What the main bundle did, for the test to inspect. */
export interface Recorder {
  appListeners: Map<string, Listener[]>;
  privilegedSchemes: unknown[];
  protocolHandlers: Map<string, (request: Request) => Response | Promise<Response>>;
  ipcHandlers: Map<string, Listener>;
  windows: FakeWindow[];
  sent: { channel: string; args: unknown[] }[];
  opened: string[];
  permissionRequest?: Listener;
  permissionCheck?: Listener;
  menuTemplate: unknown;
  sandboxEnabled: boolean;
  quitCalls: number;
  quitPrevented: number;
  quit?: () => void;
}

/** A webContents: its frame, its listeners, the events sent to it. */
export class FakeWebContents {
  static nextId = 1;
  readonly id = FakeWebContents.nextId++;
  readonly listeners = new Map<string, Listener[]>();
  windowOpenHandler?: (details: { url: string }) => { action: string };
  readonly mainFrame = { processId: 4, routingId: this.id, parent: null, url: '' };
  private readonly recorder: Recorder;
  constructor(recorder: Recorder) {
    this.recorder = recorder;
  }
  isDestroyed(): boolean {
    return false;
  }
  send(channel: string, ...args: unknown[]): void {
    this.recorder.sent.push({ channel, args });
  }
  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
}

/** A BrowserWindow that shows itself at once. */
export class FakeWindow {
  readonly options: Record<string, unknown>;
  readonly webContents: FakeWebContents;
  readonly onceListeners = new Map<string, Listener>();
  constructor(options: Record<string, unknown>, recorder: Recorder) {
    this.options = options;
    this.webContents = new FakeWebContents(recorder);
    recorder.windows.push(this);
    for (const listener of recorder.appListeners.get('web-contents-created') ?? []) listener({}, this.webContents);
  }
  on(): this {
    return this;
  }
  once(event: string, listener: Listener): this {
    this.onceListeners.set(event, listener);
    return this;
  }
  loadURL(url: string): Promise<void> {
    this.webContents.mainFrame.url = url;
    setImmediate(() => this.onceListeners.get('ready-to-show')?.());
    return Promise.resolve();
  }
  isDestroyed = () => false;
  isMinimized = () => false;
  isMaximized = () => false;
  getNormalBounds = () => ({ x: 0, y: 0, width: 1200, height: 800 });
  show = () => {};
  maximize = () => {};
  restore = () => {};
  focus = () => {};
}

/** Builds the fake module and its recorder; `appRoot` plays the packaged app folder, `userData` the profile folder. */
export function createFakeElectron(appRoot: string, userData: string): { module: Record<string, unknown>; recorder: Recorder } {
  const recorder: Recorder = {
    appListeners: new Map(),
    privilegedSchemes: [],
    protocolHandlers: new Map(),
    ipcHandlers: new Map(),
    windows: [],
    sent: [],
    opened: [],
    menuTemplate: undefined,
    sandboxEnabled: false,
    quitCalls: 0,
    quitPrevented: 0,
  };
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of recorder.appListeners.get(event) ?? []) listener(...args);
  };
  const workArea = { x: 0, y: 0, width: 1920, height: 1080 };
  class BrowserWindow extends FakeWindow {
    constructor(options: Record<string, unknown>) {
      super(options, recorder);
    }
  }
  const app = {
    getAppPath: () => appRoot,
    getPath: (name: string) => join(userData, name),
    getVersion: () => '0.0.0',
    isPackaged: false,
    enableSandbox: () => {
      recorder.sandboxEnabled = true;
    },
    requestSingleInstanceLock: () => true,
    whenReady: () => Promise.resolve(),
    on: (event: string, listener: Listener) => {
      recorder.appListeners.set(event, [...(recorder.appListeners.get(event) ?? []), listener]);
      return app;
    },
    quit: () => {
      recorder.quitCalls += 1;
      let prevented = false;
      emit('before-quit', { preventDefault: () => (prevented = true) });
      if (prevented) recorder.quitPrevented += 1;
      else recorder.quit?.();
    },
    exit: (code: number) => process.exit(code),
  };
  const module: Record<string, unknown> = {
    app,
    BrowserWindow,
    Menu: { buildFromTemplate: (template: unknown) => template, setApplicationMenu: (menu: unknown) => (recorder.menuTemplate = menu) },
    ipcMain: { handle: (channel: string, handler: Listener) => recorder.ipcHandlers.set(channel, handler) },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown[]) => recorder.privilegedSchemes.push(...schemes),
      handle: (scheme: string, handler: (request: Request) => Response | Promise<Response>) => recorder.protocolHandlers.set(scheme, handler),
    },
    // A Linux desktop without a keyring: Electron would fall back to a hard-coded key.
    safeStorage: {
      isEncryptionAvailable: () => true,
      getSelectedStorageBackend: () => 'basic_text',
      encryptString: () => {
        throw new Error('not in this test');
      },
      decryptString: () => {
        throw new Error('not in this test');
      },
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (handler: Listener) => (recorder.permissionRequest = handler),
        setPermissionCheckHandler: (handler: Listener) => (recorder.permissionCheck = handler),
      },
    },
    shell: {
      openExternal: (url: string) => {
        recorder.opened.push(url);
        return Promise.resolve();
      },
      openPath: () => Promise.resolve(''),
    },
    screen: { getPrimaryDisplay: () => ({ workArea }), getAllDisplays: () => [{ workArea }] },
  };
  return { module, recorder };
}
