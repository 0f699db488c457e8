/** The waiting decisions, derived from the store's pending state and the sampling mirror. */
import { useMemo } from 'react';
import { useStore } from '../../store/index.ts';
import { pendingItems, type PendingItem } from './attentionModel.ts';
import { useSamplingMirror } from './samplingMirror.ts';

/** Every waiting decision, oldest first. */
export function usePendingItems(): PendingItem[] {
  const approvals = useStore((s) => s.approvals);
  const elicitations = useStore((s) => s.elicitations);
  const samplings = useSamplingMirror((s) => s.samplings);
  return useMemo(() => pendingItems(approvals, elicitations, samplings), [approvals, elicitations, samplings]);
}
