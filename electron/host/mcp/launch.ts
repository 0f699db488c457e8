/** How a server is reached: the stdio child's environment and command lookup, and the transport for each config kind. */
import { ChildProcess } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { SSEClientTransport, StreamableHTTPClientTransport, type OAuthClientProvider, type Transport } from '@modelcontextprotocol/client';
import { DEFAULT_INHERITED_ENV_VARS, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { hostError, type AppError } from '../../../shared/errors.ts';
import { hostMessage } from '../../../shared/hostMessages.ts';
import { commandNotFoundError } from './commandNotFound.ts';
import { sessionAwareFetch } from './session/sessionFetch.ts';
import type { HttpServerConfig, StdioServerConfig } from '../../../shared/serverConfig.ts';
import { useLinearReadBuffer } from './stdioReadBuffer.ts';
import { InPlaceProbeStdioTransport } from './eraProbe/inPlaceProbe.ts';
import { limitedFetch, maxHttpResponseBytes } from './responseLimit.ts';

/**
 * Network settings a server needs to fetch anything behind a proxy or a TLS-intercepting gateway: `npx`/`uvx` download
 * the server itself through them. Passed through as the user set them (both spellings of the proxy variables, since
 * tools disagree on which one they read).
 */
export const proxyEnvVars = [
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'REQUESTS_CA_BUNDLE',
  'PIP_INDEX_URL',
  'npm_config_registry',
] as const;

/**
 * The environment of a stdio server: the SDK's small inherited set (HOME, PATH, USER, SHELL, TERM, LOGNAME and the
 * platform's essentials) and the proxy and CA settings (`proxyEnvVars`), read from `baseEnv`, overlaid with the
 * server's own variables. Never the host's whole environment, so API keys and tokens in it do not leak to every server.
 */
export function serverEnvironment(baseEnv: Record<string, string | undefined>, own: Record<string, string> | undefined): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of [...DEFAULT_INHERITED_ENV_VARS, ...proxyEnvVars]) {
    const value = baseEnv[key];
    // Values starting with "()" are exported shell functions; the SDK skips them for safety, and so do we.
    if (value !== undefined && !value.startsWith('()')) env[key] = value;
  }
  return { ...env, ...own };
}

/** Finds the executable the way spawn will (PATH of the child's environment); an AppError naming command and PATH when absent. */
export function resolveCommand(command: string, env: Record<string, string>, cwd: string | undefined): { ok: true; path: string } | { ok: false; error: AppError } {
  const searchPath = env.PATH ?? env.Path ?? '';
  if (cwd !== undefined) {
    if (!isDirectory(cwd)) return { ok: false, error: hostError('connect_failed', hostMessage('servers.noWorkingFolder', { path: cwd }), { field: 'cwd' }) };
  }
  if (command.includes('/') || command.includes('\\')) {
    const full = path.resolve(cwd ?? process.cwd(), command);
    return isExecutable(full)
      ? { ok: true, path: full }
      : { ok: false, error: commandNotFoundError({ command, searchedPath: searchPath, platform: process.platform, ...(cwd !== undefined ? { cwd } : {}) }) };
  }
  const extensions = process.platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT;.COM').split(';').concat('') : [''];
  for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
    for (const ext of extensions) {
      const candidate = path.join(dir, command + ext);
      if (isExecutable(candidate)) return { ok: true, path: candidate };
    }
  }
  return { ok: false, error: commandNotFoundError({ command, searchedPath: searchPath, platform: process.platform, ...(cwd !== undefined ? { cwd } : {}) }) };
}

function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

function isExecutable(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, process.platform === 'win32' ? constants.F_OK : constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The largest single message a stdio server may send (bytes); a bigger one closes the connection. */
export const maxStdioMessageBytes = 128 * 1024 * 1024;

/** Builds the stdio transport (stderr piped so it can be logged). A subclass of the SDK's, so the era probe runs on this
 * process instead of a sibling (eraProbe/inPlaceProbe.ts). */
export function stdioTransport(config: StdioServerConfig, env: Record<string, string>): StdioClientTransport {
  const transport = new InPlaceProbeStdioTransport({
    command: config.command,
    args: config.args ?? [],
    env,
    stderr: 'pipe',
    // The SDK's 10 MB default closed the connection on a big but legitimate result (a 20 MB file read); the host cuts
    // results to the tool result limit itself and keeps the whole one on disk, so only a runaway message is refused.
    maxBufferSize: maxStdioMessageBytes,
    ...(config.cwd !== undefined ? { cwd: config.cwd } : {}),
  });
  useLinearReadBuffer(transport, maxStdioMessageBytes);
  return transport;
}

/**
 * Builds the HTTP transport: custom headers on every request, the auth provider seam for OAuth, and (Streamable HTTP)
 * a report when the server answers 404 to our session id, so the session can be renewed.
 */
export function httpTransport(config: HttpServerConfig, authProvider: OAuthClientProvider | undefined, onSessionNotFound?: () => void): Transport {
  const url = new URL(config.url);
  const requestInit: RequestInit = config.headers ? { headers: config.headers } : {};
  if (config.type === 'sse') return new SSEClientTransport(url, { requestInit, ...(authProvider ? { authProvider } : {}) });
  const limited = limitedFetch(maxHttpResponseBytes);
  return new StreamableHTTPClientTransport(url, { requestInit, ...(authProvider ? { authProvider } : {}), fetch: onSessionNotFound ? sessionAwareFetch(onSessionNotFound, limited) : limited });
}

/**
 * The child process behind a started stdio transport. The SDK keeps it private; we need it to watch stdout for non-JSON
 * lines (the SDK skips them silently), to learn the exit code, and to make sure nothing survives shutdown.
 */
export function childOf(transport: StdioClientTransport): ChildProcess | undefined {
  const candidate: unknown = Reflect.get(transport, '_process');
  return candidate instanceof ChildProcess ? candidate : undefined;
}

/**
 * Runs `onStarted` with the child right after the transport spawns it, before any output can be read: the start method
 * is wrapped on this instance only; the SDK's probe starts the transport through this wrapper too.
 */
export function onTransportStarted(transport: StdioClientTransport, onStarted: (child: ChildProcess) => void): void {
  const start = transport.start.bind(transport);
  transport.start = async () => {
    await start();
    const child = childOf(transport);
    if (child) onStarted(child);
  };
}
