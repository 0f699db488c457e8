/** Server log levels (MCP, RFC 5424) and the Log tab's "at least this level" filter. */
import type { LogLine } from '../../../../../shared/servers.ts';
import { logLevels, type LogLevel } from '../../../../../shared/serverConfig.ts';

/** The filter's choices: every line, or MCP log messages from this level up. */
export type LogFilter = 'all' | LogLevel;

/** The rank of a line's level, or undefined for a line that has none (stderr, the host's notes). */
export function levelRank(level: string | undefined): number | undefined {
  if (level === undefined) return undefined;
  const index = (logLevels as readonly string[]).indexOf(level.toLowerCase() === 'warn' ? 'warning' : level.toLowerCase());
  return index >= 0 ? index : undefined;
}

/**
 * Lines shown under a filter: a server log message below the chosen level is hidden; lines without a level (stderr,
 * the host's own notes) are not MCP log messages and stay, since they are often what explains a failure.
 */
export function filterLines(lines: readonly LogLine[], filter: LogFilter): readonly LogLine[] {
  if (filter === 'all') return lines;
  const min = logLevels.indexOf(filter);
  return lines.filter((line) => {
    const rank = levelRank(line.level);
    return rank === undefined || rank >= min;
  });
}
