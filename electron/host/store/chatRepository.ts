/** Chats, messages and tool calls in history.db: the only code that writes SQL for them. */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { ChatMessage, ChatSummary, ContentBlock, ToolCallBlock, ToolScope } from '../../../shared/chat.ts';
import { text, toJson, type Row } from './rows.ts';
import { mayHoldToolCalls, toMessage, toSummary, toToolCall, toolScopeOf, type StoredBlock } from './chatRows.ts';
import { HistorySearch, likePattern } from './search/historySearch.ts';
import { buildSearchIndex, type IndexBuildOptions } from './search/indexBuilder.ts';
import { findMatchSql, registerFindMatch } from './search/matchFunction.ts';
import { hasPendingDocuments, writeDocumentNow, writePendingDocuments } from './search/pendingIndex.ts';
import { BranchTree } from './branchTree.ts';
import { schemaVersion } from './migrations.ts';
import { SavedRows, type RowValues } from './savedRows.ts';
import { ChatListCache, type ChatListReads } from './chatListCache.ts';

/** A page of messages, oldest first, with the cursor of older ones. */
export interface MessagePage {
  messages: ChatMessage[];
  olderCursor?: string;
}

/** How a save is written. */
export interface SaveOptions {
  /** Leave the chat's update time to the run's last save or `touchChat` (a run's turn end: the send already moved the chat up). */
  deferTouch?: boolean;
}

/** Runs `fn` in one transaction (node:sqlite has no helper). */
export function transaction<T>(db: DatabaseSync, fn: () => T): T {
  if (db.isTransaction) return fn();
  db.exec('BEGIN');
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (cause) {
    db.exec('ROLLBACK');
    throw cause;
  }
}

/** The plain text of a message, as searched and exported. */
export function searchTextOf(blocks: ContentBlock[]): string {
  return blocks
    .map((b) => (b.type === 'text' ? b.text : b.type === 'attachment' ? (b.name ?? b.uri) : ''))
    .filter((t) => t.length > 0)
    .join('\n');
}

const summaryColumns = 'id, title, title_locked, model, created_at, updated_at, message_count, tool_scope';

/** Repository of chats, messages and tool calls. Synchronous: node:sqlite is, and each call is short. */
export class ChatRepository {
  private db: DatabaseSync;
  private stmts: Record<string, StatementSync>;
  private search: HistorySearch;
  // Absent on a database older than schema 4, which tests and benches build to test migrations: written as one branch.
  private branches: BranchTree | undefined;
  // Schema 6 and later: ended answers wait in search_pending for `indexPending` (search/pendingIndex.ts).
  private searchPerRun: boolean;
  // Schema 7 and later: a finished message inserted is listed there too, and indexed by insertMessage (unless it waits).
  private insertsListed: boolean;
  // What was committed for each streaming message, so a save writes only the rows that changed (savedRows.ts).
  private readonly saved = new SavedRows();
  // Each chat's tool scope, read at every tool listing and call of a run; only setToolScope and deleteChat change it.
  private readonly scopes = new Map<string, ToolScope | null>();
  // The list's first page: every write to a chat's row below (and the tree's removals) reports its chat to it.
  private readonly list = new ChatListCache();
  // Chats whose update time waits for their run's end (`deferTouch`), with the newest time a write left out.
  private readonly untouched = new Map<string, number>();
  private readonly listReads: ChatListReads = {
    page: (limit) => (this.stmt('listChats').all(limit, 0) as Row[]).map(toSummary),
    one: (id) => this.getChat(id),
    inTransaction: () => this.db.isTransaction,
  };

  constructor(db: DatabaseSync) {
    this.db = db;
    ({ stmts: this.stmts, search: this.search, branches: this.branches, searchPerRun: this.searchPerRun, insertsListed: this.insertsListed } = this.over(db));
  }

  /** What the repository keeps per database: its statements, search, and the features its schema version has. */
  private over(db: DatabaseSync): { stmts: Record<string, StatementSync>; search: HistorySearch; branches: BranchTree | undefined; searchPerRun: boolean; insertsListed: boolean } {
    const version = schemaVersion(db);
    const branches = version >= 4 ? new BranchTree(db, (chatId) => this.list.changedChat(chatId)) : undefined;
    return { stmts: ChatRepository.prepare(db), search: new HistorySearch(db), branches, searchPerRun: version >= 6, insertsListed: version >= 7 };
  }

