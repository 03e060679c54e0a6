/**
 * Pure helpers for Go now (ADR 093). No zod and no Mantine here: the button that uses some of
 * them sits in the home page's first load (ADR 082).
 */

import { dateTimeFormat } from '../../../common/date-format.ts';

/** "3:45 PM" for a UTC instant on a bathroom's wall clock. */
export function startLabel(startsAt: string, timeZone: string): string {
  return dateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', hour12: true })
    .format(new Date(startsAt))
    .replace(/\u202f/g, ' ');
}

/** The short name of a zone ("CST"), only when it differs from the browser's; else null. */
export function zoneNoteFor(timeZone: string, browserZone: string, at = new Date()): string | null {
  if (timeZone === browserZone) return null;
  const short = dateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  return short ?? timeZone;
}

/** The one-tap button's words: "Reserve 15 min at 3:45 PM". */
export function reserveLabel(result: { duration_minutes: number; starts_at: string; timezone: string }) {
  return `Reserve ${result.duration_minutes} min at ${startLabel(result.starts_at, result.timezone)}`;
}

/** "now" when the start is at most a minute away, else "in 12 min". */
export function startsIn(startsAt: string, now = Date.now()): string {
  const wait = Math.round((new Date(startsAt).getTime() - now) / 60_000);
  return wait <= 1 ? 'now' : `in ${wait} min`;
}

/** The listing page with this start chosen: where a visitor who must sign in first comes back to. */
export function listingChoiceHref(result: {
  id: string;
  starts_at: string;
  timezone: string;
  duration_minutes: number;
}) {
  const date = dateTimeFormat('en-CA', {
    timeZone: result.timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(result.starts_at));
  const params = new URLSearchParams({
    date,
    duration: String(result.duration_minutes),
    start: result.starts_at,
  });
  return `/bathrooms/${result.id}?${params}`;
}
