import { describe, expect, it } from 'vitest';
import { formatWallClock } from './wall-clock.ts';

describe('wall-clock text', () => {
  it("shows an instant on the bathroom's clock, with the zone's name when asked", () => {
    const instant = '2026-12-01T20:00:00Z';
    expect(formatWallClock(instant, 'America/New_York')).toBe('Tue, Dec 1, 2026, 3:00 PM');
    expect(formatWallClock(new Date(instant), 'America/New_York', { zoneName: true })).toBe(
      'Tue, Dec 1, 2026, 3:00 PM EST',
    );
    expect(formatWallClock(instant, 'America/Los_Angeles', { zoneName: true })).toBe(
      'Tue, Dec 1, 2026, 12:00 PM PST',
    );
  });
});
