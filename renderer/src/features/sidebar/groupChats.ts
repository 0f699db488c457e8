/** Groups chats by how recently they were used (Today, Yesterday, Previous 7 days, Older), most recent first. */
import type { ChatSummary } from '../../../../shared/chat.ts';

/** A date group's i18n key suffix. */
export type ChatGroupKey = 'today' | 'yesterday' | 'week' | 'older';

/** One group of chats. */
export interface ChatGroup {
  key: ChatGroupKey;
  chats: ChatSummary[];
}

const dayMs = 86_400_000;

/** Sorts by last activity (newest first) and splits into date groups relative to `now`'s local midnight. */
export function groupChats(chats: ChatSummary[], now: number = Date.now()): ChatGroup[] {
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  const today = midnight.getTime();
  const keyOf = (at: number): ChatGroupKey => (at >= today ? 'today' : at >= today - dayMs ? 'yesterday' : at >= today - 7 * dayMs ? 'week' : 'older');
  const groups = new Map<ChatGroupKey, ChatSummary[]>();
  for (const chat of [...chats].sort((a, b) => b.updatedAt - a.updatedAt)) {
    const key = keyOf(chat.updatedAt);
    const list = groups.get(key);
    if (list) list.push(chat);
    else groups.set(key, [chat]);
  }
  return (['today', 'yesterday', 'week', 'older'] as const).flatMap((key) => {
    const list = groups.get(key);
    return list ? [{ key, chats: list }] : [];
  });
}
