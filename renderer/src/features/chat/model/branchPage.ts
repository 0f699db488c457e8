/** Puts the host's page of a newly shown branch (after a switch or a delete) in place of the old branch in an open chat. */
import type { ChatMessage, ChatPage } from '../../../../../shared/chat.ts';

/** The loaded part of a chat: messages oldest first and the cursor of older ones. */
export interface LoadedBranch {
  messages: ChatMessage[];
  olderCursor?: string;
}

/**
 * Keeps the loaded messages the new branch shares (everything above the page's oldest message, when that message is
 * loaded) and puts the page after them, so the view stays where the user clicked; otherwise the page replaces them.
 */
export function withBranchPage(loaded: LoadedBranch, page: ChatPage): LoadedBranch {
  const first = page.messages[0];
  const at = first ? loaded.messages.findIndex((m) => m.id === first.id) : -1;
  // The loaded messages above still lead to it (a delete can lift a message to another parent).
  const above = at > 0 ? loaded.messages[at - 1]?.id : undefined;
  if (!first || at < 0 || above !== first.parentId) {
    return page.olderCursor === undefined ? { messages: page.messages } : { messages: page.messages, olderCursor: page.olderCursor };
  }
  const messages = [...loaded.messages.slice(0, at), ...page.messages];
  return loaded.olderCursor === undefined || (at === 0 && first.parentId === undefined) ? { messages } : { messages, olderCursor: loaded.olderCursor };
}
