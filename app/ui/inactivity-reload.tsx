import { useEffect } from 'react';
import { INACTIVITY_RELOAD_AFTER_MS, INACTIVITY_THRESHOLD_MS } from '../../common/constants.ts';

/**
 * Spec §9: once the page has been open for 3 hours, a full reload is scheduled 5 minutes after the
 * last mouse, key, scroll or touch activity, so long-lived tabs pick up new code and data.
 */
export function InactivityReload() {
  useEffect(() => {
    const loadedAt = Date.now();
    let reloadTimer: number | undefined;
    const schedule = () => {
      if (Date.now() - loadedAt < INACTIVITY_THRESHOLD_MS) return;
      window.clearTimeout(reloadTimer);
      reloadTimer = window.setTimeout(() => window.location.reload(), INACTIVITY_RELOAD_AFTER_MS);
    };
    const thresholdTimer = window.setTimeout(schedule, INACTIVITY_THRESHOLD_MS);
    const events = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart'] as const;
    for (const name of events) window.addEventListener(name, schedule, { passive: true });
    return () => {
      window.clearTimeout(thresholdTimer);
      window.clearTimeout(reloadTimer);
      for (const name of events) window.removeEventListener(name, schedule);
    };
  }, []);
  return null;
}
