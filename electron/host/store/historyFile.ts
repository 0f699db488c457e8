/**
 * history.db as the chat module holds it: opened (a corrupt file moved aside and announced until dismissed), and
 * put back on request (the current file kept aside first, and everything undone when the old file still fails).
 */
import { existsSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import type { StorageNotice } from '../../../shared/contract.ts';
import { hostErr, type Result } from '../../../shared/errors.ts';
import { englishOf, hostMessage } from '../../../shared/hostMessages.ts';
import type { Logger } from '../environment.ts';
import { asideName, moveDatabaseFiles, openHistoryDatabase, openHistoryStrict, type OpenSqlite } from './database.ts';
import type { StorageNoticeBook } from './storageNotices.ts';

/** File name of the history database inside the data folder. */
export const HISTORY_FILE_NAME = 'history.db';

// Earlier versions moved history aside as history.db.corrupt-<time> even on a full disk, and said so only once.
// The first start with a notice record announces those files, so a history that looks lost can still be found.
function announceEarlierMoves(dataDir: string, book: StorageNoticeBook): void {
  if (existsSync(book.path)) return;
  const earlier = readdirSync(dataDir).filter((f) => /^history\.db\.corrupt-[^/]*$/.test(f) && !/-(wal|shm)$/.test(f));
  for (const keptAs of earlier.sort()) {
    const reasonText = hostMessage('store.reasonEarlierVersion');
    book.add({ kind: 'history_moved_aside', file: HISTORY_FILE_NAME, keptAs, reason: englishOf(reasonText), reasonText });
  }
  if (earlier.length === 0) book.save([]);
}

/** The open history database of one data folder. */
export class HistoryFile {
  readonly path: string;
  private current: DatabaseSync;
  private readonly book: StorageNoticeBook;
  private readonly logger: Logger;
  private readonly open: OpenSqlite | undefined;
  private restoring = false;

  /** Opens history.db; throws HistoryUnavailableError when it cannot be opened without losing it. */
  constructor(options: { dataDir: string; book: StorageNoticeBook; logger: Logger; open?: OpenSqlite }) {
    this.path = join(options.dataDir, HISTORY_FILE_NAME);
    this.book = options.book;
    this.logger = options.logger;
    this.open = options.open;
    announceEarlierMoves(options.dataDir, options.book);
    const opened = openHistoryDatabase(this.path, this.logger, this.open);
    if (opened.movedAside) {
      this.book.add({ kind: 'history_moved_aside', file: HISTORY_FILE_NAME, keptAs: basename(opened.movedAside.movedTo), reason: opened.movedAside.reason });
    }
    this.current = opened.db;
  }

  /** The open database. */
  get db(): DatabaseSync {
    return this.current;
  }

  /**
   * Puts the file of a 'history_moved_aside' notice back as history.db. `release` must stop every use of the current
   * database (it is closed next); `adopt` receives the database now open, the restored one or, on failure, the old one.
   */
  async restore(id: string, release: () => Promise<void>, adopt: (db: DatabaseSync) => void): Promise<Result<StorageNotice[]>> {
    // One at a time: a second click would close the history the first one just opened.
    if (this.restoring) return hostErr('already_exists', hostMessage('store.restoreInProgress'));
    this.restoring = true;
    try {
      return await this.swap(id, release, adopt);
    } finally {
      this.restoring = false;
    }
  }

  private async swap(id: string, release: () => Promise<void>, adopt: (db: DatabaseSync) => void): Promise<Result<StorageNotice[]>> {
    const notice = this.book.find(id);
    if (!notice || notice.kind !== 'history_moved_aside') return hostErr('not_found', hostMessage('store.noticeGone'));
    const kept = join(this.path, '..', notice.keptAs);
    if (!existsSync(kept)) return hostErr('not_found', hostMessage('store.keptGone', { file: notice.keptAs }));
    await release();
    this.current.close();
    const replacedBy = asideName(this.path, 'replaced');
    try {
      moveDatabaseFiles(this.path, replacedBy);
      moveDatabaseFiles(kept, this.path);
    } catch (cause) {
      return this.undo(kept, replacedBy, adopt, cause);
    }
    let restored: DatabaseSync;
    try {
      restored = openHistoryStrict(this.path, this.open);
    } catch (cause) {
      return this.undo(kept, replacedBy, adopt, cause);
    }
    this.current = restored;
    adopt(restored);
    this.logger.info('history restored', { from: notice.keptAs, replacedBy });
    this.book.dismiss(id);
    const reasonText = hostMessage('store.reasonReplaced', { file: notice.keptAs });
    this.book.add({ kind: 'history_moved_aside', file: HISTORY_FILE_NAME, keptAs: basename(replacedBy), reason: englishOf(reasonText), reasonText });
    return { ok: true, value: this.book.list() };
  }

  // Puts both files back where they were and reopens the history that was in use.
  private undo(kept: string, replacedBy: string, adopt: (db: DatabaseSync) => void, cause: unknown): Result<StorageNotice[]> {
    const reason = cause instanceof Error ? cause.message : String(cause);
    if (existsSync(this.path) && !existsSync(kept)) moveDatabaseFiles(this.path, kept);
    if (existsSync(replacedBy)) moveDatabaseFiles(replacedBy, this.path);
    this.current = openHistoryStrict(this.path, this.open);
    adopt(this.current);
    this.logger.warn('history restore failed; previous history kept in use', { reason });
    return hostErr('storage_error', hostMessage('store.restoreUnusable', { file: basename(kept), reason }));
  }
}
