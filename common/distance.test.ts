import { describe, expect, it } from 'vitest';
import { distanceMiles, formatDistance } from './distance.ts';

describe('distance formatting', () => {
  it('measures on the spec sphere and rounds to 4 decimals', () => {
    // One degree of latitude on a 3963.190592-mile sphere.
    expect(distanceMiles({ latitude: 30, longitude: -97 }, { latitude: 31, longitude: -97 })).toBe(69.1707);
    expect(distanceMiles({ latitude: 30, longitude: -97 }, { latitude: 30, longitude: -97 })).toBe(0);
  });

  it('shows feet under a tenth of a mile and miles above', () => {
    expect(formatDistance(0.05)).toBe('260 ft');
    expect(formatDistance(0.0001)).toBe('10 ft');
    expect(formatDistance(0.1)).toBe('0.1 mi');
    expect(formatDistance(2.345)).toBe('2.3 mi');
    expect(formatDistance(12.6)).toBe('13 mi');
  });
});
