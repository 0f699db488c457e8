/**
 * Server log messages (`notifications/message`) on both eras. A 2025 server that declares `logging` is told the level
 * once with `logging/setLevel`; a 2026-07-28 server has no session to remember it, so the level rides on each request
 * as `_meta["io.modelcontextprotocol/logLevel"]` (a server sends log messages only for requests that carry it).
 */
import { LOG_LEVEL_META_KEY, type Client } from '@modelcontextprotocol/client';
import { serverDefaults, type LogLevel, type ServerConfig } from '../../../../shared/serverConfig.ts';
import { describeRequestError } from '../mcpErrors.ts';

/** The level a server is asked for (the config's, else the default). */
export function logLevelOf(config: ServerConfig): LogLevel {
  return config.logLevel ?? serverDefaults.logLevel;
}

/** The `_meta` to add to a 2026-07-28 request so its log messages are sent; nothing on a 2025 connection. */
export function logLevelMeta(client: Client, level: LogLevel): Record<string, unknown> | undefined {
  return client.getProtocolEra() === 'modern' ? { [LOG_LEVEL_META_KEY]: level } : undefined;
}

/**
 * On a 2025 connection to a server that declares logging, sends `logging/setLevel`. A refusal is only noted in the log:
 * the server then logs at its own default.
 */
export async function applyLegacyLogLevel(client: Client, level: LogLevel, options: { timeout: number; signal: AbortSignal }, note: (text: string) => void): Promise<void> {
  if (client.getProtocolEra() === 'modern' || !client.getServerCapabilities()?.logging) return;
  try {
    await client.setLoggingLevel(level, options);
  } catch (error) {
    note(`The server refused logging/setLevel ${level}: ${describeRequestError(error).message}`);
  }
}
