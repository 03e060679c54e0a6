/** One formatter per zone and style: making an Intl.DateTimeFormat costs far more than using it. */
const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * "Tue, Dec 1, 2026, 3:00 PM" on a bathroom's wall clock, or "Tue, Dec 1, 2026, 3:00 PM EST" with
 * `zoneName`: the same text on the server (notices, errors) and in the browser.
 */
export function formatWallClock(
  instant: Date | string,
  timeZone: string,
  options: { zoneName?: boolean } = {},
): string {
  const key = `${timeZone}|${options.zoneName ? 'zone' : ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      ...(options.zoneName ? { timeZoneName: 'short' } : {}),
    });
    formats.set(key, format);
  }
  return format.format(new Date(instant));
}
