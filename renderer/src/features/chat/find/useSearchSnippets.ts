/** The sidebar search's excerpts: asked from the host (chats.snippets) once the found chats are known. */
import { useEffect, useState } from 'react';
import type { SearchSnippet } from '../../../../../shared/find.ts';
import { call } from '../../../bridge/index.ts';

/** Snippets by chat id for `query` over `chatIds` (empty while the query is blank or the chats are still coming). */
export function useSearchSnippets(query: string, chatIds: readonly string[]): Record<string, SearchSnippet> {
  const trimmed = query.trim();
  const key = chatIds.slice(0, 200).join('\n');
  const [answer, setAnswer] = useState<{ key: string; query: string; snippets: Record<string, SearchSnippet> } | undefined>(undefined);
  useEffect(() => {
    if (!trimmed || !key) return;
    let live = true;
    void call('chats.snippets', { query: trimmed, chatIds: key.split('\n') }).then((result) => {
      if (live && result.ok) setAnswer({ key, query: trimmed, snippets: result.value });
    });
    return () => {
      live = false;
    };
  }, [trimmed, key]);
  return answer && answer.query === trimmed ? answer.snippets : {};
}
