import { describe, expect, it } from 'vitest';
import { searchSummary } from './search-summary.ts';
import { EMPTY_SEARCH } from './search-url.ts';

const austin = { ...EMPTY_SEARCH, q: 'Austin, TX, United States', lat: '30.2672', lng: '-97.7431' };

describe('searchSummary', () => {
  it('says where, how far and when in one line', () => {
    expect(searchSummary(austin)).toBe('Austin · 5 mi · any time');
    expect(searchSummary({ ...austin, radius: '10', date: '2026-11-27', time: '15:45' })).toBe(
      'Austin · 10 mi · Fri, Nov 27, 3:45 PM',
    );
    expect(searchSummary({ ...austin, date: '2026-11-27' })).toBe('Austin · 5 mi · Fri, Nov 27');
    expect(searchSummary({ ...austin, time: '09:00' })).toBe('Austin · 5 mi · 9:00 AM');
  });

  it('adds the length and the filters when there are some', () => {
    expect(searchSummary({ ...austin, duration: '30', min_rating: '4', accessibility: ['grab_bars'] })).toBe(
      'Austin · 5 mi · any time · 30 min · 2 filters',
    );
    expect(searchSummary({ ...austin, duration: '120', max_price: '2000' })).toBe(
      'Austin · 5 mi · any time · 2 h · 1 filter',
    );
  });

  it('names a search without a place name plainly, and ignores a malformed date or time', () => {
    expect(searchSummary({ ...EMPTY_SEARCH, lat: '1', lng: '2', date: 'tomorrow', time: '3pm' })).toBe(
      'Your search · 5 mi · any time',
    );
  });
});
