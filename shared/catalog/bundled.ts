/** The catalog bundled with the app (shared/catalog/bundled.json, server.json documents), validated once. */
import raw from './bundled.json' with { type: 'json' };
import { parseEntries } from './catalog.ts';
import type { ServerJson } from './serverJson.ts';

const parsed = parseEntries(raw);

/** The bundled catalog's valid entries (a unit test checks that every entry is valid). */
export const bundledCatalog: readonly ServerJson[] = parsed.entries;
/** Bundled entries that failed validation (0 in a healthy build). */
export const bundledRejected: number = parsed.rejected;
