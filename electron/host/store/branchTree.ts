/**
 * The message tree of a chat (schema 4): each message names its parent (null for a first message) and its depth, each
 * chat the leaf it shows. Editing a message or regenerating a reply adds a sibling; the path from the root to the
 * active leaf is the conversation shown and sent. Only this file and chatRepository.ts write SQL for it.
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { num, optionalText, text, type Row } from './rows.ts';

// Walks from a message up through its parents, newest first, at most ?2 messages.
const pathSql = `WITH RECURSIVE path(id, n) AS (
    SELECT ?1, 1
    UNION ALL
    SELECT m.parent_id, p.n + 1 FROM path p JOIN messages m ON m.id = p.id WHERE m.parent_id IS NOT NULL AND p.n < ?2
  )
  SELECT m.* FROM path p CROSS JOIN messages m ON m.id = p.id ORDER BY p.n`;

// A message and everything below it. CROSS JOIN keeps SQLite's join order (CTE first, then the index on parents):
// the other order re-ran the CTE for each message of the chat, a minute for a 5,000-message branch.
const subtreeSql = `WITH RECURSIVE sub(id, seq) AS (
    SELECT id, seq FROM messages WHERE id = ?2 AND chat_id = ?1
    UNION ALL
    SELECT m.id, m.seq FROM sub CROSS JOIN messages m ON m.chat_id = ?1 AND m.parent_id = sub.id
  )`;

/** Reads and changes the branch structure of chats. */
export class BranchTree {
  private readonly stmts: Record<string, StatementSync>;
  // The last message placed in each chat and its depth (`placed`). A run's next answer hangs under the answer placed
  // just before it, which can have no other child yet: every insert is placed here, and the edits that move or delete
  // messages forget it, as does a write that rolled back (`forgetPlaced`). Saves a read of the parent and of its
  // children per answer.
  private readonly lastPlaced = new Map<string, { id: string; depth: number }>();

  // Told of each chat whose row (its message count) a removal changes: the chat list keeps its first page (chatListCache.ts).
  private readonly chatChanged: (chatId: string) => void;

  constructor(db: DatabaseSync, chatChanged: (chatId: string) => void = () => {}) {
    this.chatChanged = chatChanged;
    const p = (sql: string) => db.prepare(sql);
    this.stmts = {
      leaf: p('SELECT active_leaf FROM chats WHERE id = ?'),
      setLeaf: p('UPDATE chats SET active_leaf = ? WHERE id = ?'),
      node: p('SELECT id, chat_id, parent_id, depth, role, status FROM messages WHERE id = ?'),
      path: p(pathSql),
      // From the listed parents into the parent index: the planner otherwise scans the whole chat.
      children: p('SELECT m.id, m.parent_id FROM json_each(?2) j CROSS JOIN messages m ON m.chat_id = ?1 AND m.parent_id = j.value ORDER BY m.seq'),
      // One parent (each message added): no JSON list to build and read.
      childrenOf: p('SELECT id FROM messages WHERE chat_id = ? AND parent_id = ? ORDER BY seq'),
      roots: p('SELECT id FROM messages WHERE chat_id = ? AND parent_id IS NULL ORDER BY seq'),
      latestUnder: p(`${subtreeSql} SELECT id FROM sub ORDER BY seq DESC LIMIT 1`),
      subtree: p(`${subtreeSql} SELECT id FROM sub`),
      latestInChat: p('SELECT id FROM messages WHERE chat_id = ? ORDER BY seq DESC LIMIT 1'),
      reparent: p('UPDATE messages SET parent_id = ? WHERE chat_id = ? AND parent_id = ?'),
      lift: p('UPDATE messages SET depth = depth - ? WHERE id IN (SELECT value FROM json_each(?))'),
      remove: p('DELETE FROM messages WHERE id IN (SELECT value FROM json_each(?))'),
      countDown: p('UPDATE chats SET message_count = max(0, message_count - ?) WHERE id = ?'),
    };
  }

  private stmt(name: string): StatementSync {
    const statement = this.stmts[name];
    if (!statement) throw new Error(`unknown statement ${name}`);
    return statement;
  }

  /** The leaf a chat shows; undefined for an empty chat. */
  leaf(chatId: string): string | undefined {
    const row = this.stmt('leaf').get(chatId) as Row | undefined;
    return row ? optionalText(row, 'active_leaf') : undefined;
  }

  /** Makes `leafId` (or nothing) the leaf shown. */
  setLeaf(chatId: string, leafId: string | null): void {
    this.stmt('setLeaf').run(leafId, chatId);
  }

