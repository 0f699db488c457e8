/**
 * Roots: the folders a server is told about on `roots/list`. A root is a hint to the server about where to work, not a
 * sandbox: a stdio server runs with the user's rights and can read any file it likes whatever its roots say.
 */
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Client, ListRootsResult } from '@modelcontextprotocol/client';

/** The `roots/list` answer for these folder paths (file:// URIs named after the folder). */
export function toRootsResult(paths: readonly string[]): ListRootsResult {
  return { roots: paths.map((path) => ({ uri: pathToFileURL(path).href, name: basename(path) || path })) };
}

/** True when the two root lists differ (order counts: it is the order the user gave). */
export function rootsDiffer(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  const left = a ?? [];
  const right = b ?? [];
  return left.length !== right.length || left.some((path, index) => path !== right[index]);
}

/**
 * Tells the server its roots changed and returns the line for its log. Only a 2025-era session can be told: on
 * 2026-07-28 (where roots are deprecated by SEP-2577 and asked in-band, inside a request's input_required result) the
 * server asks again on its next request, so there is nothing to send. A failure is reported in the line, never thrown.
 */
export async function announceRootsChanged(client: Client, era: 'legacy' | 'modern' | undefined): Promise<string> {
  if (era !== 'legacy') return 'Roots changed; a 2026-07-28 server asks for them again with its next request.';
  try {
    await client.sendRootsListChanged();
    return 'Roots changed; the server was told (notifications/roots/list_changed).';
  } catch (error) {
    return `Telling the server its roots changed failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}
