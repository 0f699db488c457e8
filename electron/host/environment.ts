/** What differs per environment (desktop, web mode, tests), handed to the host core as parameters. */

/** Where secrets live: the OS keychain through Electron's safeStorage, or a 0600 file. */
export interface SecretStore {
  readonly kind: 'keychain' | 'file';
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
}

/** A minimal structured logger; never given secrets. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** Everything the host core needs from its surroundings. */
export interface HostEnvironment {
  mode: 'desktop' | 'web';
  /** Folder for servers.json, history.db, settings, caches. Created if missing. */
  dataDir: string;
  secrets: SecretStore;
  logger: Logger;
  /** Opens a URL in the user's browser (desktop: system browser; web mode: the renderer opens a tab). */
  openExternal(url: string): Promise<void>;
  /** Base environment for launched servers (the login shell's PATH on desktop); defaults to process.env. */
  baseEnv?: Record<string, string | undefined>;
  /** Notices the user should see once (e.g. "secrets are kept in a file"). */
  notices?: string[];
  /** App version shown in app.info and sent as clientInfo. */
  version: string;
  /** Where MCP Apps' sandbox proxy page is served (web mode's second port, the desktop's custom protocol). */
  appSandboxUrl?: string;
  /** The OS folder dialog (desktop); absent in web mode, where the window browses folders through the host. */
  pickFolder?: (start: string | undefined) => Promise<string | undefined>;
  /** The OS file dialog (desktop): the chosen files, empty when cancelled; absent in web mode (the host's browser lists files). */
  pickFiles?: (start: string | undefined, multiple: boolean) => Promise<string[]>;
}

/** A logger that writes JSON lines to stderr; used by web mode and tests. */
export function consoleLogger(prefix = 'switchboard'): Logger {
  const write = (level: string, message: string, fields?: Record<string, unknown>) => {
    process.stderr.write(`${JSON.stringify({ at: new Date().toISOString(), level, src: prefix, message, ...fields })}\n`);
  };
  return {
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
  };
}

/** A logger that drops everything; for tests and benchmarks. */
export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
