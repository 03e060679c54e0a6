import { describe, expect, it } from 'vitest';
import { firstOpenStep, LISTING_STEPS, stepsSavedBy } from './listing-steps.ts';

describe('listing steps (ADR 117)', () => {
  it('reopens at the first step not done, or at Review when all are', () => {
    expect(firstOpenStep([])).toBe(0);
    expect(firstOpenStep(['basics', 'address'])).toBe(LISTING_STEPS.indexOf('photos'));
    expect(firstOpenStep(['basics', 'address', 'photos', 'amenities'])).toBe(LISTING_STEPS.indexOf('hours'));
    expect(firstOpenStep(['basics', 'address', 'photos', 'hours', 'amenities', 'rules'])).toBe(
      LISTING_STEPS.indexOf('review'),
    );
  });

  it('knows which remembered step a save belongs to', () => {
    expect(stepsSavedBy({ amenities: [] })).toEqual(['amenities']);
    expect(stepsSavedBy({ accessibility: ['grab_bars'] })).toEqual(['amenities']);
    expect(stepsSavedBy({ house_rules: '', access_instructions: 'Code 1234' })).toEqual(['rules']);
    expect(stepsSavedBy({ title: 'A', hourly_price_cents: 500 })).toEqual([]);
  });
});
