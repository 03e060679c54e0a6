import { describe, expect, it } from 'vitest';
import {
  type BathroomSchedule,
  isOpen,
  nextFreeStarts,
  type OpeningRange,
  weeklyHours,
} from './opening-hours.ts';
import { wallClock, zonedToUtc } from './zoned-time.ts';

const NEW_YORK = 'America/New_York';
const everyDay = (opens: string, closes: string): OpeningRange[] =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens, closes }));
const bathroom = (openingHours: OpeningRange[], timezone = NEW_YORK): BathroomSchedule => ({
  timezone,
  openingHours,
});
const at = (iso: string) => new Date(iso);

describe('isOpen in the bathroom zone', () => {
  const daytime = bathroom(everyDay('08:00', '20:00'));

  it('opens at 08:00 local on both sides of the spring-forward change (2026-03-08)', () => {
    // Saturday 7 March is EST (UTC-5): 08:00 local is 13:00Z.
    expect(isOpen(daytime, at('2026-03-07T13:00:00Z'), 15)).toBe(true);
    expect(isOpen(daytime, at('2026-03-07T12:45:00Z'), 15)).toBe(false);
    // Sunday 8 March is EDT (UTC-4) from 02:00: 08:00 local is 12:00Z.
    expect(isOpen(daytime, at('2026-03-08T12:00:00Z'), 15)).toBe(true);
    expect(isOpen(daytime, at('2026-03-08T11:45:00Z'), 15)).toBe(false);
    // The last quarter hour before 20:00 EDT fits; half an hour does not.
    expect(isOpen(daytime, at('2026-03-08T23:45:00Z'), 15)).toBe(true);
    expect(isOpen(daytime, at('2026-03-08T23:45:00Z'), 30)).toBe(false);
  });

  it('counts real minutes through the skipped hour (01:30 EST + 60 min ends 03:30 EDT)', () => {
    const night = bathroom([{ weekday: 7, opens: '00:00', closes: '03:00' }]);
    // 01:30 EST = 06:30Z. 30 minutes end at 07:00Z = 03:00 EDT, exactly at closing: fits.
    expect(isOpen(night, at('2026-03-08T06:30:00Z'), 30)).toBe(true);
    // 60 minutes end at 03:30 EDT, after closing, although 01:30 + 1 h on paper is 02:30.
    expect(isOpen(night, at('2026-03-08T06:30:00Z'), 60)).toBe(false);
  });

  it('opens at 08:00 local on both sides of the fall-back change (2026-11-01)', () => {
    // Saturday 31 October is EDT: 08:00 is 12:00Z. Sunday 1 November is EST: 08:00 is 13:00Z.
    expect(isOpen(daytime, at('2026-10-31T12:00:00Z'), 60)).toBe(true);
    expect(isOpen(daytime, at('2026-11-01T12:00:00Z'), 60)).toBe(false);
    expect(isOpen(daytime, at('2026-11-01T13:00:00Z'), 60)).toBe(true);
    expect(isOpen(daytime, at('2026-11-02T00:45:00Z'), 15)).toBe(true); // 19:45 EST
    expect(isOpen(daytime, at('2026-11-02T01:00:00Z'), 15)).toBe(false); // 20:00 EST
  });

  it('requires the repeated hour to be open both times round when DST ends', () => {
    // 01:30 EDT (05:30Z) + 30 min = 06:00Z, which the wall clock shows as 01:00 EST again: the clock
    // ran 01:30 → 02:00 first, so a range closing at 01:45 does not cover it.
    const closesEarly = bathroom([{ weekday: 7, opens: '00:00', closes: '01:45' }]);
    expect(isOpen(closesEarly, at('2026-11-01T05:30:00Z'), 30)).toBe(false);
    const closesAtTwo = bathroom([{ weekday: 7, opens: '00:00', closes: '02:00' }]);
    expect(isOpen(closesAtTwo, at('2026-11-01T05:30:00Z'), 30)).toBe(true);
    // The second 01:15 (EST, 06:15Z) to 01:45 EST fits a range closing at 02:00.
    expect(isOpen(closesAtTwo, at('2026-11-01T06:15:00Z'), 30)).toBe(true);
  });

  it("treats '24:00' as closing at midnight and joins a next-day range from '00:00'", () => {
    // Friday 2026-06-05, EDT: 23:30 local is 03:30Z on Saturday.
    const lateFriday = bathroom([{ weekday: 5, opens: '18:00', closes: '24:00' }]);
    expect(isOpen(lateFriday, at('2026-06-06T03:30:00Z'), 30)).toBe(true);
    expect(isOpen(lateFriday, at('2026-06-06T03:30:00Z'), 45)).toBe(false);
    const throughTheNight = bathroom([
      { weekday: 5, opens: '18:00', closes: '24:00' },
      { weekday: 6, opens: '00:00', closes: '02:00' },
    ]);
    expect(isOpen(throughTheNight, at('2026-06-06T03:30:00Z'), 45)).toBe(true);
    expect(isOpen(throughTheNight, at('2026-06-06T05:45:00Z'), 30)).toBe(false); // 01:45 → 02:15
  });

  it('checks the weekday in the bathroom zone, not in UTC', () => {
    // Monday-only hours; 2026-06-09T02:00Z is still Monday 22:00 in New York, Tuesday in UTC.
    const mondayEvening = bathroom([{ weekday: 1, opens: '20:00', closes: '23:00' }]);
    expect(isOpen(mondayEvening, at('2026-06-09T02:00:00Z'), 60)).toBe(true);
    expect(isOpen(bathroom(mondayEvening.openingHours, 'UTC'), at('2026-06-09T02:00:00Z'), 60)).toBe(false);
  });

  it('is closed over busy time and for a non-positive duration', () => {
    const busy = {
      ...daytime,
      busy: [{ start: at('2026-06-08T15:00:00Z'), end: at('2026-06-08T15:40:00Z') }],
    };
    expect(isOpen(busy, at('2026-06-08T14:30:00Z'), 30)).toBe(true);
    expect(isOpen(busy, at('2026-06-08T14:30:00Z'), 45)).toBe(false);
    expect(isOpen(busy, at('2026-06-08T15:30:00Z'), 15)).toBe(false);
    expect(isOpen(busy, at('2026-06-08T15:45:00Z'), 15)).toBe(true);
    expect(isOpen(daytime, at('2026-06-08T15:45:00Z'), 0)).toBe(false);
  });
});

