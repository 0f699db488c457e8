/**
 * Fetches an app's `ui://` HTML resource through the host, cached per server as long as the server's `ttlMs` allows,
 * dropped when the server says the resource was updated or its lists changed, and bounded in entries and bytes.
 */
import { appMimeType, resourceUiOf, type AppResource } from '../../../shared/apps.ts';
import { hostErr, ok, type Result } from '../../../shared/errors.ts';
import { hostMessage } from '../../../shared/hostMessages.ts';
import type { ResourceContents } from '../../../shared/servers.ts';

/** How long a fetched app stays cached when the server gives no `ttlMs` (2025-era results never do). */
export const appResourceMaxAgeMs = 5 * 60_000;
/** A server's `ttlMs` is followed up to a day: beyond that an app would outlive any reasonable session. */
export const appResourceMaxTtlMs = 86_400_000;
/** An app larger than this is refused: it would be held in memory and sent whole to the window. */
export const appResourceMaxBytes = 8 * 1024 * 1024;
/** Per server at most this many apps and this many bytes of HTML are kept; the least recently used go first. */
export const appCacheLimits = { entries: 32, bytes: 16 * 1024 * 1024 };

/** How the cache reaches servers (built by the MCP module over the live connections). */
export interface AppResourceSource {
  /** Reads a resource, with the `ttlMs` of its result when the server sent one. */
  read(serverId: string, uri: string): Promise<Result<{ contents: ResourceContents[]; ttlMs?: number }>>;
  /** Asks to hear when `uri` changes; resolves with a stop function, or undefined when the server cannot tell. */
  watch(serverId: string, uri: string, onUpdated: () => void): Promise<(() => void) | undefined>;
}

/** The server's promise to say when one URI changes; handed from an expired entry to its re-read successor. */
interface Watch {
  entry: Entry;
  stop?: () => void;
  closed: boolean;
}

interface Entry {
  resource: AppResource;
  bytes: number;
  expiresAt: number;
  watch?: Watch;
  dropped: boolean;
}

interface ServerApps {
  /** In least-recently-used order (a hit moves its entry to the end). */
  entries: Map<string, Entry>;
  bytes: number;
  /** Bumped on every update notice, so a read that started before one is not stored over it. */
  generation: number;
  /** Reads on their way. */
  reading: number;
}

/** The app HTML cache of every server. */
export class AppResourceCache {
  private readonly byServer = new Map<string, ServerApps>();
  private readonly source: AppResourceSource;
  private readonly now: () => number;
  private readonly limits: { entries: number; bytes: number };

  constructor(source: AppResourceSource, now: () => number = Date.now, limits = appCacheLimits) {
    this.source = source;
    this.now = now;
    this.limits = limits;
  }

  /** The app at `uri` of `serverId`, from the cache while the server's ttl allows, else read from the server. */
  async get(serverId: string, uri: string): Promise<Result<AppResource>> {
    if (!uri.startsWith('ui://')) return hostErr('invalid_params', hostMessage('apps.notUiUri', { uri }));
    const server = this.server(serverId);
    const cached = server.entries.get(uri);
    if (cached && this.now() < cached.expiresAt) {
      server.entries.delete(uri);
      server.entries.set(uri, cached);
      return ok(cached.resource);
    }
    const generation = server.generation;
    server.reading += 1;
    const read = await this.source.read(serverId, uri).finally(() => {
      server.reading -= 1;
    });
    const parsed = read.ok ? toAppResource(serverId, uri, read.value.contents) : read;
    const ttlMs = read.ok ? read.value.ttlMs : undefined;
    const ttl = ttlMs === undefined ? appResourceMaxAgeMs : Math.min(Math.max(0, ttlMs), appResourceMaxTtlMs);
    // ttlMs 0 is the server's "do not reuse"; a drop while reading means what was read may already be stale.
    if (parsed.ok && ttl > 0 && this.byServer.get(serverId) === server && server.generation === generation) this.store(serverId, server, parsed.value, this.now() + ttl);
    else if (cached) this.drop(serverId, uri, cached, server);
    // Nothing held and nothing on its way: an id that never (or no longer) serves apps keeps no record here.
    if (server.entries.size === 0 && server.reading === 0 && this.byServer.get(serverId) === server) this.byServer.delete(serverId);
    return parsed;
  }

