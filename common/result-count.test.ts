import { describe, expect, it } from 'vitest';
import { bathroomCount, formatResultCount } from './result-count.ts';

describe('result counts', () => {
  it('writes an exact count with thousands separators', () => {
    expect(formatResultCount(0)).toBe('0');
    expect(formatResultCount(999)).toBe('999');
    expect(bathroomCount(1)).toBe('1 bathroom');
    expect(bathroomCount(2)).toBe('2 bathrooms');
  });

  it('says "1,000+" when the search stopped counting', () => {
    expect(formatResultCount(1000, true)).toBe('1,000+');
    expect(bathroomCount(1000, true)).toBe('1,000+ bathrooms');
    expect(bathroomCount(1000)).toBe('1,000 bathrooms');
  });
});
