import {
  DEFAULT_HOUR_CYCLE,
  DEFAULT_TIME_ACCURACY,
  type HOUR_CYCLES,
  LOCALE,
  TIME_ACCURACY_STEP_MINUTES,
} from '../../common/constants.ts';
import { dateTimeFormat } from '../../common/date-format.ts';

/*
 * The rules behind the date and time pickers (date-time-picker.tsx, ADR 110), kept apart from
 * React so they can be tested alone. Dates are 'YYYY-MM-DD' and times 'HH:MM' on the wall clock
 * of whatever they are about (a bathroom's, for bookings and blackouts): calendar arithmetic only,
 * no time zone.
 */

/** Spec §5: 0 whole hours, 1 half hours, 2 quarter hours (default), 3 five minutes, 4 minutes. */
export type TimeAccuracy = 0 | 1 | 2 | 3 | 4;
export type HourCycle = (typeof HOUR_CYCLES)[number];

/** Spec §5's date picker options. */
export type DatePickerOptions = {
  /** The first day that may be picked. */
  minDate?: string | undefined;
  /** The last day that may be picked. */
  maxDate?: string | undefined;
  /** Days between those that may not be picked (a closed weekday, a day blacked out). */
  disabledDates?: readonly string[] | undefined;
  /** How times read: "2:30 PM" (12) or "14:30" (24). */
  hourCycle?: HourCycle | undefined;
  timeAccuracy?: TimeAccuracy | undefined;
};

export type TimeChoice = { value: string; label: string };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function timeStepMinutes(accuracy: TimeAccuracy = DEFAULT_TIME_ACCURACY): number {
  return TIME_ACCURACY_STEP_MINUTES[accuracy];
}

const minutesOf = (time: string): number => {
  const match = TIME.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
};

const timeOf = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A real calendar day: '2027-02-30' is not one. */
export function isCalendarDate(date: string): boolean {
  const match = DATE.exec(date);
  if (!match) return false;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return day.toISOString().slice(0, 10) === date;
}

/** Spec §9's long weekday date: "Sunday, March 21, 2027". */
export function formatPickedDate(date: string): string {
  return dateTimeFormat(LOCALE, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

/** "2:30 PM" on the 12-hour clock, "14:30" on the 24-hour one. */
export function formatPickedTime(time: string, hourCycle: HourCycle = DEFAULT_HOUR_CYCLE): string {
  const minutes = minutesOf(time);
  if (Number.isNaN(minutes)) return time;
  if (hourCycle === 24) return timeOf(minutes);
  const hours = Math.floor(minutes / 60);
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}:${String(minutes % 60).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * Why a picked day cannot be taken, in words for the person picking, or null when it can. An empty
 * value is not refused here: whether the field is required is the form's business.
 */
export function dateRefusal(date: string, options: DatePickerOptions): string | null {
  if (date === '') return null;
  if (!isCalendarDate(date)) return 'Pick a day from the calendar, like 2027-03-21.';
  if (options.minDate && date < options.minDate) return `Pick ${formatPickedDate(options.minDate)} or later.`;
  if (options.maxDate && date > options.maxDate)
    return `Pick ${formatPickedDate(options.maxDate)} or earlier.`;
  if (options.disabledDates?.includes(date))
    return `${formatPickedDate(date)} is not available. Pick another day.`;
  return null;
}

/**
 * The times offered: every step of the accuracy from midnight, between `minTime` and `maxTime`
 * when given, written on the hour cycle. `keep` (the value the field holds) is listed even when it
 * is off the grid or out of bounds, so a field never shows a time other than the one it holds.
 */
export function timeChoices(
  options: Pick<DatePickerOptions, 'hourCycle' | 'timeAccuracy'> & {
    minTime?: string | undefined;
    maxTime?: string | undefined;
    keep?: string | undefined;
  },
): TimeChoice[] {
  const step = timeStepMinutes(options.timeAccuracy);
  const low = options.minTime ? minutesOf(options.minTime) : 0;
  const high = options.maxTime ? minutesOf(options.maxTime) : 24 * 60 - 1;
  const values: number[] = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += step) {
    if (minutes >= low && minutes <= high) values.push(minutes);
  }
  const kept = options.keep ? minutesOf(options.keep) : Number.NaN;
  if (!Number.isNaN(kept) && !values.includes(kept)) values.push(kept);
  return values
    .sort((a, b) => a - b)
    .map((minutes) => ({
      value: timeOf(minutes),
      label: formatPickedTime(timeOf(minutes), options.hourCycle),
    }));
}

/** The first time of the accuracy's grid at or after `time` (null past the day's last step). */
export function nextGridTime(time: string, accuracy?: TimeAccuracy): string | null {
  const step = timeStepMinutes(accuracy);
  const minutes = Math.ceil(minutesOf(time) / step) * step;
  return Number.isNaN(minutes) || minutes >= 24 * 60 ? null : timeOf(minutes);
}

/** 'YYYY-MM-DDTHH:MM' split in two; either part may be empty. */
export function splitDateTime(value: string): { date: string; time: string } {
  const [date = '', time = ''] = value.split('T');
  return { date, time: time.slice(0, 5) };
}

/**
 * The times a day allows between two instants 'YYYY-MM-DDTHH:MM': on the first day from `min`'s
 * time, on the last up to `max`'s, any time in between.
 */
export function timeBoundsOn(
  date: string,
  bounds: { min?: string | undefined; max?: string | undefined },
): { minTime?: string; maxTime?: string } {
  const min = bounds.min ? splitDateTime(bounds.min) : null;
  const max = bounds.max ? splitDateTime(bounds.max) : null;
  return {
    ...(min && min.date === date ? { minTime: min.time } : {}),
    ...(max && max.date === date ? { maxTime: max.time } : {}),
  };
}

/**
 * Why a picked date and time cannot be taken, or null: the day by `dateRefusal`, then the time
 * against the bounds of that day.
 */
export function dateTimeRefusal(
  value: string,
  options: DatePickerOptions & { min?: string | undefined; max?: string | undefined },
): string | null {
  const { date, time } = splitDateTime(value);
  const day = dateRefusal(date, {
    ...options,
    minDate: options.minDate ?? (options.min ? splitDateTime(options.min).date : undefined),
    maxDate: options.maxDate ?? (options.max ? splitDateTime(options.max).date : undefined),
  });
  if (day || !time) return day;
  const { minTime, maxTime } = timeBoundsOn(date, options);
  if (minTime && time < minTime)
    return `Pick ${formatPickedTime(minTime, options.hourCycle)} or later that day.`;
  if (maxTime && time > maxTime)
    return `Pick ${formatPickedTime(maxTime, options.hourCycle)} or earlier that day.`;
  return null;
}