  /** Drops a server's apps: its lists changed (resources list_changed, a restart), so its HTML may have too. */
  forget(serverId: string): void {
    const server = this.byServer.get(serverId);
    if (!server) return;
    this.byServer.delete(serverId);
    server.generation += 1;
    for (const [uri, entry] of [...server.entries]) this.drop(serverId, uri, entry, server);
  }

  /** What is held for a server (for tests and diagnostics). */
  held(serverId: string): { uris: string[]; bytes: number } {
    const server = this.byServer.get(serverId);
    return { uris: [...(server?.entries.keys() ?? [])], bytes: server?.bytes ?? 0 };
  }

  private server(serverId: string): ServerApps {
    let server = this.byServer.get(serverId);
    if (!server) {
      server = { entries: new Map(), bytes: 0, generation: 0, reading: 0 };
      this.byServer.set(serverId, server);
    }
    return server;
  }

  private store(serverId: string, server: ServerApps, resource: AppResource, expiresAt: number): void {
    const uri = resource.uri;
    const previous = server.entries.get(uri);
    // A re-read after the ttl keeps the subscription already made for the URI instead of dropping and redoing it.
    const inherited = previous?.watch;
    if (previous) {
      previous.watch = undefined;
      this.drop(serverId, uri, previous, server);
    }
    const entry: Entry = { resource, bytes: Buffer.byteLength(resource.html), expiresAt, dropped: false };
    server.entries.set(uri, entry);
    server.bytes += entry.bytes;
    if (inherited) {
      inherited.entry = entry;
      entry.watch = inherited;
    } else {
      const watch: Watch = { entry, closed: false };
      entry.watch = watch;
      void this.source.watch(serverId, uri, () => this.updated(serverId, uri, watch.entry)).then((stop) => {
        if (!stop) return;
        // Evicted while the subscription was on its way: nobody needs it.
        if (watch.closed) stop();
        else watch.stop = stop;
      });
    }
    // Expired apps go (they would hold a subscription for nothing), then the least recently used while over a limit;
    // never the one just stored (an app alone is at most appResourceMaxBytes).
    const now = this.now();
    for (const [oldUri, old] of server.entries) {
      const over = server.entries.size > this.limits.entries || server.bytes > this.limits.bytes;
      if (old !== entry && (over || old.expiresAt <= now)) this.drop(serverId, oldUri, old, server);
    }
  }

  /** The server said the resource changed: the next render reads it anew (an app already open keeps its document). */
  private updated(serverId: string, uri: string, entry: Entry): void {
    const server = this.byServer.get(serverId);
    if (server) server.generation += 1;
    this.drop(serverId, uri, entry, server);
  }

  private drop(serverId: string, uri: string, entry: Entry, server = this.byServer.get(serverId)): void {
    if (entry.dropped) return;
    entry.dropped = true;
    const watch = entry.watch;
    entry.watch = undefined;
    if (watch && !watch.closed) {
      watch.closed = true;
      watch.stop?.();
    }
    if (server && server.entries.get(uri) === entry) {
      server.entries.delete(uri);
      server.bytes -= entry.bytes;
    }
  }
}

/** Picks the HTML content of a read result and its declared CSP/permissions. */
export function toAppResource(serverId: string, uri: string, contents: ResourceContents[]): Result<AppResource> {
  const item = contents.find((c) => c.uri === uri) ?? contents[0];
  if (!item) return hostErr('not_found', hostMessage('apps.nothingReturned', { uri }));
  const mime = (item.mimeType ?? '').toLowerCase().replace(/\s+/g, '');
  if (mime !== '' && !mime.startsWith('text/html')) return hostErr('protocol_error', hostMessage('apps.notHtml', { uri, mimeType: item.mimeType ?? '', expected: appMimeType }));
  const html = item.text ?? (item.blob !== undefined ? Buffer.from(item.blob, 'base64').toString('utf8') : undefined);
  if (html === undefined) return hostErr('protocol_error', hostMessage('apps.noHtml', { uri }));
  if (Buffer.byteLength(html) > appResourceMaxBytes) return hostErr('protocol_error', hostMessage('apps.tooLarge', { uri, megabytes: appResourceMaxBytes / 1024 / 1024 }));
  return ok({ serverId, uri, html, ...resourceUiOf(item.meta) });
}
