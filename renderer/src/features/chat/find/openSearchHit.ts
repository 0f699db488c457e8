/**
 * Opening a chat from the sidebar search at the very match its snippet showed: the version holding it is shown first
 * when it is not the one shown, then the find bar opens on the query with that match current (scrolled to and
 * highlighted, loading older pages on the way as Ctrl/Cmd+F does), so older/newer continue from there.
 */
import type { SearchSnippet } from '../../../../../shared/find.ts';
import { useStore } from '../../../store/index.ts';
import { navigate, notifyError } from '../hooks/appActions.ts';
import { useFindStore } from './findStore.ts';

/** Opens `chatId` found by `query`; at `snippet`'s match when there is one, else at the newest match (a title hit). */
export async function openSearchHit(chatId: string, query: string, snippet: SearchSnippet | undefined): Promise<void> {
  const q = query.trim();
  if (!q) return navigate({ view: 'chat', chatId });
  let at = snippet ? { messageId: snippet.messageId, occurrence: snippet.occurrence } : undefined;
  if (snippet?.hidden) {
    // The host shows the path through the message to its newest continuation (chats.switchBranch): the version the
    // user last worked on below it, as the branch switcher shows. Done before the chat opens, so it loads that branch.
    const switched = await useStore.getState().switchBranch(chatId, snippet.messageId);
    if (!switched.ok) {
      // Deleted meanwhile, or the chat is answering: say why, and search the branch shown as a plain find does.
      notifyError('find:openFailed', switched.error);
      at = undefined;
    }
  }
  useFindStore.getState().open(chatId, q, at);
  navigate({ view: 'chat', chatId });
}