  /** A message's place in its chat's tree. */
  node(id: string): { id: string; chatId: string; parentId: string | null; depth: number; role: string; status: string } | undefined {
    const row = this.stmt('node').get(id) as Row | undefined;
    if (!row) return undefined;
    return { id, chatId: text(row, 'chat_id'), parentId: optionalText(row, 'parent_id') ?? null, depth: num(row, 'depth'), role: text(row, 'role'), status: text(row, 'status') };
  }

  /**
   * Where a new message goes: under `parentId` when given (null: a first message), else under the leaf shown.
   * `onlyChild`: the new one has no siblings, because its parent is the message placed last in this chat, or because
   * the chat shows no message (a chat has a leaf whenever it has a message), so no other first message exists.
   */
  placement(chatId: string, parentId: string | null | undefined): { parentId: string | null; depth: number; onlyChild?: boolean } {
    const parent = parentId === undefined ? this.leaf(chatId) : parentId;
    // No leaf: a new chat's first message, placed without reading the chat's first messages (0.06 ms of a send).
    if (parent === undefined) return { parentId: null, depth: 0, onlyChild: true };
    if (parent === null) return { parentId: null, depth: 0 };
    const last = this.lastPlaced.get(chatId);
    if (last?.id === parent) return { parentId: parent, depth: last.depth + 1, onlyChild: true };
    const node = this.node(parent);
    if (!node || node.chatId !== chatId) throw new Error(`message ${parent} is not in chat ${chatId}`);
    return { parentId: parent, depth: node.depth + 1 };
  }

  /** Records the message just placed in `chatId` at `depth` (see `placement`). */
  placed(chatId: string, id: string, depth: number): void {
    // Chats that run are few; past this, forgetting costs only the two reads per insert it saves.
    if (this.lastPlaced.size >= 256 && !this.lastPlaced.has(chatId)) this.lastPlaced.clear();
    this.lastPlaced.set(chatId, { id, depth });
  }

  /** Forgets the messages placed last (a write that may not be committed, a deleted chat). */
  forgetPlaced(): void {
    this.lastPlaced.clear();
  }

  /** Up to `limit` rows of the path ending at `fromId`, newest first. */
  pathRows(fromId: string, limit: number): Row[] {
    return this.stmt('path').all(fromId, limit);
  }

  /** The ids of the messages under `parentId` (null: the first messages), oldest first. */
  childrenOf(chatId: string, parentId: string | null): string[] {
    const rows = (parentId === null ? this.stmt('roots').all(chatId) : this.stmt('childrenOf').all(chatId, parentId)) as Row[];
    return rows.map((r) => text(r, 'id'));
  }

  /** Sibling ids (oldest first, the message itself included) of each message whose parent is listed, by message id. */
  siblingsOf(chatId: string, parents: (string | null)[]): Map<string, string[]> {
    const byParent = new Map<string | null, string[]>();
    const ids = parents.filter((p): p is string => p !== null);
    for (const row of this.stmt('children').all(chatId, JSON.stringify([...new Set(ids)])) as Row[]) {
      const parent = text(row, 'parent_id');
      const list = byParent.get(parent) ?? [];
      list.push(text(row, 'id'));
      byParent.set(parent, list);
    }
    if (parents.includes(null)) byParent.set(null, (this.stmt('roots').all(chatId) as Row[]).map((r) => text(r, 'id')));
    const out = new Map<string, string[]>();
    for (const list of byParent.values()) for (const id of list) out.set(id, list);
    return out;
  }

  /** The newest message under `id` (itself when it has no children): the leaf a switch to `id` shows. */
  latestLeafUnder(chatId: string, id: string): string | undefined {
    const row = this.stmt('latestUnder').get(chatId, id) as Row | undefined;
    return row ? text(row, 'id') : undefined;
  }

  /** The newest message of the chat, whatever its branch. */
  latestInChat(chatId: string): string | undefined {
    const row = this.stmt('latestInChat').get(chatId) as Row | undefined;
    return row ? text(row, 'id') : undefined;
  }

  /** `id` and every message below it. */
  subtree(chatId: string, id: string): string[] {
    return (this.stmt('subtree').all(chatId, id) as Row[]).map((r) => text(r, 'id'));
  }

  /** Deletes messages (their tool calls go with them) and takes them off the chat's count. */
  remove(chatId: string, ids: string[]): void {
    this.lastPlaced.clear();
    this.chatChanged(chatId);
    this.stmt('remove').run(JSON.stringify(ids));
    this.stmt('countDown').run(ids.length, chatId);
  }

  /** Hangs the children of `fromId` under `toId` (null: they become first messages), `levels` closer to the root. */
  reparentChildren(chatId: string, fromId: string, toId: string | null, levels: number): void {
    this.lastPlaced.clear();
    const below = this.subtree(chatId, fromId).filter((id) => id !== fromId);
    this.stmt('lift').run(levels, JSON.stringify(below));
    this.stmt('reparent').run(toId, chatId, fromId);
  }
}
