import { describe, expect, it } from 'vitest';
import { hostChecklist } from './host-checklist.ts';

describe('host checklist', () => {
  it('starts with nothing done and sends a new host to create a listing', () => {
    const items = hostChecklist({
      hasPhoto: false,
      listings: 0,
      draftId: null,
      withPhotos: 0,
      withHours: 0,
      published: 0,
      payoutsLinked: false,
    });
    expect(items.map((item) => [item.id, item.done])).toEqual([
      ['photo', false],
      ['listing', false],
      ['hours', false],
      ['photos', false],
      ['payouts', false],
      ['publish', false],
    ]);
    expect(items.find((item) => item.id === 'payouts')?.to).toBe('/manage/stripe-connect');
    expect(items.find((item) => item.id === 'photos')?.to).toBe('/manage/add-property');
  });

  it('ticks what the data shows and points unfinished steps at the draft', () => {
    const items = hostChecklist({
      hasPhoto: true,
      listings: 1,
      draftId: 'd1',
      withPhotos: 0,
      withHours: 1,
      published: 0,
      payoutsLinked: true,
    });
    expect(items.filter((item) => item.done).map((item) => item.id)).toEqual([
      'photo',
      'listing',
      'hours',
      'payouts',
    ]);
    expect(items.find((item) => item.id === 'photos')?.to).toBe('/manage/properties/d1');
  });
});
