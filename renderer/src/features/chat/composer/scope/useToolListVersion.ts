/**
 * A number that changes after the tool list changed (servers starting, stopping, enabling tools), at most once per
 * interval and always after the last change: views that ask the host for the tool plan (the composer's chip, the
 * settings card) ask again when the tools change, once per burst of 100 servers starting rather than once per frame.
 */
import { useEffect, useRef, useState } from 'react';
import { useStore } from '../../../../store/index.ts';

/** Least time between two changes of the version, in ms. */
export const toolListIntervalMs = 250;

/** The tool list's version: changes at most every `intervalMs`, and once more after the last change of a burst. */
export function useToolListVersion(intervalMs = toolListIntervalMs): number {
  const tools = useStore((s) => s.toolsByServer);
  const [version, setVersion] = useState(0);
  // The list at mount is the one the view first asked with: no second ask for it.
  const seen = useRef(tools);
  const lastChange = useRef(0);
  useEffect(() => {
    if (tools === seen.current) return;
    // Each change re-arms the timer for the same moment (the last version's time plus the interval): a steady stream
    // of changes still gives one version per interval, and the last change of a burst is never left out.
    const timer = setTimeout(() => {
      seen.current = tools;
      lastChange.current = Date.now();
      setVersion((v) => v + 1);
    }, Math.max(0, lastChange.current + intervalMs - Date.now()));
    return () => clearTimeout(timer);
  }, [tools, intervalMs]);
  return version;
}
