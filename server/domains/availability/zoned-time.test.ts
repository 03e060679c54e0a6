import { describe, expect, it } from 'vitest';
import { offsetMinutes } from './zoned-time.ts';

describe('offsetMinutes (remembered per zone and second)', () => {
  it('gives each second its own offset, asked once or again, across a DST change and between zones', () => {
    // New York springs forward at 2026-03-08 07:00 UTC (02:00 EST becomes 03:00 EDT).
    const before = new Date('2026-03-08T06:59:59Z');
    const after = new Date('2026-03-08T07:00:00Z');
    for (let round = 0; round < 2; round++) {
      expect(offsetMinutes(before, 'America/New_York')).toBe(-300);
      expect(offsetMinutes(after, 'America/New_York')).toBe(-240);
      expect(offsetMinutes(after, 'Europe/Berlin')).toBe(60);
      expect(offsetMinutes(after, 'Asia/Kolkata')).toBe(330);
    }
  });
});
