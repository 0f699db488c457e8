/** The sampling requests waiting for the user, shared by every attention badge (fed once by AttentionHost). */
import { create } from 'zustand';
import type { PendingSampling } from '../../../../shared/sampling.ts';

/** The mirror's state. */
export interface SamplingMirror {
  samplings: PendingSampling[];
  setSamplings: (samplings: PendingSampling[]) => void;
}

/** The sampling mirror hook. */
export const useSamplingMirror = create<SamplingMirror>()((set) => ({
  samplings: [],
  setSamplings: (samplings) => set({ samplings }),
}));
