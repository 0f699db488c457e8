/**
 * Server suggestions for one argument (MCP `completion/complete` through the host), asked 200 ms after the user
 * stops typing, and only of servers that declare `completions`. A late answer for an older value is dropped.
 */
import { useEffect, useState } from 'react';
import type { CompletionParams, CompletionValues } from '../../../../../../shared/completions.ts';
import { call } from '../../../../bridge/index.ts';
import { useStore } from '../../../../store/index.ts';

/** How long typing must pause before the server is asked. */
export const completionDebounceMs = 200;

/** True when the server is ready and declares `completions`. */
export function useServerCompletes(serverId: string): boolean {
  return useStore((s) => {
    const status = s.servers.find((server) => server.id === serverId)?.status;
    return status?.state === 'ready' && status.capabilities.completions;
  });
}

/** The latest suggestions for `params` (undefined until the first answer, or when the server does not complete). */
export function useCompletion(params: CompletionParams, enabled: boolean): CompletionValues | undefined {
  const [answer, setAnswer] = useState<CompletionValues | undefined>();
  // One key for everything the answer depends on, so the effect reruns exactly when one of them changes.
  const key = JSON.stringify(params);
  useEffect(() => {
    if (!enabled) {
      setAnswer(undefined);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      void call('completions.complete', JSON.parse(key) as CompletionParams).then((result) => {
        // A failed completion only means no suggestions: the field still takes any value.
        if (current) setAnswer(result.ok ? result.value : undefined);
      });
    }, completionDebounceMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key, enabled]);
  return answer;
}
