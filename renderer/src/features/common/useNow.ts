/** Re-renders every `intervalMs` while `active`, returning the current time (elapsed times, countdowns, retry timers). */
import { useEffect, useState } from 'react';

/** The current epoch ms, refreshed on an interval while active. */
export function useNow(active: boolean, intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs]);
  return now;
}
