/*
 * A tap on a server-drawn button before React has hydrated it is lost: React listens only from
 * hydration on, and on a slow phone that can be seconds after the button is on screen. The one
 * button a hurried guest taps first (Go now) is marked `data-early-tap="name"`; this inline script,
 * first thing in the page, notes a tap on such a button while React does not yet own it (no
 * `__reactProps` key on the element), and the live button acts on it once it mounts (ADR 118).
 */

declare global {
  interface Window {
    __privyEarlyTaps?: string[];
  }
}

/** Runs in the page's head, before any other script; kept small and free of imports. */
export const EARLY_TAP_SCRIPT = `document.addEventListener('click',function(e){var t=e.target&&e.target.closest&&e.target.closest('[data-early-tap]');if(!t)return;for(var k in t)if(k.indexOf('__reactProps')===0)return;(window.__privyEarlyTaps=window.__privyEarlyTaps||[]).push(t.getAttribute('data-early-tap'))},true);`;

/** Whether `name` was tapped before the page was live; the tap is used up by asking. */
export function takeEarlyTap(name: string): boolean {
  const taps = typeof window === 'undefined' ? undefined : window.__privyEarlyTaps;
  if (!taps?.includes(name)) return false;
  window.__privyEarlyTaps = taps.filter((tap) => tap !== name);
  return true;
}
