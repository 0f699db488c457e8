/** Small display formatters shared by the chat components (locale-aware numbers, short durations, JSON). */
import { closeOpenString, scanJsonPrefix } from './jsonPrefix.ts';

/** Translates a `tool.duration.*` key of the chat namespace with its values (i18next's `t`, narrowed for this use). */
export type DurationText = (key: 'tool.duration.ms' | 'tool.duration.sec' | 'tool.duration.min' | 'tool.duration.minSec', values: Record<string, string>) => string;

/** "850 ms", "1.2 s", "2 min 5 s", with units and numbers in the user's language ("2 phút 5 giây", "1.2 秒"). */
export function formatDuration(ms: number, text: DurationText, locale?: string): string {
  const nf = (n: number, digits = 0): string => n.toLocaleString(locale, { maximumFractionDigits: digits });
  if (ms < 1000) return text('tool.duration.ms', { value: nf(Math.max(0, Math.round(ms))) });
  if (ms < 60_000) return text('tool.duration.sec', { value: nf(ms / 1000, ms < 10_000 ? 1 : 0) });
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  return seconds > 0 ? text('tool.duration.minSec', { min: nf(minutes), sec: nf(seconds) }) : text('tool.duration.min', { value: nf(minutes) });
}

/** "0:42", "12:05": a countdown or elapsed clock. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mm = hours > 0 ? String(minutes).padStart(2, '0') : String(minutes);
  return `${hours > 0 ? `${hours}:` : ''}${mm}:${String(seconds).padStart(2, '0')}`;
}

/** A token count with grouping ("12,345"). */
export function formatCount(n: number, locale?: string): string {
  return n.toLocaleString(locale);
}

/** Pretty JSON for display; strings that hold JSON are shown parsed. */
export function prettyJson(value: unknown): string {
  if (value === undefined) return '';
  try {
    // JSON.stringify gives undefined for functions and symbols, which never come from the host.
    return JSON.stringify(value, null, 2) ?? '';
  } catch {
    return '[unserializable]';
  }
}

/**
 * Shows a tool input that is still streaming: pretty when the partial JSON already parses (or does once the open
 * strings and brackets are closed), else the raw text.
 */
export function prettyPartialJson(partial: string): string {
  const text = partial.trim();
  if (text === '') return '';
  const closed = closePartialJson(text);
  try {
    return JSON.stringify(JSON.parse(closed), null, 2);
  } catch {
    return partial;
  }
}

function closePartialJson(text: string): string {
  const open = scanJsonPrefix(text);
  const out = closeOpenString(text, open).replace(/[,:]\s*$/, (m) => (m.trim() === ':' ? ': null' : ''));
  return out + open.closers;
}
