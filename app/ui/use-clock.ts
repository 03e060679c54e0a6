import { useEffect, useState } from 'react';
import { COUNTDOWN_REFRESH_MS } from '../../common/constants.ts';

/**
 * The time now, refreshed every second (spec §9 countdown refresh); null on the server and in the
 * hydrating render, so a countdown drawn from it is the same markup on both sides.
 */
export function useClock(): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), COUNTDOWN_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
