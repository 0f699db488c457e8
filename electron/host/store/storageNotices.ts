/**
 * Notices about the user's files that must survive restarts (a history moved aside, an unreadable settings.json):
 * kept in <dataDir>/storage-notices.json until the user dismisses them, so a notice missed once is never lost.
 */
import { randomUUID } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { StorageNotice } from '../../../shared/contract.ts';
import { hostMessageSchema } from '../../../shared/hostMessages.ts';
import type { Logger } from '../environment.ts';

/** File name of the notice record inside the data folder. */
export const STORAGE_NOTICES_FILE = 'storage-notices.json';

const kinds: ReadonlySet<string> = new Set<StorageNotice['kind']>(['history_moved_aside', 'settings_unreadable']);

function isNotice(value: unknown): value is StorageNotice {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' && typeof v.kind === 'string' && kinds.has(v.kind) && typeof v.file === 'string' &&
    typeof v.keptAs === 'string' && typeof v.reason === 'string' && typeof v.at === 'string'
  );
}

/** A reason code this version does not know (a record from a newer one) is dropped: the English `reason` stays. */
function withKnownReason(notice: StorageNotice): StorageNotice {
  if (notice.reasonText === undefined || hostMessageSchema.safeParse(notice.reasonText).success) return notice;
  const { reasonText: _unknown, ...rest } = notice;
  return rest;
}

// Sync on purpose: notices are recorded while the history database is being opened, before the host answers calls.
function writeSyncAtomic(path: string, text: string): void {
  const temp = `${path}.${process.pid}.${randomUUID().slice(0, 8)}.tmp`;
  try {
    const fd = openSync(temp, 'w', 0o600);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (cause) {
    try {
      unlinkSync(temp);
    } catch {
      // Never created, or already renamed.
    }
    throw cause;
  }
}

/** The persisted list of storage notices of one data folder. */
export class StorageNoticeBook {
  readonly path: string;
  private readonly logger: Logger;

  constructor(dataDir: string, logger: Logger) {
    this.path = join(dataDir, STORAGE_NOTICES_FILE);
    this.logger = logger;
  }

  /** Every notice not yet dismissed, oldest first. A damaged record reads as empty (it only holds copies of log facts). */
  list(): StorageNotice[] {
    try {
      const parsed: unknown = JSON.parse(readFileSync(this.path, 'utf8'));
      return Array.isArray(parsed) ? parsed.filter(isNotice).map(withKnownReason) : [];
    } catch (cause) {
      if ((cause as NodeJS.ErrnoException).code !== 'ENOENT') this.logger.warn('storage notices unreadable', { reason: String(cause) });
      return [];
    }
  }

  /** Records a notice; if it cannot be saved it is still returned so this run shows it (and the log has it). */
  add(notice: Omit<StorageNotice, 'id' | 'at'>): StorageNotice {
    const full: StorageNotice = { ...notice, id: randomUUID(), at: new Date().toISOString() };
    try {
      this.save([...this.list(), full]);
    } catch (cause) {
      this.logger.error('storage notice could not be saved', { reason: String(cause), notice: full });
    }
    return full;
  }

  /** The notice with this id, if it is still open. */
  find(id: string): StorageNotice | undefined {
    return this.list().find((n) => n.id === id);
  }

  /** Forgets one notice (the kept file stays where it is); returns what remains. */
  dismiss(id: string): StorageNotice[] {
    const rest = this.list().filter((n) => n.id !== id);
    this.save(rest);
    return rest;
  }

  /** Replaces the whole record (an empty list marks the folder as having one). */
  save(notices: StorageNotice[]): void {
    writeSyncAtomic(this.path, `${JSON.stringify(notices, null, 2)}\n`);
  }
}
