import { describe, expect, it } from 'vitest';
import type { OpeningRange } from './opening-hours.ts';
import { freeStarts, isBookableDate, refusal, type SlotSchedule } from './slots.ts';

const ALL_DAY: OpeningRange[] = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
  weekday,
  opens: '00:00',
  closes: '24:00',
}));
const DAYTIME: OpeningRange[] = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
  weekday,
  opens: '08:00',
  closes: '20:00',
}));

function schedule(overrides: Partial<SlotSchedule> = {}): SlotSchedule {
  return {
    timezone: 'America/New_York',
    openingHours: DAYTIME,
    allowedDurations: [15, 30, 45, 60, 90, 120],
    cleaningBufferMinutes: 0,
    bookings: [],
    blackouts: [],
    ...overrides,
  };
}

const at = (iso: string) => new Date(iso);
// "Now" a day or two before each day tested: inside the 60-day horizon.
const SPRING_EVE = at('2027-03-13T00:00:00Z');
const FALL_EVE = at('2027-11-05T00:00:00Z');
const JUNE_EVE = at('2027-06-14T00:00:00Z');

describe('slot engine across daylight saving (America/New_York)', () => {
  it('spring-forward day 2027-03-14 has 23 hours of grid and no 02:xx starts', () => {
    const slots = freeStarts(schedule({ openingHours: ALL_DAY }), '2027-03-14', 15, SPRING_EVE);
    expect(slots).toHaveLength(92);
    expect(slots.some((slot) => slot.localTime.startsWith('02:'))).toBe(false);
    const index = slots.findIndex((slot) => slot.localTime === '01:45');
    expect(slots[index]).toEqual({
      startsAt: '2027-03-14T06:45:00.000Z',
      localTime: '01:45',
      utcOffset: '-05:00',
    });
    expect(slots[index + 1]).toEqual({
      startsAt: '2027-03-14T07:00:00.000Z',
      localTime: '03:00',
      utcOffset: '-04:00',
    });
    expect(slots[0]?.startsAt).toBe('2027-03-14T05:00:00.000Z');
    expect(slots.at(-1)?.startsAt).toBe('2027-03-15T03:45:00.000Z');
  });

  it('a booking across the skipped hour lasts its real duration (01:30 EST + 60 min = 03:30 EDT)', () => {
    const open = schedule({ openingHours: ALL_DAY });
    expect(refusal(open, at('2027-03-14T06:30:00Z'), 60, SPRING_EVE)).toBeNull();
    // Hours that close at 03:00 do not hold it: 03:30 on the wall clock is past closing.
    const early = schedule({ openingHours: [{ weekday: 7, opens: '00:00', closes: '03:00' }] });
    expect(refusal(early, at('2027-03-14T06:30:00Z'), 60, SPRING_EVE)).toBe('closed');
    expect(refusal(early, at('2027-03-14T06:30:00Z'), 30, SPRING_EVE)).toBeNull();
  });

  it('fall-back day 2027-11-07 has 25 hours of grid and offers the repeated 01:xx twice', () => {
    const slots = freeStarts(schedule({ openingHours: ALL_DAY }), '2027-11-07', 15, FALL_EVE);
    expect(slots).toHaveLength(100);
    const ones = slots.filter((slot) => slot.localTime === '01:00');
    expect(ones).toEqual([
      { startsAt: '2027-11-07T05:00:00.000Z', localTime: '01:00', utcOffset: '-04:00' },
      { startsAt: '2027-11-07T06:00:00.000Z', localTime: '01:00', utcOffset: '-05:00' },
    ]);
    expect(slots.at(-1)?.startsAt).toBe('2027-11-08T04:45:00.000Z');
  });

  it('keeps opening hours on the wall clock either side of a change', () => {
    const before = freeStarts(schedule(), '2027-11-06', 60, FALL_EVE);
    const after = freeStarts(schedule(), '2027-11-07', 60, FALL_EVE);
    expect(before[0]).toMatchObject({ startsAt: '2027-11-06T12:00:00.000Z', localTime: '08:00' });
    expect(after[0]).toMatchObject({ startsAt: '2027-11-07T13:00:00.000Z', localTime: '08:00' });
    expect(after.at(-1)).toMatchObject({ startsAt: '2027-11-08T00:00:00.000Z', localTime: '19:00' });
    expect(after).toHaveLength(45);
  });
});

