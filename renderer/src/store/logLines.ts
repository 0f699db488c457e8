/** Adding streamed lines to a server's log in the renderer's mirror. */
import type { LogLine } from '../../../shared/servers.ts';

/** Lines kept per server in the live log viewer. */
export const maxLogLines = 1000;

/** Merges two ordered log lists by seq, dropping duplicates, keeping the newest `maxLogLines`. */
export function mergeLogs(current: readonly LogLine[], incoming: readonly LogLine[]): LogLine[] {
  const bySeq = new Map<number, LogLine>();
  for (const line of current) bySeq.set(line.seq, line);
  for (const line of incoming) bySeq.set(line.seq, line);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq).slice(-maxLogLines);
}

/**
 * `current` with `incoming` added, capped at the newest `maxLogLines`. Lines streamed in order (the usual case) are
 * appended: one copy, no map and no sort of the whole log per frame; anything else is merged by seq.
 */
export function appendLogLines(current: readonly LogLine[], incoming: readonly LogLine[]): LogLine[] {
  let last = current.at(-1)?.seq ?? Number.NEGATIVE_INFINITY;
  for (const line of incoming) {
    if (line.seq <= last) return mergeLogs(current, incoming);
    last = line.seq;
  }
  const joined = current.concat(incoming);
  return joined.length > maxLogLines ? joined.slice(-maxLogLines) : joined;
}
