/** Pending user decisions: mirrors of the host's tool approvals and elicitation requests, and the actions answering them. */
import type { StateCreator } from 'zustand';
import type { Bridge, HostEvents } from '../../../shared/contract.ts';
import type { ApprovalDecision, PendingApproval } from '../../../shared/chat.ts';
import type { ElicitationAnswer, PendingElicitation } from '../../../shared/elicitation.ts';
import { err, type Result } from '../../../shared/errors.ts';
import type { StoreState } from './index.ts';

/** The pending slice of the store. */
export interface PendingSlice {
  /** Tool calls waiting for the user's decision, as the host last listed them. */
  approvals: PendingApproval[];
  /** Elicitation requests waiting for the user, oldest first. */
  elicitations: PendingElicitation[];
  /** Attaches 'approvals.changed' and 'elicitations.delta' and loads both lists; returns the detach function. */
  bindPending: (bridge: Bridge) => () => void;
  /** Answers a tool approval. */
  answerApproval: (id: string, decision: ApprovalDecision) => Promise<Result<null>>;
  /** Answers an elicitation (accept with content, decline, cancel). */
  answerElicitation: (id: string, answer: ElicitationAnswer) => Promise<Result<null>>;
}

/** The pending list after one host delta: removed ids dropped, added requests appended (once each), oldest first. */
export function applyElicitationDelta(list: PendingElicitation[], delta: HostEvents['elicitations.delta']): PendingElicitation[] {
  const removed = new Set(delta.removed);
  const kept = list.filter((e) => !removed.has(e.id));
  const known = new Set(kept.map((e) => e.id));
  return [...kept, ...delta.added.filter((e) => !removed.has(e.id) && !known.has(e.id))];
}

/** Creates the pending slice; the bridge lives in this closure. */
export const createPendingSlice: StateCreator<StoreState, [], [], PendingSlice> = (set) => {
  let bridge: Bridge | undefined;
  const notBound = (): Promise<Result<null>> => Promise.resolve(err('internal', 'The store is not connected to the host yet'));
  return {
    approvals: [],
    elicitations: [],

    bindPending(next) {
      bridge = next;
      const offApprovals = next.on('approvals.changed', (approvals) => set({ approvals }));
      // The host sends changes, not the list: the loaded list is the base and each delta is applied to it in order.
      const offElicitations = next.on('elicitations.delta', (delta) => set((s) => ({ elicitations: applyElicitationDelta(s.elicitations, delta) })));
      void next.invoke('approvals.list', {}).then((r) => {
        if (r.ok) set({ approvals: r.value });
      });
      void next.invoke('elicitations.list', {}).then((r) => {
        if (r.ok) set({ elicitations: r.value });
      });
      return () => {
        offApprovals();
        offElicitations();
      };
    },

    async answerApproval(id, decision) {
      if (!bridge) return notBound();
      const result = await bridge.invoke('approvals.answer', { id, decision });
      // Drop it at once so the buttons cannot be pressed twice; the host's 'approvals.changed' confirms.
      if (result.ok) set((s) => ({ approvals: s.approvals.filter((a) => a.id !== id) }));
      return result;
    },

    async answerElicitation(id, answer) {
      if (!bridge) return notBound();
      const result = await bridge.invoke('elicitations.answer', { id, answer });
      if (result.ok) set((s) => ({ elicitations: s.elicitations.filter((e) => e.id !== id) }));
      return result;
    },
  };
};

/** Selects the pending approval of one tool call, if any. */
export const selectApprovalFor = (toolCallId: string) => (state: StoreState): PendingApproval | undefined =>
  state.approvals.find((a) => a.toolCallId === toolCallId);

/** Selects pending elicitations, oldest first. */
export const selectElicitations = (state: StoreState): PendingElicitation[] => state.elicitations;
