import { describe, expect, it } from 'vitest';
import { holdExpiryTime, holdLeftText, hostHoldText, isLiveHold, splitHolds } from './holds.ts';

const NOW = Date.parse('2026-12-01T15:30:00Z');
const hold = (id: string, status: string, expires: string | null) => ({
  id,
  status,
  hold_expires_at: expires,
  timezone: 'America/New_York',
});

describe('holds', () => {
  it('tells the host when the hold lets go, on the bathroom’s clock', () => {
    const held = hold('a', 'pending_payment', '2026-12-01T15:45:00Z');
    expect(holdExpiryTime(held)).toBe('10:45 AM EST');
    expect(hostHoldText(held)).toBe('Held, awaiting payment, expires 10:45 AM EST');
    expect(hostHoldText({ ...held, timezone: 'America/Los_Angeles' })).toBe(
      'Held, awaiting payment, expires 7:45 AM PST',
    );
  });

  it('counts down minutes and seconds, and stops at zero', () => {
    expect(holdLeftText(12 * 60_000 + 5_000)).toBe('12:05 left');
    expect(holdLeftText(999)).toBe('0:00 left');
    expect(holdLeftText(0)).toBeNull();
  });

  it('a hold is live until it expires, and only while unpaid', () => {
    expect(isLiveHold(hold('a', 'pending_payment', '2026-12-01T15:30:01Z'), NOW)).toBe(true);
    expect(isLiveHold(hold('a', 'pending_payment', '2026-12-01T15:30:00Z'), NOW)).toBe(false);
    expect(isLiveHold(hold('a', 'confirmed', '2026-12-01T15:45:00Z'), NOW)).toBe(false);
    expect(isLiveHold(hold('a', 'pending_payment', null), NOW)).toBe(false);
  });

  it('puts live holds apart from bookings and drops holds that ran out', () => {
    const split = splitHolds(
      [
        hold('paid', 'confirmed', null),
        hold('live', 'pending_payment', '2026-12-01T15:40:00Z'),
        hold('lapsed', 'pending_payment', '2026-12-01T15:20:00Z'),
        hold('in', 'checked_in', null),
      ],
      NOW,
    );
    expect(split.holds.map((item) => item.id)).toEqual(['live']);
    expect(split.bookings.map((item) => item.id)).toEqual(['paid', 'in']);
  });
});
