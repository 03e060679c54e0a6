import { useEffect } from 'react';
import { startInactivityReloader } from './inactivity.ts';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart'] as const;

/** Reloads long-lived tabs when their user steps away, so they pick up new code and data. */
export function InactivityReload() {
  useEffect(() => {
    const reloader = startInactivityReloader(() => window.location.reload());
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, reloader.activity, { passive: true });
    return () => {
      reloader.stop();
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, reloader.activity);
    };
  }, []);
  return null;
}
