/**
 * The first page of the chat list (most recently updated first), kept between reads. The list is pushed to the window
 * at each send and at each run's end ('chats.changed', 100 chats), and reading every summary back each time cost more
 * than the rest of the push. The repository reports each write to a chat's row (`changedChat`); the next read reads
 * only those chats again (one indexed row each) and puts them in their place. It reads the whole page again whenever
 * that could be inexact: a chat left a full page or was deleted from it, or the read is inside a transaction that may
 * still roll back. A rolled-back write needs nothing special: the chats it touched are read as they are now.
 */
import type { ChatSummary } from '../../../shared/chat.ts';

/** How the cache reads the database. */
export interface ChatListReads {
  /** The first `limit` chats, in list order (`ORDER BY updated_at DESC, id`). */
  page(limit: number): ChatSummary[];
  /** One chat's summary; undefined when it does not exist. */
  one(id: string): ChatSummary | undefined;
  /** True inside an open transaction. */
  inTransaction(): boolean;
}

// Past this many changed chats, one page read is cheaper than reading each of them.
const maxChanged = 32;

// SQLite's BINARY collation compares UTF-8 bytes; JavaScript's < compares UTF-16 units, which differs past U+FFFF.
function idBefore(a: string, b: string): boolean {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')) < 0;
}

function before(a: ChatSummary, b: ChatSummary): boolean {
  return a.updatedAt > b.updatedAt || (a.updatedAt === b.updatedAt && idBefore(a.id, b.id));
}

/** The list's first page, refreshed from the chats written since it was read. */
export class ChatListCache {
  private page: ChatSummary[] | undefined;
  // The limit the page was read with: a page shorter than this holds every chat.
  private capacity = 0;
  private readonly changed = new Set<string>();

  /** Chat `id`'s row was written (created, renamed, counted, deleted...), committed or not yet. */
  changedChat(id: string): void {
    if (!this.page) return;
    this.changed.add(id);
    if (this.changed.size > maxChanged) this.clear();
  }

  /** Forgets the page (another database was opened). */
  clear(): void {
    this.page = undefined;
    this.changed.clear();
  }

  /** The first `limit` chats, as the database holds them now; the objects are the caller's. */
  first(limit: number, reads: ChatListReads): ChatSummary[] {
    if (reads.inTransaction()) {
      this.clear();
      return reads.page(limit);
    }
    let page = this.page && limit <= this.capacity ? this.refreshed(this.page, reads) : undefined;
    if (!page) {
      this.capacity = Math.max(limit, this.capacity);
      page = reads.page(this.capacity);
    }
    this.page = page;
    this.changed.clear();
    return page.slice(0, limit).map((chat) => ({ ...chat }));
  }

  // The page with each changed chat read again and moved to its place; undefined when only a page read can say.
  private refreshed(page: ChatSummary[], reads: ChatListReads): ChatSummary[] | undefined {
    const list = page.slice();
    for (const id of this.changed) {
      // Each step leaves the exact first page of the chats as they would be with this change made: a page that is
      // not full holds every chat, and a full one holds every chat that comes before its last.
      const full = list.length >= this.capacity;
      const at = list.findIndex((chat) => chat.id === id);
      if (at >= 0) list.splice(at, 1);
      const now = reads.one(id);
      if (!now) {
        if (at >= 0 && full) return undefined;
        continue;
      }
      const to = list.findIndex((chat) => before(now, chat));
      if (to < 0) {
        // After the last chat of a full page: not on the page, unless it was, and a chat never read may now come first.
        if (!full) list.push(now);
        else if (at >= 0) return undefined;
        continue;
      }
      list.splice(to, 0, now);
      if (list.length > this.capacity) list.pop();
    }
    return list;
  }
}
