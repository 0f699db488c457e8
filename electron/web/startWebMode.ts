/** Web mode: the host core plus the renderer and WebSocket bridge on 127.0.0.1, reachable only with a random token. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHost, type Host } from '../host/createHost.ts';
import { consoleLogger, type HostEnvironment } from '../host/environment.ts';
import { FileSecretStore } from '../host/store/fileSecretStore.ts';
import { createToken } from './auth.ts';
import { defaultDataDir } from './dataDir.ts';
import { openBrowser, spawnDetached, type LaunchCommand } from './openBrowser.ts';
import { notBuiltMessage, rendererBuilt } from './staticFiles.ts';
import { startWebServer } from './webServer.ts';
import { startAppSandboxServer } from './appSandboxServer.ts';

/** Options of one web mode run. */
export interface WebModeOptions {
  dataDir?: string;
  /** 0 or absent picks a free port. */
  port?: number;
  openBrowser?: boolean;
  /** Runs the browser opener (tests capture the command line instead). */
  launchBrowser?: LaunchCommand;
  /** Overrides for the host environment (tests pass a silent logger, a base env...). */
  hostEnv?: Partial<HostEnvironment>;
  /** Where the built renderer lives; defaults to dist/renderer in the repository. */
  rendererDir?: string;
}

/** A running web mode. */
export interface WebMode {
  /** The link to print: it carries the token. */
  url: string;
  /** A link with a fresh one-time code instead of the token, for a browser's command line. */
  oneTimeUrl(): string;
  token: string;
  port: number;
  host: Host;
  /** Closes the server and shuts the host down (no child process left). Idempotent. */
  close(): Promise<void>;
}

const repoRoot = join(import.meta.dirname, '..', '..');

function packageVersion(): string {
  try {
    const parsed = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof parsed.version === 'string' ? parsed.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** Builds the host, starts its servers in the background, and serves the UI; resolves once the URL is known. */
export async function startWebMode(options: WebModeOptions = {}): Promise<WebMode> {
  const dataDir = options.hostEnv?.dataDir ?? options.dataDir ?? defaultDataDir();
  const logger = options.hostEnv?.logger ?? consoleLogger('web');
  const rendererDir = options.rendererDir ?? join(repoRoot, 'dist', 'renderer');
  const env: HostEnvironment = {
    mode: 'web',
    secrets: new FileSecretStore(join(dataDir, 'secrets.json')),
    version: packageVersion(),
    // In web mode the renderer opens links itself in a new tab; the host has no window to hand them to.
    openExternal: (url) => {
      logger.info('web: openExternal is handled by the browser tab', { url });
      return Promise.resolve();
    },
    notices: ['secrets_in_file'],
    ...options.hostEnv,
    dataDir,
    logger,
  };
  if (!rendererBuilt(rendererDir)) logger.warn(notBuiltMessage, { rendererDir });

  // MCP Apps run on a second port: another origin than the window, so an app reaches neither its token nor its socket.
  const sandbox = await startAppSandboxServer({ logger });
  env.appSandboxUrl = sandbox.url;
  const host = await createHost(env).catch(async (cause: unknown) => {
    await sandbox.close();
    throw cause;
  });
  const token = createToken();
  let server;
  try {
    server = await startWebServer({ api: host.api, events: host.events, logger, rendererDir, token, port: options.port ?? 0, frameSrc: [`http://127.0.0.1:${sandbox.port}`] });
    sandbox.allowParents([`http://127.0.0.1:${server.port}`, `http://localhost:${server.port}`]);
  } catch (cause) {
    await sandbox.close();
    await host.shutdown();
    throw cause;
  }
  // Servers can take many seconds to connect; the UI shows them connecting instead of waiting here.
  host.start().catch((cause: unknown) => logger.error('web: starting servers failed', { cause: String(cause) }));
  // The opener's command line is readable by every local user: it gets a one-time code, never the token.
  if (options.openBrowser) openBrowser(server.oneTimeUrl(), options.launchBrowser ?? spawnDetached(logger));

  let closing: Promise<void> | undefined;
  const webServer = server;
  return {
    url: webServer.url,
    oneTimeUrl: () => webServer.oneTimeUrl(),
    token,
    port: webServer.port,
    host,
    close: () => {
      closing ??= (async () => {
        await webServer.close();
        await sandbox.close();
        await host.shutdown();
      })();
      return closing;
    },
  };
}
