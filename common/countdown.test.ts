import { describe, expect, it } from 'vitest';
import { bookingHasStarted, countdownTarget, formatCountdown, parseArrivalOffsetMs } from './countdown.ts';

describe('arrival countdown (spec §4)', () => {
  it('parses hours and minutes from the message text', () => {
    expect(parseArrivalOffsetMs('Your booking at Loft starts in 1 hour 30 minutes.')).toBe(90 * 60_000);
    expect(parseArrivalOffsetMs('Starts in 24 hours')).toBe(24 * 3_600_000);
    expect(parseArrivalOffsetMs('Starts in 45 min')).toBe(45 * 60_000);
    expect(parseArrivalOffsetMs('in 2h 5m')).toBe(125 * 60_000);
    expect(parseArrivalOffsetMs('No time here')).toBeNull();
    expect(parseArrivalOffsetMs(null)).toBeNull();
  });

  it('targets created_at plus the parsed offset', () => {
    expect(countdownTarget('2026-11-21T10:00:00.000Z', 'in 1 hour')).toBe(
      Date.parse('2026-11-21T11:00:00.000Z'),
    );
  });

  it('formats with and without hours, then says the time has passed', () => {
    expect(formatCountdown(3_600_000 + 5 * 60_000 + 3_000)).toBe('Arriving in: 1h 5m 3s');
    expect(formatCountdown(4 * 60_000 + 999)).toBe('Arriving in: 4m 0s');
    expect(formatCountdown(0)).toBe('Arrival time has passed');
    expect(formatCountdown(-5)).toBe('Arrival time has passed');
  });

  it('knows when the booking has started', () => {
    const now = Date.parse('2026-11-21T10:00:00Z');
    expect(bookingHasStarted('2026-11-21T09:59:59Z', now)).toBe(true);
    expect(bookingHasStarted('2026-11-21T10:00:01Z', now)).toBe(false);
    expect(bookingHasStarted(undefined, now)).toBe(false);
    expect(bookingHasStarted('garbage', now)).toBe(false);
  });
});
