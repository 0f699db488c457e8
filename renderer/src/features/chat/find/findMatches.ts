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

/** Where `current` is in `matches` (the same message and occurrence), else 0. */
export function keepIndex(matches: readonly FindMatch[], current: FindMatch | undefined): number {
  if (!current) return 0;
  const index = matches.findIndex((m) => m.messageId === current.messageId && m.occurrence === current.occurrence);
  return index === -1 ? 0 : index;
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
