/** Pending tool approvals: requests to the user, like elicitations, answered through 'approvals.answer'. */
import { PendingRequests } from '../pendingRequests.ts';
import type { ApprovalDecision, PendingApproval } from '../../../shared/chat.ts';

/** The user's decision, or `cancelled` when the chat stopped first. */
export type ApprovalAnswer = ApprovalDecision | 'cancelled';

/** Approvals waiting for the user, grouped by chat so a stop cancels that chat's. */
export class ApprovalQueue {
  private readonly pending: PendingRequests<PendingApproval, ApprovalAnswer>;

  constructor(onChange: (pending: PendingApproval[]) => void) {
    this.pending = new PendingRequests(onChange);
  }

  /** Asks the user; no timeout (the user may be away), settles `cancelled` when `signal` aborts. */
  ask(request: Omit<PendingApproval, 'id' | 'createdAt'>, signal: AbortSignal): Promise<ApprovalAnswer> {
    return this.pending.add((id) => ({ ...request, id, createdAt: Date.now() }), () => 'cancelled', { group: request.chatId, signal }).answer;
  }

  /** The pending request with this id. */
  get(id: string): PendingApproval | undefined {
    return this.pending.get(id);
  }

  /** Answers one request; false when it is no longer pending. */
  answer(id: string, decision: ApprovalDecision): boolean {
    return this.pending.answer(id, decision);
  }

  /** Every pending approval, oldest first. */
  list(): PendingApproval[] {
    return this.pending.list();
  }

  /** Cancels a chat's pending approvals (or all). */
  cancelAll(chatId?: string): void {
    this.pending.cancelAll(chatId);
  }
}
