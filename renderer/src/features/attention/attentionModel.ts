/** Pure helpers turning the pending approvals, elicitations and sampling requests into what asks for the user's attention. */
import type { PendingApproval } from '../../../../shared/chat.ts';
import type { PendingElicitation } from '../../../../shared/elicitation.ts';
import type { PendingSampling } from '../../../../shared/sampling.ts';

/** What kind of decision waits. */
export type PendingKind = 'approval' | 'elicitation' | 'sampling';

/** One decision waiting for the user, whatever its kind. */
export interface PendingItem {
  id: string;
  kind: PendingKind;
  serverId: string;
  /** The chat it belongs to; none for requests no chat caused (shown under Servers). */
  chatId?: string;
  /** What is asked: the tool's title for an approval, the server's message for an elicitation. */
  subject: string;
  createdAt: number;
}

/** Every waiting decision, oldest first. */
export function pendingItems(approvals: readonly PendingApproval[], elicitations: readonly PendingElicitation[], samplings: readonly PendingSampling[]): PendingItem[] {
  const items: PendingItem[] = [
    ...approvals.map((a): PendingItem => ({ id: a.id, kind: 'approval', serverId: a.serverId, chatId: a.chatId, subject: a.title ?? a.toolName, createdAt: a.createdAt })),
    ...elicitations.map((e): PendingItem => ({ id: e.id, kind: 'elicitation', serverId: e.serverId, ...(e.chatId ? { chatId: e.chatId } : {}), subject: e.message, createdAt: e.createdAt })),
    ...samplings.map((s): PendingItem => ({ id: s.id, kind: 'sampling', serverId: s.serverId, ...(s.chatId ? { chatId: s.chatId } : {}), subject: s.serverId, createdAt: s.createdAt })),
  ];
  return items.sort((a, b) => a.createdAt - b.createdAt);
}

/** How many decisions wait in each chat. */
export function countByChat(items: readonly PendingItem[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) if (item.chatId) counts.set(item.chatId, (counts.get(item.chatId) ?? 0) + 1);
  return counts;
}

/** Decisions tied to no chat: their badge sits on the Servers entry. */
export function serversCount(items: readonly PendingItem[]): number {
  return items.filter((item) => !item.chatId).length;
}

/** The window title with the number of waiting decisions in front, as mail apps do: "(2) Switchboard". */
export function windowTitle(base: string, count: number): string {
  return count > 0 ? `(${count}) ${base}` : base;
}

/** Items not in `seen`; `seen` is updated to the current ids (so a decision is announced once). */
export function arrivals(seen: Set<string>, items: readonly PendingItem[]): PendingItem[] {
  const fresh = items.filter((item) => !seen.has(item.id));
  seen.clear();
  for (const item of items) seen.add(item.id);
  return fresh;
}
