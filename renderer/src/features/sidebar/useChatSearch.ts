/** Searches chats as the user types: titles at once from the mirror, then the host's full-text answer (debounced). */
import { useEffect, useMemo, useState } from 'react';
import type { ChatSummary } from '../../../../shared/chat.ts';
import { includesText } from '../../../../shared/textMatch.ts';
import { call } from '../../bridge/index.ts';

/** Chats matching `query` (the whole list when it is blank); `searching` while the host answers. */
export function useChatSearch(chats: ChatSummary[], query: string): { results: ChatSummary[]; searching: boolean } {
  const trimmed = query.trim();
  const [remote, setRemote] = useState<{ query: string; chats: ChatSummary[] } | undefined>(undefined);
  const local = useMemo(() => {
    if (!trimmed) return chats;
    // Find's rule, as the host's answer follows it: 'ha noi' also matches the title 'Hà Nội'.
    return chats.filter((c) => includesText(c.title, trimmed));
  }, [chats, trimmed]);

  useEffect(() => {
    if (!trimmed) return;
    let live = true;
    const timer = setTimeout(() => {
      void call('chats.list', { query: trimmed, limit: 200 }).then((result) => {
        // A host that cannot search keeps the title matches; nothing to tell the user.
        if (live && result.ok) setRemote({ query: trimmed, chats: result.value });
      });
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [trimmed]);

  if (!trimmed) return { results: chats, searching: false };
  if (remote?.query !== trimmed) return { results: local, searching: true };
  const ids = new Set(local.map((c) => c.id));
  return { results: [...local, ...remote.chats.filter((c) => !ids.has(c.id))], searching: false };
}
