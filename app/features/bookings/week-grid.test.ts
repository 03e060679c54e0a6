import { describe, expect, it } from 'vitest';
import type { BookingListItem } from '../../../common/schemas/booking-pages.ts';
import { dayHeading, localDate, shiftWeek, startTime, weekDates, weekGrid } from './week-grid.ts';

const booking = (overrides: Partial<BookingListItem>): BookingListItem => ({
  id: 'b1',
  bathroom_id: 'bath-a',
  bathroom_title: 'Alder',
  timezone: 'America/New_York',
  city: 'New York',
  state_code: 'NY',
  status: 'confirmed',
  starts_at: '2027-03-15T15:00:00.000Z',
  ends_at: '2027-03-15T15:30:00.000Z',
  duration_minutes: 30,
  price_cents: 1200,
  amount_refunded_cents: 0,
  amount_refund_settled_cents: 0,
  hold_expires_at: null,
  ...overrides,
});

describe('week calendar', () => {
  it('lists seven dates across a month end and a daylight-saving change', () => {
    expect(weekDates('2027-03-12')).toEqual([
      '2027-03-12',
      '2027-03-13',
      '2027-03-14',
      '2027-03-15',
      '2027-03-16',
      '2027-03-17',
      '2027-03-18',
    ]);
    expect(weekDates('2027-02-26').at(-1)).toBe('2027-03-04');
    expect(shiftWeek('2027-03-12', 1)).toBe('2027-03-19');
    expect(shiftWeek('2027-01-03', -1)).toBe('2026-12-27');
  });

  it("puts a booking on the day it starts in its bathroom's zone, not in UTC", () => {
    // 02:30 UTC on the 16th is the evening of the 15th in New York, and the 16th in Berlin.
    const late = '2027-03-16T02:30:00.000Z';
    expect(localDate(late, 'America/New_York')).toBe('2027-03-15');
    expect(localDate(late, 'Europe/Berlin')).toBe('2027-03-16');
    const { rows } = weekGrid(
      [
        booking({ id: 'ny', starts_at: late }),
        booking({
          id: 'berlin',
          bathroom_id: 'bath-b',
          bathroom_title: 'Birch',
          timezone: 'Europe/Berlin',
          starts_at: late,
        }),
      ],
      '2027-03-15',
    );
    expect(rows.map((row) => [row.title, row.days.map((day) => day.map((item) => item.id))])).toEqual([
      ['Alder', [['ny'], [], [], [], [], [], []]],
      ['Birch', [[], ['berlin'], [], [], [], [], []]],
    ]);
  });

  it('keeps a row for every bathroom, orders a day by start time and leaves out other weeks', () => {
    const { dates, rows } = weekGrid(
      [
        booking({ id: 'later', starts_at: '2027-03-15T18:00:00.000Z' }),
        booking({ id: 'earlier', starts_at: '2027-03-15T13:00:00.000Z' }),
        booking({ id: 'next-week', starts_at: '2027-03-23T13:00:00.000Z' }),
      ],
      '2027-03-15',
      [
        { value: 'bath-c', label: 'Cedar' },
        { value: 'bath-a', label: 'Alder' },
      ],
    );
    expect(dates[0]).toBe('2027-03-15');
    expect(rows.map((row) => row.title)).toEqual(['Alder', 'Cedar']);
    expect(rows[0]?.days[0]?.map((item) => item.id)).toEqual(['earlier', 'later']);
    expect(rows.flatMap((row) => row.days.flat()).map((item) => item.id)).not.toContain('next-week');
    expect(rows[1]?.days.every((day) => day.length === 0)).toBe(true);
  });

  it('labels days and start times for people', () => {
    expect(dayHeading('2027-03-15')).toBe('Mon 15');
    expect(startTime(booking({ starts_at: '2027-03-15T15:00:00.000Z' }))).toBe('11:00 AM');
  });
});
