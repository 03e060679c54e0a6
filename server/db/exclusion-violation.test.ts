import { describe, expect, it } from 'vitest';
import { isExclusionViolation } from './exclusion-violation.ts';

describe('isExclusionViolation', () => {
  it('takes an exclusion violation for a clash', () => {
    expect(isExclusionViolation({ code: '23P01' })).toBe(true);
  });

  it('takes the deadlock of two overlapping inserts checking the constraint for a clash', () => {
    const deadlock = {
      code: '40P01',
      where: 'while checking exclusion constraint on tuple (0,1) in relation "bookings"',
    };
    expect(isExclusionViolation(deadlock)).toBe(true);
  });

  it('leaves any other deadlock or error alone', () => {
    expect(
      isExclusionViolation({ code: '40P01', where: 'while updating tuple (0,3) in relation "bookings"' }),
    ).toBe(false);
    expect(isExclusionViolation({ code: '23505' })).toBe(false);
    expect(isExclusionViolation(null)).toBe(false);
  });
});
