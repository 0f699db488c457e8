/** The current time, re-rendered every `intervalMs` (for countdowns); static when no interval is given. */
import { useEffect, useState } from 'react';

/** Returns Date.now(), refreshed on an interval while one is set. */
export function useNow(intervalMs: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (intervalMs === undefined) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
