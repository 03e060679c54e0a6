import { describe, expect, it } from 'vitest';
import { displayPhoneNumber, formatPhoneNumber, type PhoneFormat } from './phone.ts';

describe('phone formatting (spec §5)', () => {
  it('writes a 10-digit number in each format, whatever punctuation it came with', () => {
    expect(formatPhoneNumber('512-555-0199', 'E164')).toBe('+15125550199');
    expect(formatPhoneNumber('(512) 555 0199', 'International')).toBe('+1 512 555 0199');
    expect(formatPhoneNumber('5125550199', 'National')).toBe('(512) 555-0199');
  });

  it('returns anything that is not exactly 10 digits unchanged', () => {
    expect(formatPhoneNumber('+44 20 7946 0958', 'National')).toBe('+44 20 7946 0958');
    expect(formatPhoneNumber('555-0199', 'E164')).toBe('555-0199');
  });

  it('refuses an unknown format with the words of spec §8', () => {
    expect(() => formatPhoneNumber('5125550199', 'Local' as PhoneFormat)).toThrow('Unsupported format type.');
  });

  it('shows a stored US number nationally and any other as stored', () => {
    expect(displayPhoneNumber('+15125550199')).toBe('(512) 555-0199');
    expect(displayPhoneNumber('+442079460958')).toBe('+442079460958');
  });
});
