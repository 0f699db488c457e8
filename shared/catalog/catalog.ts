/** The server catalog as the app uses it: validated server.json entries, search, and what `catalog.list` answers. */
import type { AppError } from '../errors.ts';
import { serverJsonSchema, type ServerJson } from './serverJson.ts';

/** The official MCP Registry's list endpoint: the default registry URL. */
export const officialRegistryUrl = 'https://registry.modelcontextprotocol.io/v0/servers';

/** What `catalog.list` answers. */
export interface CatalogListing {
  /** Where the entries come from: the registry URL in settings, or the catalog bundled with the app. */
  source: 'registry' | 'bundled';
  entries: ServerJson[];
  /** The registry URL asked ('' when the setting is off). */
  registryUrl: string;
  /** Why the bundled catalog is shown although a registry is set (offline, bad answer...). */
  fallback?: AppError;
  /** Entries of the answer that were not valid server.json and were left out. */
  rejected: number;
}

/** Keeps the entries that are valid server.json (the first of each name), and counts the others. */
export function parseEntries(raw: readonly unknown[]): { entries: ServerJson[]; rejected: number } {
  const entries: ServerJson[] = [];
  const seen = new Set<string>();
  let rejected = 0;
  for (const item of raw) {
    const parsed = serverJsonSchema.safeParse(item);
    if (!parsed.success) rejected++;
    else if (!seen.has(parsed.data.name)) {
      seen.add(parsed.data.name);
      entries.push(parsed.data);
    }
  }
  return { entries, rejected };
}

/** Entries whose name, title or description contain every word of `query` (any case); all of them for an empty query. */
export function searchCatalog(entries: readonly ServerJson[], query: string): ServerJson[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...entries];
  return entries.filter((entry) => {
    const haystack = `${entry.name} ${entry.title ?? ''} ${entry.description}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** The name to show: the title, else the part of the name after the slash. */
export function displayName(entry: ServerJson): string {
  return entry.title ?? entry.name.slice(entry.name.indexOf('/') + 1);
}
