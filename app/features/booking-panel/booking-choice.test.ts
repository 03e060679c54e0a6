import { describe, expect, it } from 'vitest';
import { bookingChoiceSchema } from './booking-choice.server.ts';
import {
  choiceHref,
  clock12,
  closedDates,
  dateLabel,
  headingChoice,
  localToday,
  nextDates,
  pickedStart,
} from './booking-choice.ts';

describe('booking choice', () => {
  it('keeps what is valid in the URL and drops the rest', () => {
    expect(
      bookingChoiceSchema.parse({ date: '2027-03-14', duration: '30', start: '2027-03-14T15:00:00.000Z' }),
    ).toEqual({
      date: '2027-03-14',
      duration: 30,
      start: '2027-03-14T15:00:00.000Z',
    });
    expect(bookingChoiceSchema.parse({ date: '2027-02-30', duration: 'x', start: 'soon' })).toEqual({
      date: undefined,
      duration: undefined,
      start: undefined,
    });
  });

  it("reads today on the bathroom's clock and counts days across month ends", () => {
    const lateInNewYork = new Date('2027-03-15T03:30:00Z');
    expect(localToday('America/New_York', lateInNewYork)).toBe('2027-03-14');
    expect(localToday('Europe/Berlin', lateInNewYork)).toBe('2027-03-15');
    expect(nextDates('2027-02-27', 3)).toEqual(['2027-02-27', '2027-02-28', '2027-03-01']);
    expect(dateLabel('2027-03-14', '2027-03-14')).toBe('Today');
    expect(dateLabel('2027-03-15', '2027-03-14')).toBe('Tomorrow');
    expect(dateLabel('2027-03-16', '2027-03-14')).toBe('Tue 16');
  });

  it('writes times the American way and links a choice', () => {
    expect(clock12('00:15')).toBe('12:15 AM');
    expect(clock12('15:45')).toBe('3:45 PM');
    expect(choiceHref('/bathrooms/b1', { date: '2027-03-14', duration: 15 })).toBe(
      '/bathrooms/b1?date=2027-03-14&duration=15',
    );
  });

  describe('headingChoice: the day and length a tap is on its way to', () => {
    const shown = {
      path: '/bathrooms/b1',
      today: '2027-03-14',
      date: '2027-03-16',
      duration: 30,
      allowedDurations: [15, 30, 45],
    };
    it('is what the page shows when nothing is loading, or something else is', () => {
      expect(headingChoice(shown, undefined)).toEqual({ date: '2027-03-16', duration: 30 });
      expect(headingChoice(shown, { pathname: '/login', search: '?date=2027-03-18&duration=45' })).toEqual({
        date: '2027-03-16',
        duration: 30,
      });
    });
    it('is the day and length of a choice on its way to this bathroom', () => {
      expect(
        headingChoice(shown, { pathname: '/bathrooms/b1', search: '?date=2027-03-18&duration=45' }),
      ).toEqual({ date: '2027-03-18', duration: 45 });
    });
    it('keeps what the page shows for what the server would not take', () => {
      expect(
        headingChoice(shown, { pathname: '/bathrooms/b1', search: '?date=2027-03-01&duration=20' }),
      ).toEqual({ date: '2027-03-16', duration: 30 });
      expect(headingChoice(shown, { pathname: '/bathrooms/b1', search: '?date=soon' })).toEqual({
        date: '2027-03-16',
        duration: 30,
      });
    });
  });

  it('lists the days a bathroom is closed all day, by its weekly hours', () => {
    // 2027-03-15 is a Monday. Open Monday to Friday: the weekend is closed.
    expect(closedDates('2027-03-15', 14, [1, 2, 3, 4, 5])).toEqual([
      '2027-03-20',
      '2027-03-21',
      '2027-03-27',
      '2027-03-28',
    ]);
    expect(closedDates('2027-03-15', 14, [1, 2, 3, 4, 5, 6, 7])).toEqual([]);
    expect(closedDates('2027-03-15', 3, [])).toEqual(['2027-03-15', '2027-03-16', '2027-03-17']);
  });

  it('names the start the guest picked, not the earliest one chosen for them', () => {
    const early = { starts_at: '2027-03-14T15:00:00.000Z', local_time: '10:00' };
    const later = { starts_at: '2027-03-14T15:15:00.000Z', local_time: '10:15' };
    const path = '/bathrooms/b1';
    const data = { path, start: early, starts: [early, later] };
    // No start in the URL: the panel's default is not the guest's pick.
    expect(pickedStart(data, '?date=2027-03-14&duration=15', undefined)).toBeNull();
    // The URL's start (the loader has already checked it, or fallen back to the earliest).
    expect(pickedStart({ ...data, start: later }, `?start=${later.starts_at}`, undefined)).toEqual(later);
    // A tap on its way shows at once.
    const pending = { pathname: path, search: `?date=2027-03-14&duration=15&start=${later.starts_at}` };
    expect(pickedStart(data, '', pending)).toEqual(later);
    // A navigation elsewhere, or to a start not in the list, changes nothing.
    expect(pickedStart(data, '', { pathname: '/bathrooms', search: pending.search })).toBeNull();
    expect(pickedStart(data, '', { pathname: path, search: '?start=2027-03-14T23:00:00.000Z' })).toBeNull();
    // No free start at all: nothing to name.
    expect(
      pickedStart({ ...data, start: null, starts: [] }, `?start=${later.starts_at}`, undefined),
    ).toBeNull();
  });
});