  /** Switches to another open database (a restored history); the old one is the caller's to close. */
  useDatabase(db: DatabaseSync): void {
    ({ stmts: this.stmts, search: this.search, branches: this.branches, searchPerRun: this.searchPerRun, insertsListed: this.insertsListed } = this.over(db));
    this.db = db;
    this.saved.clear();
    this.scopes.clear();
    this.list.clear();
    this.untouched.clear();
  }

  /** The branch structure (schema 4 and later). */
  get tree(): BranchTree {
    if (!this.branches) throw new Error('history.db predates branches (schema 4)');
    return this.branches;
  }

  /** Indexes messages older than the search index in batches (search scans until done); run once after opening. */
  async buildSearchIndex(options: IndexBuildOptions = {}): Promise<void> {
    // Documents a crash left waiting (their run never reached its end) are written first, before any search.
    this.indexPending();
    await buildSearchIndex(this.db, options);
    // Then which chat each message is in, so the first search does not read it (search/chatRuns.ts).
    await this.search.warm();
  }

  private static prepare(db: DatabaseSync): Record<string, StatementSync> {
    registerFindMatch(db);
    const p = (sql: string) => db.prepare(sql);
    return {
      insertChat: p('INSERT INTO chats (id, title, title_locked, model, created_at, updated_at) VALUES (?, ?, 0, ?, ?, ?)'),
      getChat: p(`SELECT ${summaryColumns} FROM chats WHERE id = ?`),
      chatsByIds: p(`SELECT ${summaryColumns} FROM chats WHERE id IN (SELECT value FROM json_each(?))`),
      listChats: p(`SELECT ${summaryColumns} FROM chats ORDER BY updated_at DESC, id LIMIT ? OFFSET ?`),
      // The scan while the index is built: titles and message text, matched as find matches (search/matchFunction.ts).
      searchChats: p(
        `SELECT ${summaryColumns} FROM chats c WHERE ${findMatchSql('c.title', '?1', '?2')}
           OR EXISTS (SELECT 1 FROM messages m WHERE m.chat_id = c.id AND ${findMatchSql('m.search_text', '?1', '?2')})
         ORDER BY updated_at DESC, id LIMIT ?3 OFFSET ?4`,
      ),
      rename: p('UPDATE chats SET title = ?, title_locked = 1, updated_at = ? WHERE id = ?'),
      autoTitle: p('UPDATE chats SET title = ? WHERE id = ? AND title_locked = 0'),
      setModel: p('UPDATE chats SET model = ? WHERE id = ?'),
      setToolScope: p('UPDATE chats SET tool_scope = ? WHERE id = ?'),
      deleteChat: p('DELETE FROM chats WHERE id = ?'),
      insertMessage: p(
        `INSERT INTO messages (id, chat_id, role, blocks, search_text, status, model, input_tokens, output_tokens, cache_read_tokens,
           cache_write_tokens, stop_reason, notice, error, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      ...(schemaVersion(db) >= 4
        ? {
            // A message written with its place in the branch tree, and its chat's leaf, count and update time in one update.
            insertPlaced: p(
              `INSERT INTO messages (id, chat_id, role, blocks, search_text, status, model, input_tokens, output_tokens, cache_read_tokens,
                 cache_write_tokens, stop_reason, notice, error, created_at, updated_at, parent_id, depth)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            ),
            leafAndCountUp: p('UPDATE chats SET active_leaf = ?, message_count = message_count + 1, updated_at = max(updated_at, ?) WHERE id = ?'),
            // The same without the update time: the chats_by_updated index is left alone (one WAL page less per commit).
            leafAndCount: p('UPDATE chats SET active_leaf = ?, message_count = message_count + 1 WHERE id = ?'),
          }
        : {}),
      touchMessage: p('UPDATE messages SET updated_at = ? WHERE id = ?'),
      updateMessage: p(
        `UPDATE messages SET blocks = ?, search_text = ?, status = ?, model = ?, input_tokens = ?, output_tokens = ?, cache_read_tokens = ?,
           cache_write_tokens = ?, stop_reason = ?, notice = ?, error = ?, updated_at = ? WHERE id = ?`,
      ),
      countUp: p('UPDATE chats SET message_count = message_count + ?, updated_at = max(updated_at, ?) WHERE id = ?'),
      touch: p('UPDATE chats SET updated_at = max(updated_at, ?) WHERE id = ?'),
      upsertToolCall: p(
        `INSERT INTO tool_calls (message_id, id, chat_id, position, server_id, tool_name, exposed_name, arguments, result, error, status, started_at, duration_ms, extra)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (message_id, id) DO UPDATE SET position = excluded.position, server_id = excluded.server_id, tool_name = excluded.tool_name,
           exposed_name = excluded.exposed_name, arguments = excluded.arguments, result = excluded.result, error = excluded.error,
           status = excluded.status, started_at = excluded.started_at, duration_ms = excluded.duration_ms, extra = excluded.extra`,
      ),
      allMessages: p('SELECT * FROM messages WHERE chat_id = ? ORDER BY seq'),
      hasToolCall: p('SELECT 1 FROM tool_calls WHERE chat_id = ? AND id = ? AND server_id = ? LIMIT 1'),
      // By message id: a page of a branch can span a wide range of seqs (other branches' messages in between).
      toolCallsOf: p('SELECT t.* FROM json_each(?) j CROSS JOIN tool_calls t ON t.message_id = j.value ORDER BY t.position'),
      seqOf: p('SELECT seq FROM messages WHERE id = ?'),
      interrupted: p("SELECT * FROM messages WHERE status = 'streaming'"),
    };
  }

  private stmt(name: string): StatementSync {
    const statement = this.stmts[name];
    if (!statement) throw new Error(`unknown statement ${name}`);
    return statement;
  }

  /** Creates an empty chat. */
  createChat(id: string, title: string, model: string, now: number): ChatSummary {
    this.scopes.delete(id);
    this.list.changedChat(id);
    this.stmt('insertChat').run(id, title, model, now, now);
    return { id, title, titleLocked: false, model, createdAt: now, updatedAt: now, messageCount: 0 };
  }

  /** One chat's summary. */
  getChat(id: string): ChatSummary | undefined {
    const row = this.stmt('getChat').get(id) as Row | undefined;
    return row ? toSummary(row) : undefined;
  }

  /**
   * Chats, most recently updated first; with `query`, the chats whose title or messages (text, tool names, arguments,
   * results) match, ranked (search/historySearch.ts), or by the old scan while the index is being built.
   */
  listChats(options: { query?: string; offset?: number; limit?: number } = {}): ChatSummary[] {
    const limit = options.limit ?? 50;
    const offset = options.offset ?? 0;
    const query = options.query?.trim();
    // The first page comes from the kept list; a limit below 1 (SQLite: none) reads the table as before.
    if (!query) return offset === 0 && limit >= 1 ? this.list.first(limit, this.listReads) : (this.stmt('listChats').all(limit, offset) as Row[]).map(toSummary);
    this.indexPendingForSearch();
    const ids = this.search.chatIds(query, limit, offset);
    if (ids === undefined) return (this.stmt('searchChats').all(likePattern(query), query, limit, offset) as Row[]).map(toSummary);
    const byId = new Map((this.stmt('chatsByIds').all(JSON.stringify(ids)) as Row[]).map((row) => [text(row, 'id'), toSummary(row)]));
    return ids.map((id) => byId.get(id)).filter((c): c is ChatSummary => c !== undefined);
  }

  /** Renames a chat and locks its title against auto-titling. */
  renameChat(id: string, title: string, now: number): ChatSummary | undefined {
    this.list.changedChat(id);
    this.stmt('rename').run(title, now, id);
    return this.getChat(id);
  }

  /** Sets the title from the first message, unless the user renamed the chat. */
  setAutoTitle(id: string, title: string): void {
    this.list.changedChat(id);
    this.stmt('autoTitle').run(title, id);
  }

  /** Records the model a chat now uses. */
  setChatModel(id: string, model: string): void {
    this.list.changedChat(id);
    this.stmt('setModel').run(model, id);
  }

  /** Sets a chat's tool scope (null: back to the default from settings); false when the chat does not exist. */
  setToolScope(id: string, scope: ToolScope | null): boolean {
    this.scopes.delete(id);
    this.list.changedChat(id);
    return Number(this.stmt('setToolScope').run(scope ? JSON.stringify(scope) : null, id).changes) > 0;
  }

  /** A chat's tool scope (undefined: the default from settings, or no such chat), read from SQLite once per chat. */
  toolScope(id: string): ToolScope | undefined {
    const known = this.scopes.get(id);
    if (known !== undefined) return known ?? undefined;
    const row = this.stmt('getChat').get(id) as Row | undefined;
    // An absent chat is not remembered: it may be created later under that id.
    if (!row) return undefined;
    const scope = toolScopeOf(row).toolScope;
    this.scopes.set(id, scope ?? null);
    return scope;
  }

  /** Deletes a chat with its messages and tool calls; false when it did not exist. */
  deleteChat(id: string): boolean {
    this.scopes.delete(id);
    this.list.changedChat(id);
    this.branches?.forgetPlaced();
    return Number(this.stmt('deleteChat').run(id).changes) > 0;
  }

  /**
   * Adds a message (and its tool calls) under `parentId` (null: a first message; absent: under the leaf shown), makes it
   * the leaf shown, and bumps the chat's count and update time. Sets the message's parentId and siblings. A finished
   * message is searchable once this commits, or with `searchWithRun` (a sent message) with its run's documents (indexPending).
   * `deferTouch`: the chat's update time is left to its run's end (a run's next answer; see SaveOptions).
   */
  insertMessage(message: ChatMessage, parentId?: string | null, options: { searchWithRun?: boolean; deferTouch?: boolean } = {}): void {
    this.saved.forget(message.id);
    this.list.changedChat(message.chatId);
    this.forgettingOnRollback(() => transaction(this.db, () => {
      const row = [message.id, message.chatId, message.role, ...this.messageValues(message), message.createdAt, message.updatedAt];
      // The row is written once, placed (an update of parent and depth after the insert wrote it and its indexes twice).
      const place = this.branches?.placement(message.chatId, parentId);
      let seq: number | bigint;
      if (this.branches && place) {
        seq = this.stmt('insertPlaced').run(...row, place.parentId, place.depth).lastInsertRowid;
        if (place.parentId) message.parentId = place.parentId;
        else delete message.parentId;
        const siblings = place.onlyChild ? [] : this.branches.childrenOf(message.chatId, place.parentId);
        if (siblings.length > 1) message.siblings = siblings;
        else delete message.siblings;
        this.branches.placed(message.chatId, message.id, place.depth);
      } else seq = this.stmt('insertMessage').run(...row).lastInsertRowid;
      for (const values of this.toolCallValues(message).values()) this.stmt('upsertToolCall').run(...values);
      if (this.insertsListed && message.status !== 'streaming' && !options.searchWithRun) writeDocumentNow(this.db, seq);
      if (place && options.deferTouch) this.stmt('leafAndCount').run(message.id, message.chatId);
      else if (place) this.stmt('leafAndCountUp').run(message.id, message.updatedAt, message.chatId);
      else this.stmt('countUp').run(1, message.updatedAt, message.chatId);
    }));
    if (options.deferTouch && this.branches) this.leaveUntouched(message.chatId, message.updatedAt);
  }

  // A write that left the chat's update time out: `touchChat` (or the run's last save) writes the newest such time.
  private leaveUntouched(chatId: string, at: number): void {
    this.untouched.set(chatId, Math.max(at, this.untouched.get(chatId) ?? at));
  }

  /**
   * Writes the update time a run's writes left out (`deferTouch`) when its last save did not (a run stopped between
   * turns): the chat ends up where its newest message puts it. Nothing to write, no statement.
   */
  touchChat(chatId: string): void {
    const at = this.untouched.get(chatId);
    if (at === undefined) return;
    this.list.changedChat(chatId);
    this.stmt('touch').run(at, chatId);
    this.untouched.delete(chatId);
  }

  // A write that threw may leave a placement remembered that was never committed (branchTree.ts `placed`).
  private forgettingOnRollback<T>(fn: () => T): T {
    try {
      return fn();
    } catch (cause) {
      this.branches?.forgetPlaced();
      throw cause;
    }
  }

  /**
   * Writes a message as it stands (called at each block's end, at each tool call status, on stop, on error, at the
   * end). While it streams, only the rows that changed since its last committed save are written, and the chat's
   * update time waits for the last save (with `deferTouch`, for its run's end); its tool calls go before its row, so
   * the search index (which skips a streaming message, search/schema.ts) builds its document once, when the status
   * changes.
   */
  saveMessage(message: ChatMessage, options: SaveOptions = {}): void {
    const values = this.messageValues(message);
    const calls = this.toolCallValues(message);
    // Inside a caller's transaction this save may yet be rolled back: it is written whole and not remembered.
    const ownCommit = !this.db.isTransaction;
    if (!ownCommit) this.saved.forget(message.id);
    const written = new Map<string, RowValues>();
    // A message that stops streaming moves its chat up the list, unless its run's end will (`deferTouch`).
    const done = message.status !== 'streaming';
    const touches = done && !options.deferTouch;
    transaction(this.db, () => {
      for (const [id, call] of calls) {
        written.set(id, call);
        if (!this.saved.callUnchanged(message.id, id, call)) this.stmt('upsertToolCall').run(...call);
      }
      if (this.saved.rowUnchanged(message.id, values)) this.stmt('touchMessage').run(message.updatedAt, message.id);
      else this.stmt('updateMessage').run(...values, message.updatedAt, message.id);
      if (touches) {
        this.list.changedChat(message.chatId);
        this.stmt('touch').run(Math.max(message.updatedAt, this.untouched.get(message.chatId) ?? 0), message.chatId);
      }
    });
    if (done && options.deferTouch) this.leaveUntouched(message.chatId, message.updatedAt);
    // Only a committed touch settles the times left out: one inside a caller's transaction may yet be rolled back.
    else if (touches && ownCommit) this.untouched.delete(message.chatId);
    // The last save (any other status) still skipped what was written; nothing saves the message often after it.
    if (ownCommit && message.status === 'streaming') this.saved.remember(message.id, values, written);
    else this.saved.forget(message.id);
  }

  /**
   * The latest `limit` messages of the branch shown, oldest first: ending at the leaf shown, or with `before` (a cursor
   * from an earlier page: a message id) at that message's parent. Each message with other versions lists them, unless
   * `versions` is false (a run's history tail: other versions are never sent, and listing them is a query per page).
   */
  pageMessages(chatId: string, limit: number, before?: string, versions = true): MessagePage {
    const start = before === undefined ? this.tree.leaf(chatId) : this.tree.node(before)?.parentId;
    if (!start || (before !== undefined && this.tree.node(before)?.chatId !== chatId)) return { messages: [] };
    const page = this.withToolCalls(chatId, this.tree.pathRows(start, limit).reverse());
    const messages = versions ? this.withSiblings(chatId, page) : page;
    const oldest = messages[0];
    return oldest?.parentId ? { messages, olderCursor: oldest.id } : { messages };
  }

  /** Every message of the branch shown, oldest first (exports). */
  allMessages(chatId: string): ChatMessage[] {
    const leaf = this.tree.leaf(chatId);
    return leaf ? this.withToolCalls(chatId, this.tree.pathRows(leaf, Number.MAX_SAFE_INTEGER).reverse()) : [];
  }

  /** True when the chat holds a call `toolCallId` to a tool of `serverId` (one indexed lookup, no messages read). */
  hasToolCall(chatId: string, toolCallId: string, serverId: string): boolean {
    return this.stmt('hasToolCall').get(chatId, toolCallId, serverId) !== undefined;
  }

  /** Every message of every branch, in the order written (the JSON export of all branches). */
  allBranchMessages(chatId: string): ChatMessage[] {
    return this.withToolCalls(chatId, this.stmt('allMessages').all(chatId));
  }

  /** One message of a chat, with its tool calls. */
  getMessage(chatId: string, id: string): ChatMessage | undefined {
    const message = this.withToolCalls(chatId, this.tree.pathRows(id, 1))[0];
    return message?.chatId === chatId ? message : undefined;
  }

  // A run's ended answers and its sent message wait in search_pending until a moment after the run's end
  // (search/pendingIndexTimer.ts): a search writes them first, so it finds what history holds. If that write fails
  // they stay listed (the timer, shutdown or next start writes them, and reports a failure there) and the search
  // answers all the same.
  private indexPendingForSearch(): void {
    try {
      this.indexPending();
    } catch {
      // Left listed; see above.
    }
  }

  /** Writes the search documents waiting since the last call, in one transaction (search/pendingIndex.ts). */
  indexPending(): void {
    if (this.searchPerRun && hasPendingDocuments(this.db)) transaction(this.db, () => writePendingDocuments(this.db));
  }

  /** Runs `fn` in one transaction on the current database. */
  inTransaction<T>(fn: () => T): T {
    return this.forgettingOnRollback(() => transaction(this.db, fn));
  }

  /** How many messages the branch shown holds. */
  pathLength(chatId: string): number {
    const leaf = this.tree.leaf(chatId);
    return leaf ? (this.tree.node(leaf)?.depth ?? 0) + 1 : 0;
  }

  private withSiblings(chatId: string, messages: ChatMessage[]): ChatMessage[] {
    const siblings = this.tree.siblingsOf(chatId, messages.map((m) => m.parentId ?? null));
    for (const message of messages) {
      const list = siblings.get(message.id);
      if (list && list.length > 1) message.siblings = list;
    }
    return messages;
  }

  /** Messages a previous run left mid-stream (the app quit or crashed), with their tool calls. */
  interruptedMessages(): ChatMessage[] {
    return (this.stmt('interrupted').all() as Row[]).flatMap((row) => this.withToolCalls(text(row, 'chat_id'), [row]));
  }

  private withToolCalls(chatId: string, rows: Row[]): ChatMessage[] {
    if (rows.length === 0) return [];
    const calls = new Map<string, ToolCallBlock>();
    // Rows whose blocks name no tool call (a new chat's message, a chat without tools) need no read of the calls.
    if (!rows.some(mayHoldToolCalls)) return rows.map((row) => toMessage(row, calls));
    for (const row of this.stmt('toolCallsOf').all(JSON.stringify(rows.map((r) => text(r, 'id')))) as Row[]) {
      calls.set(`${text(row, 'message_id')}\u0000${text(row, 'id')}`, toToolCall(row));
    }
    return rows.map((row) => toMessage(row, calls));
  }

  private messageValues(m: ChatMessage): [string, string, string, string | null, number | null, number | null, number | null, number | null, string | null, string | null, string | null] {
    const stored: StoredBlock[] = m.blocks.map((b) => (b.type === 'tool_call' ? { type: 'tool_call', id: b.id } : b));
    return [
      JSON.stringify(stored),
      searchTextOf(m.blocks),
      m.status,
      m.model ?? null,
      m.usage?.inputTokens ?? null,
      m.usage?.outputTokens ?? null,
      m.usage?.cacheReadTokens ?? null,
      m.usage?.cacheWriteTokens ?? null,
      m.stopReason ?? null,
      m.notice ?? null,
      toJson(m.error),
    ];
  }

  // The upsertToolCall values of each tool call of a message, by call id.
  private toolCallValues(m: ChatMessage): Map<string, (string | number | null)[]> {
    const out = new Map<string, (string | number | null)[]>();
    m.blocks.forEach((b, position) => {
      if (b.type !== 'tool_call') return;
      const { type: _t, id, exposedName, serverId, toolName, input, result, error, status, startedAt, durationMs, ...extra } = b;
      out.set(id, [
        m.id, id, m.chatId, position, serverId, toolName, exposedName, toJson(input), toJson(result), toJson(error), status,
        startedAt ?? null, durationMs ?? null, JSON.stringify(extra),
      ]);
    });
    return out;
  }
}
