/** The sampling requests waiting for the user, mirrored from the host ('sampling.list' then 'sampling.changed'). */
import { useCallback, useEffect, useState } from 'react';
import type { Result } from '../../../../shared/errors.ts';
import type { PendingSampling, SamplingAnswer } from '../../../../shared/sampling.ts';
import { getBridge } from '../../bridge/index.ts';

/** The pending list and a function answering one request. */
export function useSampling(): { pending: PendingSampling[]; answer: (id: string, answer: SamplingAnswer) => Promise<Result<null>> } {
  const [pending, setPending] = useState<PendingSampling[]>([]);
  useEffect(() => {
    const bridge = getBridge();
    let live = true;
    const off = bridge.on('sampling.changed', (list) => setPending(list));
    void bridge.invoke('sampling.list', {}).then((result) => {
      if (live && result.ok) setPending(result.value);
    });
    return () => {
      live = false;
      off();
    };
  }, []);
  const answer = useCallback(async (id: string, value: SamplingAnswer) => {
    const result = await getBridge().invoke('sampling.answer', { id, answer: value });
    // Dropped at once so the buttons cannot be pressed twice; the host's 'sampling.changed' confirms.
    if (result.ok) setPending((list) => list.filter((request) => request.id !== id));
    return result;
  }, []);
  return { pending, answer };
}
