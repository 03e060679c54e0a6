import { describe, expect, it } from 'vitest';
import { formatPrice, formatUsd } from './money.ts';

describe('money formatting', () => {
  it('formats prices without trailing cents on whole amounts', () => {
    expect(formatPrice(1200)).toBe('$12');
    expect(formatPrice(1250)).toBe('$12.50');
  });

  it('formats amounts with their cents, thousands grouped', () => {
    expect(formatUsd(1200)).toBe('$12.00');
    expect(formatUsd(5)).toBe('$0.05');
    expect(formatUsd(123456)).toBe('$1,234.56');
  });
});
