import { INACTIVITY_RELOAD_AFTER_MS, INACTIVITY_THRESHOLD_MS } from '../../common/constants.ts';

export type InactivityReloader = { activity: () => void; stop: () => void };

/**
 * Spec §9: after 3 hours (10,800,000 ms) since load — and from then on — a full reload is
 * scheduled 5 minutes after the last mouse, key, scroll or touch activity.
 */
export function startInactivityReloader(
  reload: () => void,
  now: () => number = Date.now,
): InactivityReloader {
  const loadedAt = now();
  let reloadTimer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if (now() - loadedAt < INACTIVITY_THRESHOLD_MS) return;
    clearTimeout(reloadTimer);
    reloadTimer = setTimeout(reload, INACTIVITY_RELOAD_AFTER_MS);
  };
  // The threshold itself counts as a moment: a tab left alone for 3 hours reloads 5 minutes later.
  const thresholdTimer = setTimeout(schedule, INACTIVITY_THRESHOLD_MS);
  return {
    activity: schedule,
    stop: () => {
      clearTimeout(thresholdTimer);
      clearTimeout(reloadTimer);
    },
  };
}
