/**
 * `<dataDir>/servers.json` in the `mcpServers` shape: loaded leniently (comments, trailing commas), written atomically
 * (temp file + rename, previous version kept as servers.json.bak), entries kept verbatim (invalid or unknown fields
 * included) so the file never loses what the user wrote.
 */
import { copyFile, readFile, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { hostError, type AppError, type Result } from '../../../shared/errors.ts';
import { hostMessage, type HostMessage } from '../../../shared/hostMessages.ts';
import { isRecord } from '../../../shared/importConfig.ts';
import { parseJsonc } from '../../../shared/importConfigJson.ts';
import { writeFileAtomic } from '../store/atomicFile.ts';

/** File name of the servers file inside the data folder. */
export const SERVERS_FILE_NAME = 'servers.json';

/** The servers file as held in memory: entries in file order, raw as written, and the file's other top-level keys. */
export interface ServersDocument {
  /** Server name -> entry exactly as in the file (validated separately, never rewritten unless changed). */
  entries: ReadonlyMap<string, unknown>;
  /** The whole top-level object as read, so keys other than `mcpServers` survive a rewrite. */
  topLevel: Readonly<Record<string, unknown>>;
}

/** What loading found. `unreadable` files are never overwritten. */
export type ServersFileState = { state: 'ok'; doc: ServersDocument } | { state: 'unreadable'; error: AppError };

/** An empty document. */
export function emptyDocument(): ServersDocument {
  return { entries: new Map(), topLevel: { mcpServers: {} } };
}

/** Returns a document with `entries` replaced, keeping everything else. */
export function withEntries(doc: ServersDocument, entries: ReadonlyMap<string, unknown>): ServersDocument {
  return { entries, topLevel: doc.topLevel };
}

/** Parses the file text; an unreadable file yields an error naming the path and the position. */
export function parseServersText(text: string, path: string): ServersFileState {
  const parsed = parseJsonc(text);
  const backup = `${SERVERS_FILE_NAME}.bak`;
  const fail = (text: HostMessage): ServersFileState => ({ state: 'unreadable', error: hostError('storage_error', text) });
  if (!parsed.ok) {
    // The parser's problem is nested by its import.* code, so the window translates the whole sentence.
    const { reason, line, column } = parsed.problem;
    const problem = reason === undefined ? 'jsonEmpty' : line !== undefined ? 'jsonAt' : 'jsonBad';
    return fail(hostMessage('servers.fileJson', { path, backup, problem, ...(reason !== undefined ? { reason } : {}), ...(line !== undefined ? { line, column: column ?? 0 } : {}) }));
  }
  if (!isRecord(parsed.value)) return fail(hostMessage('servers.fileNotObject', { path, backup }));
  const servers = parsed.value.mcpServers ?? {};
  if (!isRecord(servers)) return fail(hostMessage('servers.fileNotMap', { path, backup }));
  return { state: 'ok', doc: { entries: new Map(Object.entries(servers)), topLevel: parsed.value } };
}

/** The text written for a document: its top-level keys in their order, `mcpServers` in entry order. */
export function serializeDocument(doc: ServersDocument): string {
  // Object.fromEntries defines own properties: `servers[name] = entry` would turn a server named __proto__ into the prototype.
  const servers = Object.fromEntries(doc.entries);
  const top = { ...doc.topLevel, mcpServers: servers };
  return `${JSON.stringify(top, null, 2)}\n`;
}

/**
 * A change to the document; returning an error aborts the write and leaves memory and disk as they were, and
 * returning the same document object skips the write.
 */
export type DocumentChange<T> = (doc: ServersDocument) => Result<{ doc: ServersDocument; value: T }>;

/** Reads and writes the servers file; every change is serialized, re-reads the disk first, and is atomic. */
export class ServersFile {
  readonly path: string;
  private queue: Promise<unknown> = Promise.resolve();
  private lastState: ServersFileState = { state: 'ok', doc: emptyDocument() };

  constructor(dataDir: string) {
    this.path = join(dataDir, SERVERS_FILE_NAME);
  }

  /** Last state read or written. */
  get state(): ServersFileState {
    return this.lastState;
  }

  /** Reads the file (a missing one is an empty list and is created so users can find it). */
  async load(): Promise<ServersFileState> {
    this.lastState = await this.read();
    if (this.lastState.state === 'ok' && this.lastState.doc.entries.size === 0 && !(await this.exists())) {
      const written = await this.write(this.lastState.doc);
      if (!written.ok) return this.lastState; // an unwritable folder surfaces on the first real change
    }
    return this.lastState;
  }

  /**
   * Applies one change on top of what is on disk now (so a hand edit made while the app runs is not lost),
   * writes it, and only then makes it the current state. Failures answer a typed error and change nothing.
   */
  update<T>(change: DocumentChange<T>): Promise<Result<{ doc: ServersDocument; value: T }>> {
    const run = this.queue.then(async (): Promise<Result<{ doc: ServersDocument; value: T }>> => {
      const current = await this.read();
      if (current.state === 'unreadable') {
        this.lastState = current;
        return { ok: false, error: current.error };
      }
      const changed = change(current.doc);
      if (!changed.ok) return changed;
      if (changed.value.doc === current.doc) {
        // Nothing to write (e.g. an import where every entry was skipped); still pick up a hand edit.
        this.lastState = current;
        return changed;
      }
      const written = await this.write(changed.value.doc);
      if (!written.ok) return written;
      this.lastState = { state: 'ok', doc: changed.value.doc };
      return changed;
    });
    this.queue = run.catch(() => {});
    return run;
  }

  private async exists(): Promise<boolean> {
    try {
      await stat(this.path);
      return true;
    } catch {
      return false;
    }
  }

  private async read(): Promise<ServersFileState> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (cause) {
      if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'ok', doc: emptyDocument() };
      const message = cause instanceof Error ? cause.message : String(cause);
      return { state: 'unreadable', error: hostError('storage_error', hostMessage('servers.fileUnreadable', { path: this.path, reason: message })) };
    }
    return parseServersText(text, this.path);
  }

  /** temp file (0600: entries may hold tokens) + fsync, copy of the old file to .bak, then rename over the old one. */
  private async write(doc: ServersDocument): Promise<Result<null>> {
    try {
      await writeFileAtomic(this.path, serializeDocument(doc), { mode: 0o600, beforeReplace: () => this.backup() });
      return { ok: true, value: null };
    } catch (cause) {
      const message = cause instanceof Error ? cause.message : String(cause);
      return { ok: false, error: hostError('storage_error', hostMessage('servers.fileSaveFailed', { path: this.path, reason: message })) };
    }
  }

  /** Keeps the version about to be replaced; the copy goes through its own temp file so .bak is never half-written. */
  private async backup(): Promise<void> {
    const bak = `${this.path}.bak`;
    const temp = `${bak}.${process.pid}.tmp`;
    try {
      await copyFile(this.path, temp);
    } catch (cause) {
      if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw cause;
    }
    try {
      await rename(temp, bak);
    } catch (cause) {
      await unlink(temp).catch(() => {});
      throw cause;
    }
  }
}