describe('zoned wall clock', () => {
  it('has no 02:30 on the spring-forward day and takes the first 01:30 on the fall-back day', () => {
    expect(zonedToUtc('2026-03-08', 150, NEW_YORK)).toBeNull();
    expect(zonedToUtc('2026-03-08', 180, NEW_YORK)?.toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(zonedToUtc('2026-11-01', 90, NEW_YORK)?.toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(wallClock(at('2026-11-01T06:30:00Z'), NEW_YORK)).toEqual({
      date: '2026-11-01',
      minutes: 90,
      weekday: 7,
    });
  });
});

describe('nextFreeStarts', () => {
  it('lists grid starts that fit, from now rounded up to the quarter hour', () => {
    const daytime = bathroom(everyDay('08:00', '20:00'));
    // 18:52 EDT on Monday 8 June 2026: the next start is 19:00; 60 minutes fit only until 19:00.
    const starts = nextFreeStarts(daytime, '2026-06-08', 30, { now: at('2026-06-08T22:52:00Z') });
    expect(starts.map((start) => start.localTime)).toEqual(['19:00', '19:15', '19:30']);
    expect(starts[0]?.startUtc).toBe('2026-06-08T23:00:00.000Z');
    expect(nextFreeStarts(daytime, '2026-06-08', 120, { now: at('2026-06-08T22:52:00Z') })).toEqual([]);
  });

  it('skips the hour the clock jumps over', () => {
    const night = bathroom([{ weekday: 7, opens: '01:00', closes: '04:00' }]);
    const starts = nextFreeStarts(night, '2026-03-08', 15, { now: at('2026-03-01T00:00:00Z'), limit: 20 });
    expect(starts.map((start) => start.localTime)).toEqual([
      '01:00',
      '01:15',
      '01:30',
      '01:45',
      '03:00',
      '03:15',
      '03:30',
      '03:45',
    ]);
  });

  it('groups weekly hours Monday to Sunday', () => {
    const week = weeklyHours([
      { weekday: 7, opens: '10:00:00', closes: '24:00:00' },
      { weekday: 1, opens: '13:00', closes: '17:00' },
      { weekday: 1, opens: '08:00', closes: '12:00' },
    ]);
    expect(week.map((day) => day.weekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(week[0]?.ranges).toEqual([
      { opens: '08:00', closes: '12:00' },
      { opens: '13:00', closes: '17:00' },
    ]);
    expect(week[6]?.ranges).toEqual([{ opens: '10:00', closes: '24:00' }]);
  });
});
