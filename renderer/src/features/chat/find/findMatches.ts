/**
 * The matches of an in-chat find, newest first: loaded messages are searched here (their data, not the DOM, so rows
 * the virtualized list has not rendered count too); older pages not loaded come from the host (chats.find).
 */
import type { ChatMessage } from '../../../../../shared/chat.ts';
import { countMatches, FIND_MATCH_LIMIT, messageFindText, type FindHit } from '../../../../../shared/find.ts';

/** One match: the k-th occurrence (0-based, in the message's searched text) in a message. */
export interface FindMatch {
  messageId: string;
  occurrence: number;
}

/** Hits in the loaded messages, oldest first. */
export function loadedHits(messages: readonly ChatMessage[], query: string): FindHit[] {
  const hits: FindHit[] = [];
  if (!query) return hits;
  for (const message of messages) {
    const count = countMatches(messageFindText(message), query);
    if (count > 0) hits.push({ messageId: message.id, count });
  }
  return hits;
}

/**
 * All matches, newest first. The loaded messages are always the newest part of the chat, so the host's hits in
 * messages not loaded are older than every loaded one.
 */
export function mergeMatches(loaded: readonly FindHit[], loadedIds: ReadonlySet<string>, host: readonly FindHit[] | undefined): FindMatch[] {
  const older = (host ?? []).filter((h) => !loadedIds.has(h.messageId));
  const matches: FindMatch[] = [];
  const all = [...older, ...loaded];
  for (let i = all.length - 1; i >= 0 && matches.length < FIND_MATCH_LIMIT; i--) {
    const hit = all[i];
    if (!hit) continue;
    for (let k = hit.count - 1; k >= 0 && matches.length < FIND_MATCH_LIMIT; k--) matches.push({ messageId: hit.messageId, occurrence: k });
  }
  return matches;
}

/** Where `match` is in `matches` (the same message and occurrence), else -1. */
export function matchIndex(matches: readonly FindMatch[], match: FindMatch): number {
  return matches.findIndex((m) => m.messageId === match.messageId && m.occurrence === match.occurrence);
}

/** Where `current` is in `matches`, else 0. */
export function keepIndex(matches: readonly FindMatch[], current: FindMatch | undefined): number {
  return current ? Math.max(0, matchIndex(matches, current)) : 0;
}

/**
 * Where a new search starts: at `wanted` (a sidebar snippet's match) when it is found, else at the newest match; but
 * undefined while the host may still answer with it, as it can be in a page not loaded.
 */
export function startIndex(matches: readonly FindMatch[], wanted: FindMatch | undefined, hostPending: boolean): number | undefined {
  if (!wanted) return 0;
  const at = matchIndex(matches, wanted);
  if (at >= 0) return at;
  return hostPending ? undefined : 0;
}

/** The tool calls of a message whose searched text contains the query (their cards are opened to show the match). */
export function toolCallsWith(message: ChatMessage, query: string): string[] {
  const ids: string[] = [];
  for (const block of message.blocks) {
    if (block.type !== 'tool_call') continue;
    const single: ChatMessage = { ...message, blocks: [block] };
    if (countMatches(messageFindText(single), query, 1) > 0) ids.push(block.id);
  }
  return ids;
}
