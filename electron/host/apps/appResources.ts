/** Fetches an app's `ui://` HTML resource through the host, cached per server until its catalog changes or it ages out. */
import { appMimeType, resourceUiOf, type AppResource } from '../../../shared/apps.ts';
import { err, ok, type Result } from '../../../shared/errors.ts';
import type { ResourceContents } from '../../../shared/servers.ts';

/** How long a fetched app stays cached without any change notice: a server that never says list_changed still refreshes. */
export const appResourceMaxAgeMs = 5 * 60_000;
/** An app larger than this is refused: it would be held in memory and sent whole to the window. */
export const appResourceMaxBytes = 8 * 1024 * 1024;

/** Reads resources of one server (the registry's readResource). */
export type ResourceReader = (serverId: string, uri: string) => Promise<Result<ResourceContents[]>>;

/** The app HTML cache of every server. */
export class AppResourceCache {
  private readonly byServer = new Map<string, Map<string, { resource: AppResource; at: number }>>();
  private readonly read: ResourceReader;
  private readonly now: () => number;

  constructor(read: ResourceReader, now: () => number = Date.now) {
    this.read = read;
    this.now = now;
  }

  /** The app at `uri` of `serverId`, from the cache when fresh, else read from the server. */
  async get(serverId: string, uri: string): Promise<Result<AppResource>> {
    if (!uri.startsWith('ui://')) return err('invalid_params', `An app resource must be a ui:// URI, not "${uri}".`);
    const cached = this.byServer.get(serverId)?.get(uri);
    if (cached && this.now() - cached.at < appResourceMaxAgeMs) return ok(cached.resource);
    const read = await this.read(serverId, uri);
    if (!read.ok) return read;
    const parsed = toAppResource(serverId, uri, read.value);
    if (!parsed.ok) return parsed;
    let server = this.byServer.get(serverId);
    if (!server) {
      server = new Map();
      this.byServer.set(serverId, server);
    }
    server.set(uri, { resource: parsed.value, at: this.now() });
    return parsed;
  }

  /** Drops a server's apps: its lists changed (resources list_changed, a restart), so its HTML may have too. */
  forget(serverId: string): void {
    this.byServer.delete(serverId);
  }
}

/** Picks the HTML content of a read result and its declared CSP/permissions. */
export function toAppResource(serverId: string, uri: string, contents: ResourceContents[]): Result<AppResource> {
  const item = contents.find((c) => c.uri === uri) ?? contents[0];
  if (!item) return err('not_found', `The server returned nothing for ${uri}.`);
  const mime = (item.mimeType ?? '').toLowerCase().replace(/\s+/g, '');
  if (mime !== '' && !mime.startsWith('text/html')) return err('protocol_error', `${uri} is ${item.mimeType ?? 'untyped'}, not ${appMimeType}.`);
  const html = item.text ?? (item.blob !== undefined ? Buffer.from(item.blob, 'base64').toString('utf8') : undefined);
  if (html === undefined) return err('protocol_error', `${uri} has no HTML content.`);
  if (Buffer.byteLength(html) > appResourceMaxBytes) return err('protocol_error', `${uri} is larger than ${appResourceMaxBytes / 1024 / 1024} MB.`);
  return ok({ serverId, uri, html, ...resourceUiOf(item.meta) });
}
