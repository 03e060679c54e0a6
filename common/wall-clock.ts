import { dateTimeFormat } from './date-format.ts';

/**
 * "Tue, Dec 1, 2026, 3:00 PM" on a bathroom's wall clock, or "Tue, Dec 1, 2026, 3:00 PM EST" with
 * `zoneName`: the same text on the server (notices, errors) and in the browser.
 */
export function formatWallClock(
  instant: Date | string,
  timeZone: string,
  options: { zoneName?: boolean } = {},
): string {
  return dateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(options.zoneName ? { timeZoneName: 'short' } : {}),
  }).format(new Date(instant));
}
