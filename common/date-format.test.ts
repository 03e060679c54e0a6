import { describe, expect, it } from 'vitest';
import { dateTimeFormat } from './date-format.ts';

describe('dateTimeFormat', () => {
  it('makes one formatter per locale and options, and formats as Intl does', () => {
    const first = dateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });
    expect(dateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' })).toBe(first);
    expect(dateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' })).not.toBe(first);
    expect(dateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' })).not.toBe(first);
    expect(first.format(new Date('2026-11-26T12:00:00Z'))).toBe('Thu');
  });
});
