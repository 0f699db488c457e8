/**
 * App settings in <dataDir>/settings.json, written atomically (temp file + rename, 0600). Kept apart from history.db
 * so a damaged history never costs the user their settings. Read leniently (comments, trailing commas); a field that
 * fails validation falls back to its default alone. A file that cannot be parsed at all is never overwritten: a copy
 * is kept aside, the user is told (a storage notice), and saves are refused until the file is fixed or removed.
 */
import { chmodSync, copyFileSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseJsonc, type JsonProblem } from '../../../shared/importConfigJson.ts';
import { hostMessage, type HostMessage } from '../../../shared/hostMessages.ts';
import { defaultSettings, settingsSchema, type Settings } from '../../../shared/settings.ts';
import type { Logger } from '../environment.ts';
import { HostMessageError } from '../hostMessageError.ts';
import { writeFileAtomic } from './atomicFile.ts';
import { asideName } from './database.ts';
import type { StorageNoticeBook } from './storageNotices.ts';

/** What reading settings.json found. */
export type SettingsFileState =
  | { state: 'ok'; settings: Settings }
  | { state: 'missing' }
  | { state: 'unreadable'; problem: string; text?: string; /** `problem` as a code when the parser or the host worded it. */ problemText?: HostMessage };

/** The parser's problem as the code its own sentence has (the same words as `problem.message`). */
function problemText(problem: JsonProblem): HostMessage {
  if (problem.reason === undefined) return hostMessage('import.jsonEmpty');
  if (problem.line !== undefined) return hostMessage('import.jsonAt', { line: problem.line, column: problem.column ?? 0, reason: problem.reason });
  return hostMessage('import.jsonBad', { reason: problem.reason });
}

function fromObject(raw: Record<string, unknown>, logger: Logger): Settings {
  const out: Record<string, unknown> = { ...defaultSettings };
  const shape = settingsSchema.shape;
  for (const key of Object.keys(shape) as (keyof typeof shape)[]) {
    const value = raw[key];
    if (value === undefined) continue;
    const parsed = shape[key].safeParse(value);
    if (parsed.success) out[key] = parsed.data;
    else logger.warn('settings.json field invalid; using its default', { field: key });
  }
  return settingsSchema.parse(out);
}

/** Reads settings.json without ever changing it. */
export function readSettingsFile(path: string, logger: Logger): SettingsFileState {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'missing' };
    return { state: 'unreadable', problem: cause instanceof Error ? cause.message : String(cause) };
  }
  const parsed = parseJsonc(text);
  if (!parsed.ok) return { state: 'unreadable', problem: parsed.problem.message, text, problemText: problemText(parsed.problem) };
  if (!parsed.value || typeof parsed.value !== 'object' || Array.isArray(parsed.value)) {
    return { state: 'unreadable', problem: 'expected a JSON object', text, problemText: hostMessage('store.settingsNotObject') };
  }
  return { state: 'ok', settings: fromObject(parsed.value as Record<string, unknown>, logger) };
}

/** Reads settings, keeping every valid field and defaulting the rest (and everything when the file is unreadable). */
export function readSettings(path: string, logger: Logger): Settings {
  const read = readSettingsFile(path, logger);
  return read.state === 'ok' ? read.settings : { ...defaultSettings };
}

/** Settings held in memory and persisted on every change. */
export class SettingsStore {
  private current: Settings;
  private readonly path: string;
  private readonly logger: Logger;
  private queue: Promise<unknown> = Promise.resolve();
  /** Name of the copy of an unreadable settings.json, for the refusal message. */
  private keptAs: string | undefined;

  constructor(path: string, logger: Logger, book?: StorageNoticeBook) {
    this.path = path;
    this.logger = logger;
    const read = readSettingsFile(path, logger);
    this.current = read.state === 'ok' ? read.settings : { ...defaultSettings };
    if (read.state === 'unreadable') this.keepAside(read, book);
  }

  /** The current settings. */
  get(): Settings {
    return this.current;
  }

  /**
   * Writes a validated change on top of what is on disk now, then applies it; resolves once it is on disk. A change
   * that cannot be saved is not applied; an unreadable file on disk is not overwritten (the promise rejects, saying why).
   */
  async update(change: Partial<Settings>): Promise<Settings> {
    // Serialized, and each change is built on the last saved one, so an older snapshot can never land after a newer one.
    const write = this.queue.then(async () => {
      const disk = readSettingsFile(this.path, this.logger);
      if (disk.state === 'unreadable') {
        // The parser's problem nests as its own code; a system error (permissions…) is passed on in its own words.
        const problem = disk.problemText ?? hostMessage('settings.readProblem', { reason: disk.problem });
        const params = { ...problem.params, path: this.path, problemCode: problem.code };
        throw new HostMessageError(
          this.keptAs ? hostMessage('settings.fileUnreadableKept', { ...params, copy: this.keptAs }) : hostMessage('settings.fileUnreadable', params),
        );
      }
      const next = { ...(disk.state === 'ok' ? disk.settings : this.current), ...change };
      await writeFileAtomic(this.path, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
      this.current = next;
      return next;
    });
    this.queue = write.catch(() => {});
    return write;
  }

  // Copies the unreadable file aside (once per content) and records a notice the user sees until dismissing it.
  private keepAside(read: { problem: string; text?: string; problemText?: HostMessage }, book: StorageNoticeBook | undefined): void {
    this.logger.warn('settings.json unreadable; using defaults and leaving the file as it is', { reason: read.problem });
    if (read.text === undefined) return;
    const dir = join(this.path, '..');
    const same = book?.list().find((n) => {
      if (n.kind !== 'settings_unreadable') return false;
      try {
        return readFileSync(join(dir, n.keptAs), 'utf8') === read.text;
      } catch {
        return false;
      }
    });
    if (same) {
      this.keptAs = same.keptAs;
      return;
    }
    const copy = asideName(this.path, 'unreadable');
    try {
      copyFileSync(this.path, copy);
      chmodSync(copy, 0o600);
    } catch (cause) {
      this.logger.error('settings.json could not be copied aside', { reason: String(cause) });
      return;
    }
    this.keptAs = basename(copy);
    book?.add({ kind: 'settings_unreadable', file: basename(this.path), keptAs: this.keptAs, reason: read.problem, ...(read.problemText ? { reasonText: read.problemText } : {}) });
  }
}
