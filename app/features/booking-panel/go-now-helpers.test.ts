import { describe, expect, it } from 'vitest';
import { listingChoiceHref, reserveLabel, startLabel, startsIn, zoneNoteFor } from './go-now-helpers.ts';

const result = {
  id: 'b1',
  starts_at: '2027-01-15T21:45:00.000Z',
  timezone: 'America/Chicago',
  duration_minutes: 15,
};

describe('Go now helpers', () => {
  it('shows the start 12-hour on the bathroom clock', () => {
    expect(startLabel(result.starts_at, 'America/Chicago')).toBe('3:45 PM');
    expect(startLabel(result.starts_at, 'America/New_York')).toBe('4:45 PM');
    expect(reserveLabel(result)).toBe('Reserve 15 min at 3:45 PM');
  });

  it('names the zone only when it is not the browser’s', () => {
    expect(zoneNoteFor('America/Chicago', 'America/Chicago')).toBeNull();
    expect(zoneNoteFor('America/Chicago', 'America/New_York', new Date(result.starts_at))).toBe('CST');
  });

  it('says how soon the start is', () => {
    const now = new Date(result.starts_at).getTime();
    expect(startsIn(result.starts_at, now - 30_000)).toBe('now');
    expect(startsIn(result.starts_at, now - 12 * 60_000)).toBe('in 12 min');
  });

  it('links to the listing with the day (in the bathroom zone), length and start chosen', () => {
    const lateNight = { ...result, starts_at: '2027-01-16T05:45:00.000Z' }; // 11:45 PM the 15th in Chicago
    const url = new URL(listingChoiceHref(lateNight), 'http://x');
    expect(url.pathname).toBe('/bathrooms/b1');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      date: '2027-01-15',
      duration: '15',
      start: '2027-01-16T05:45:00.000Z',
    });
  });
});
