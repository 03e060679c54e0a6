import { useEffect, useState } from 'react';
import { COUNTDOWN_REFRESH_MS } from '../../../common/constants.ts';

/** The current time, refreshed every second while `active` (spec §9 countdown refresh). */
export function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), COUNTDOWN_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [active]);
  return now;
}
