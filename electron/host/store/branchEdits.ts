/** Changes to which branch a chat shows: switching to another version of a message, deleting a branch. */
import { isUnansweredReply } from '../../../shared/branches.ts';
import type { ChatRepository } from './chatRepository.ts';

/** Shows the branch through `messageId`: its newest continuation becomes the leaf shown. False when it is not in the chat. */
export function switchBranch(repo: ChatRepository, chatId: string, messageId: string): boolean {
  return repo.inTransaction(() => {
    const leaf = repo.tree.latestLeafUnder(chatId, messageId);
    if (!leaf) return false;
    repo.tree.setLeaf(chatId, leaf);
    return true;
  });
}

/** How many messages a page must hold to reach from the leaf shown back to just above `messageId` (so the view keeps its place). */
export function depthBelow(repo: ChatRepository, chatId: string, messageId: string): number {
  const leaf = repo.tree.leaf(chatId);
  const from = leaf ? repo.tree.node(leaf)?.depth : undefined;
  const to = repo.tree.node(messageId)?.depth;
  return from === undefined || to === undefined ? 0 : from - to + 2;
}

/**
 * Deletes `messageId` with every message after it on its branches. A user message whose only reply failed (or was
 * stopped before writing anything) goes alone with that reply: what was sent after it stays, one level up. When the
 * leaf shown was deleted, the newest remaining continuation of its parent is shown. Answers how many were deleted
 * (0: the message is not in the chat).
 */
export function deleteMessage(repo: ChatRepository, chatId: string, messageId: string): number {
  return repo.inTransaction(() => {
    const node = repo.tree.node(messageId);
    if (!node || node.chatId !== chatId) return 0;
    const leafBefore = repo.tree.leaf(chatId);
    const children = repo.tree.siblingsOf(chatId, [messageId]);
    const replies = [...new Set([...children.values()].flat())];
    const only = replies.length === 1 && replies[0] ? repo.getMessage(chatId, replies[0]) : undefined;
    let removed: string[];
    if (node.role === 'user' && only && isUnansweredReply(only)) {
      repo.tree.reparentChildren(chatId, only.id, node.parentId, 2);
      removed = [messageId, only.id];
    } else {
      removed = repo.tree.subtree(chatId, messageId);
    }
    repo.tree.remove(chatId, removed);
    if (leafBefore && removed.includes(leafBefore)) {
      const next = node.parentId ? repo.tree.latestLeafUnder(chatId, node.parentId) : repo.tree.latestInChat(chatId);
      repo.tree.setLeaf(chatId, next ?? null);
    }
    return removed.length;
  });
}
