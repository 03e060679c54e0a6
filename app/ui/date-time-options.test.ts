import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ACCURACY, TIME_ACCURACY_STEP_MINUTES } from '../../common/constants.ts';
import {
  dateRefusal,
  dateTimeRefusal,
  formatPickedDate,
  formatPickedTime,
  isCalendarDate,
  nextGridTime,
  splitDateTime,
  timeBoundsOn,
  timeChoices,
  timeStepMinutes,
} from './date-time-options.ts';

describe('time accuracy (spec §5: 0 to 4, default 2)', () => {
  it('is the minutes between the times offered: hours, half hours, quarter hours, 5 minutes, minutes', () => {
    expect(TIME_ACCURACY_STEP_MINUTES).toEqual([60, 30, 15, 5, 1]);
    expect([0, 1, 2, 3, 4].map((accuracy) => timeStepMinutes(accuracy as 0 | 1 | 2 | 3 | 4))).toEqual([
      60, 30, 15, 5, 1,
    ]);
    expect(DEFAULT_TIME_ACCURACY).toBe(2);
    expect(timeStepMinutes()).toBe(15);
  });

  it('offers a day of times at that step', () => {
    expect(timeChoices({ timeAccuracy: 0 })).toHaveLength(24);
    expect(timeChoices({ timeAccuracy: 1 })).toHaveLength(48);
    expect(timeChoices({})).toHaveLength(96);
    expect(timeChoices({ timeAccuracy: 3 })).toHaveLength(288);
    expect(timeChoices({ timeAccuracy: 4 })).toHaveLength(1440);
    expect(
      timeChoices({ timeAccuracy: 1 })
        .slice(0, 3)
        .map((choice) => choice.value),
    ).toEqual(['00:00', '00:30', '01:00']);
  });
});

describe('12- or 24-hour display', () => {
  it('writes times on the clock asked for, 12-hour by default (spec §9)', () => {
    expect(formatPickedTime('00:00')).toBe('12:00 AM');
    expect(formatPickedTime('09:05')).toBe('9:05 AM');
    expect(formatPickedTime('12:30')).toBe('12:30 PM');
    expect(formatPickedTime('23:45', 12)).toBe('11:45 PM');
    expect(formatPickedTime('00:00', 24)).toBe('00:00');
    expect(formatPickedTime('09:05', 24)).toBe('09:05');
    expect(formatPickedTime('23:45', 24)).toBe('23:45');
  });

  it('labels the choices on that clock, with the values always HH:MM', () => {
    const twelve = timeChoices({ hourCycle: 12, minTime: '13:00', maxTime: '14:00' });
    expect(twelve).toEqual([
      { value: '13:00', label: '1:00 PM' },
      { value: '13:15', label: '1:15 PM' },
      { value: '13:30', label: '1:30 PM' },
      { value: '13:45', label: '1:45 PM' },
      { value: '14:00', label: '2:00 PM' },
    ]);
    expect(timeChoices({ hourCycle: 24, minTime: '13:00', maxTime: '13:15' })).toEqual([
      { value: '13:00', label: '13:00' },
      { value: '13:15', label: '13:15' },
    ]);
  });
});

describe('time bounds', () => {
  it('start at the first step at or after the minimum', () => {
    expect(timeChoices({ minTime: '22:50' }).map((choice) => choice.value)).toEqual([
      '23:00',
      '23:15',
      '23:30',
      '23:45',
    ]);
    expect(nextGridTime('14:07')).toBe('14:15');
    expect(nextGridTime('14:15')).toBe('14:15');
    expect(nextGridTime('23:50')).toBeNull();
    expect(nextGridTime('14:07', 0)).toBe('15:00');
  });

  it('keep the value the field holds, even off the grid or out of bounds', () => {
    const values = timeChoices({ minTime: '12:00', maxTime: '12:30', keep: '08:10' }).map(
      (choice) => choice.value,
    );
    expect(values).toEqual(['08:10', '12:00', '12:15', '12:30']);
  });

  it('apply on the first and last days of a range only', () => {
    const bounds = { min: '2027-03-15T14:07', max: '2027-03-20T09:00' };
    expect(timeBoundsOn('2027-03-15', bounds)).toEqual({ minTime: '14:07' });
    expect(timeBoundsOn('2027-03-17', bounds)).toEqual({});
    expect(timeBoundsOn('2027-03-20', bounds)).toEqual({ maxTime: '09:00' });
    expect(splitDateTime('2027-03-15T14:07')).toEqual({ date: '2027-03-15', time: '14:07' });
  });
});

describe('minimum, maximum and disabled dates', () => {
  const options = { minDate: '2027-03-15', maxDate: '2027-05-14', disabledDates: ['2027-03-21'] };

  it('takes a day between the bounds that is not disabled, and an empty field', () => {
    expect(dateRefusal('2027-03-15', options)).toBeNull();
    expect(dateRefusal('2027-03-22', options)).toBeNull();
    expect(dateRefusal('2027-05-14', options)).toBeNull();
    expect(dateRefusal('', options)).toBeNull();
  });

  it('refuses a day before the minimum or after the maximum, naming the bound', () => {
    expect(dateRefusal('2027-03-14', options)).toBe('Pick Monday, March 15, 2027 or later.');
    expect(dateRefusal('2027-05-15', options)).toBe('Pick Friday, May 14, 2027 or earlier.');
  });

  it('refuses a disabled day, naming it', () => {
    expect(dateRefusal('2027-03-21', options)).toBe(
      'Sunday, March 21, 2027 is not available. Pick another day.',
    );
  });

  it('refuses what is not a calendar day', () => {
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(dateRefusal('2027-02-30', {})).toBe('Pick a day from the calendar, like 2027-03-21.');
    expect(dateRefusal('soon', {})).toBe('Pick a day from the calendar, like 2027-03-21.');
  });

  it('writes days as spec §9 long weekday dates', () => {
    expect(formatPickedDate('2027-03-21')).toBe('Sunday, March 21, 2027');
  });
});

describe('a date and time together', () => {
  const bounds = { min: '2027-03-15T14:07', max: '2027-03-20T09:00', hourCycle: 12 as const };

  it('refuses a day out of range by the day, and a time out of range on the first or last day', () => {
    expect(dateTimeRefusal('2027-03-14T18:00', bounds)).toBe('Pick Monday, March 15, 2027 or later.');
    expect(dateTimeRefusal('2027-03-15T14:00', bounds)).toBe('Pick 2:07 PM or later that day.');
    expect(dateTimeRefusal('2027-03-20T09:15', bounds)).toBe('Pick 9:00 AM or earlier that day.');
    expect(dateTimeRefusal('2027-03-20T09:15', { ...bounds, hourCycle: 24 })).toBe(
      'Pick 09:00 or earlier that day.',
    );
  });

  it('takes any time in between', () => {
    expect(dateTimeRefusal('2027-03-15T14:15', bounds)).toBeNull();
    expect(dateTimeRefusal('2027-03-17T03:00', bounds)).toBeNull();
    expect(dateTimeRefusal('2027-03-20T09:00', bounds)).toBeNull();
  });

  it('refuses a disabled day whatever the time', () => {
    expect(dateTimeRefusal('2027-03-17T12:00', { ...bounds, disabledDates: ['2027-03-17'] })).toBe(
      'Wednesday, March 17, 2027 is not available. Pick another day.',
    );
  });
});