describe('slot engine: bookings, buffers, blackouts, notice, horizon', () => {
  // 2027-06-15 is a Tuesday; New York is on EDT (UTC-4): 10:00 local = 14:00Z.
  const local = (hhmm: string) => at(`2027-06-15T${hhmm}:00-04:00`);
  const starts = (s: SlotSchedule, minutes: number, now = JUNE_EVE) =>
    freeStarts(s, '2027-06-15', minutes, now).map((slot) => slot.localTime);

  it("respects a booking's buffer and the new booking's own buffer", () => {
    // A 10:00–11:00 booking whose 15-minute buffer holds the room to 11:15.
    const booked = { start: local('10:00'), end: local('11:15') };
    const noBuffer = starts(schedule({ bookings: [booked] }), 30);
    expect(noBuffer).toContain('09:30');
    expect(noBuffer).not.toContain('09:45');
    expect(noBuffer).not.toContain('11:00');
    expect(noBuffer).toContain('11:15');
    // With a 10-minute buffer of its own, 09:30–10:00 would clean until 10:10, into the booking.
    const withBuffer = schedule({ bookings: [booked], cleaningBufferMinutes: 10 });
    expect(starts(withBuffer, 30)).not.toContain('09:30');
    expect(starts(withBuffer, 30)).toContain('09:15');
    expect(refusal(withBuffer, local('09:30'), 30, JUNE_EVE)).toBe('taken');
  });

  it('lets the last booking of the day clean after closing time', () => {
    const buffered = schedule({ cleaningBufferMinutes: 15 });
    expect(starts(buffered, 60).at(-1)).toBe('19:00');
  });

  it('refuses any start that touches a blackout', () => {
    const blackedOut = schedule({ blackouts: [{ start: local('12:00'), end: local('14:00') }] });
    const free = starts(blackedOut, 30);
    expect(free).toContain('11:30');
    expect(free).not.toContain('11:45');
    expect(free).not.toContain('13:45');
    expect(free).toContain('14:00');
    expect(refusal(blackedOut, local('13:00'), 15, JUNE_EVE)).toBe('blackout');
  });

  it('offers the slot starting now rounded up to the grid, nothing earlier', () => {
    const now = local('10:07');
    expect(starts(schedule(), 15, now)[0]).toBe('10:15');
    expect(refusal(schedule(), local('10:00'), 15, now)).toBe('past');
    expect(refusal(schedule(), local('10:15'), 15, local('10:15'))).toBeNull();
  });

  it('opens 60 days ahead and no further', () => {
    const now = local('10:00');
    const sixtyDays = new Date(now.getTime() + 60 * 86_400_000);
    expect(refusal(schedule(), sixtyDays, 15, now)).toBeNull();
    expect(refusal(schedule(), new Date(sixtyDays.getTime() + 15 * 60_000), 15, now)).toBe('too_far');
    expect(isBookableDate('2027-08-14', 'America/New_York', now)).toBe(true);
    expect(isBookableDate('2027-08-15', 'America/New_York', now)).toBe(false);
    expect(isBookableDate('2027-06-14', 'America/New_York', now)).toBe(false);
  });

  it('refuses durations the host does not allow, starts off the grid and closed hours', () => {
    const narrow = schedule({ allowedDurations: [30, 60] });
    expect(refusal(narrow, local('10:00'), 45, JUNE_EVE)).toBe('duration');
    expect(starts(narrow, 45)).toEqual([]);
    expect(refusal(narrow, local('10:05'), 30, JUNE_EVE)).toBe('off_grid');
    expect(refusal(narrow, local('19:45'), 30, JUNE_EVE)).toBe('closed');
    expect(refusal(narrow, local('07:45'), 30, JUNE_EVE)).toBe('closed');
  });
});

describe('slot engine with the admins’ booking rules (ADR 140)', () => {
  // 2027-06-15 10:07 in New York (EDT, UTC-4).
  const now = at('2027-06-15T14:07:00Z');
  const rules = (minimumNoticeMinutes: number, maxBookingMinutes = 120) => ({
    minimumNoticeMinutes,
    maxBookingMinutes,
  });

  it('minimum notice: starts before now + notice (rounded up to the grid) are too soon; later ones sell', () => {
    const open = schedule({ openingHours: ALL_DAY });
    expect(refusal(open, at('2027-06-15T14:15:00Z'), 15, now)).toBeNull();
    expect(refusal(open, at('2027-06-15T14:15:00Z'), 15, now, rules(60))).toBe('too_soon');
    expect(refusal(open, at('2027-06-15T15:00:00Z'), 15, now, rules(60))).toBe('too_soon');
    expect(refusal(open, at('2027-06-15T15:15:00Z'), 15, now, rules(60))).toBeNull();
    // The past stays "past", whatever the notice.
    expect(refusal(open, at('2027-06-15T14:00:00Z'), 15, now, rules(60))).toBe('past');
    const starts = freeStarts(open, '2027-06-15', 15, now, rules(60)).map((slot) => slot.startsAt);
    expect(starts[0]).toBe('2027-06-15T15:15:00.000Z');
  });

  it('longest booking: a duration the host allows but beyond the limit is too long', () => {
    const open = schedule({ openingHours: ALL_DAY });
    const start = at('2027-06-16T14:00:00Z');
    expect(refusal(open, start, 90, now, rules(0, 60))).toBe('too_long');
    expect(refusal(open, start, 60, now, rules(0, 60))).toBeNull();
    expect(freeStarts(open, '2027-06-16', 90, now, rules(0, 60))).toEqual([]);
  });
});
