/** Takes the user to a waiting decision: its chat (focusing the approval card), else the Servers view. */
import type { Route } from '../../store/uiSlice.ts';
import type { PendingItem } from './attentionModel.ts';
import { focusApprovalSoon } from './focusTargets.ts';

/** Navigates to where `item` is answered. Elicitations need no move: their dialog shows on every view. */
export function openItem(item: PendingItem, navigate: (route: Route) => void): void {
  if (item.chatId) navigate({ view: 'chat', chatId: item.chatId });
  else if (item.kind === 'sampling') navigate({ view: 'servers' });
  // After React has rendered the new view: the card shown before the move may be about to go.
  if (item.kind === 'approval') window.setTimeout(() => focusApprovalSoon(item.id), 0);
}

/** The desktop app's notification was clicked: its chat (focusing the approval), or Servers for a request without one. */
export function openFromNotification(target: { chatId?: string; approvalId?: string }, navigate: (route: Route) => void): void {
  navigate(target.chatId ? { view: 'chat', chatId: target.chatId } : { view: 'servers' });
  const approvalId = target.approvalId;
  if (approvalId) window.setTimeout(() => focusApprovalSoon(approvalId), 0);
}
