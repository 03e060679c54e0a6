import { describe, expect, it } from 'vitest';
import { checkInOpen, countdownText } from './start-countdown.tsx';

describe('start countdown', () => {
  it('reads hours, minutes and seconds, dropping hours under one hour', () => {
    expect(countdownText((2 * 3600 + 5 * 60 + 3) * 1000)).toBe('2h 5m 3s');
    expect(countdownText((49 * 3600 + 60) * 1000 + 999)).toBe('49h 1m 0s');
    expect(countdownText(59 * 60_000 + 59_000)).toBe('59m 59s');
    expect(countdownText(999)).toBe('0m 0s');
  });

  it('stops at the start', () => {
    expect(countdownText(0)).toBeNull();
    expect(countdownText(-5_000)).toBeNull();
  });
});

describe('check-in window', () => {
  const booking = { starts_at: '2027-03-15T15:00:00.000Z', ends_at: '2027-03-15T15:30:00.000Z' };
  const at = (iso: string) => Date.parse(iso);

  it('opens 10 minutes before the start and closes at the end', () => {
    expect(checkInOpen(booking, at('2027-03-15T14:49:59.999Z'))).toBe(false);
    expect(checkInOpen(booking, at('2027-03-15T14:50:00.000Z'))).toBe(true);
    expect(checkInOpen(booking, at('2027-03-15T15:29:59.999Z'))).toBe(true);
    expect(checkInOpen(booking, at('2027-03-15T15:30:00.000Z'))).toBe(false);
  });
});
