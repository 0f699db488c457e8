/**
 * Names the app a pasted `mcpServers` config comes from, by the marks each app leaves: Windsurf's `serverUrl`, Gemini
 * CLI's `httpUrl`, Claude Code's `type` on every entry (and `projects` in ~/.claude.json), Cursor's `url` / `envFile`,
 * Claude Desktop's own settings. A plain map of stdio entries is read as Claude Desktop's, the format the others copied.
 */
import type { ImportPreview } from './servers.ts';

/** A config format the import recognises. */
export type ImportFormat = ImportPreview['format'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The app that wrote a document holding `mcpServers` (the document itself and its entries are looked at). */
export function mcpServersFormat(doc: Record<string, unknown>, servers: unknown): ImportFormat {
  const entries = isRecord(servers) ? Object.values(servers).filter(isRecord) : [];
  const any = (key: string) => entries.some((entry) => key in entry);
  if (any('serverUrl')) return 'windsurf';
  if (any('httpUrl')) return 'gemini_cli';
  if ('projects' in doc || (entries.length > 0 && entries.every((entry) => typeof entry.type === 'string'))) return 'claude_code';
  if (any('url') || any('envFile')) return 'cursor';
  return 'claude_desktop';
}

/** The remote address of an entry under the key its app uses (`url`, Windsurf's `serverUrl`, Gemini CLI's `httpUrl`). */
export function remoteUrlOf(entry: Record<string, unknown>): unknown {
  return entry.url ?? entry.serverUrl ?? entry.httpUrl;
}
