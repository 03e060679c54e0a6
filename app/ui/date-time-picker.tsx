import { type CSSProperties, useState, useSyncExternalStore } from 'react';
import { BOOKING_HORIZON_DAYS } from '../../common/constants.ts';
import {
  type DatePickerOptions,
  dateRefusal,
  dateTimeRefusal,
  nextGridTime,
  splitDateTime,
  timeBoundsOn,
  timeChoices,
} from './date-time-options.ts';
import { StaticNativeSelect, StaticTextInput } from './static-input.tsx';

/*
 * Privy's date and time pickers, taking spec §5's options (ADR 110): minimum and maximum date,
 * disabled dates, a 12- or 24-hour display and a time accuracy from 0 to 4. A date is the
 * browser's own date field (its calendar greys out days before the minimum and after the
 * maximum; a disabled day it cannot grey is refused with a message naming it); a time is a list
 * of the times the accuracy allows, written on the chosen clock. Both are plain markup in
 * Mantine's classes, the same before and after hydration, so the landing pages keep their light
 * first load (ADR 098) and a phone shows its own calendar and wheel.
 */

const noSubscription = () => () => {};
const browserToday = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

/**
 * The bounds of a day a guest may search for: today on the browser's calendar, up to the last day
 * a booking may start. None while the server renders and the page hydrates (the server cannot
 * know the guest's calendar; a bound drawn then could differ from the browser's and break
 * hydration); they arrive in the render after.
 */
export function useBookableDays(): Pick<DatePickerOptions, 'minDate' | 'maxDate'> {
  const today = useSyncExternalStore(noSubscription, browserToday, () => null);
  if (!today) return {};
  const last = new Date(`${today}T12:00:00Z`);
  last.setUTCDate(last.getUTCDate() + BOOKING_HORIZON_DAYS);
  return { minDate: today, maxDate: last.toISOString().slice(0, 10) };
}

type FieldProps = {
  id?: string;
  label: string;
  name?: string | undefined;
  required?: boolean | undefined;
  /** The server's word on the value, shown under the field. */
  error?: string | undefined;
};

/**
 * A day. A picked day the options refuse stays in the field with the reason under it (and the
 * browser will not submit the form), while `onChange` hears only days that may be taken.
 */
export function DatePickerField({
  value,
  onChange,
  options = {},
  error,
  ...field
}: FieldProps & { value: string; onChange: (date: string) => void; options?: DatePickerOptions }) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setDraft(value);
  }
  const refusal = dateRefusal(draft, options);
  return (
    <StaticTextInput
      {...field}
      type="date"
      value={draft}
      min={options.minDate}
      max={options.maxDate}
      validity={refusal}
      error={refusal ?? error}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setDraft(next);
        if (!dateRefusal(next, options)) onChange(next);
      }}
    />
  );
}

/**
 * A time from the list the accuracy gives, between `minTime` and `maxTime`. With a `placeholder`,
 * the list starts with it as the empty choice ("Any time").
 */
export function TimePickerField({
  value,
  onChange,
  options = {},
  minTime,
  maxTime,
  placeholder,
  validity,
  ...field
}: Omit<FieldProps, 'label'> & {
  /** A visible label; a time in a row of them may go by `aria-label` alone. */
  label?: string;
  'aria-label'?: string;
  /** Why the time cannot be taken (the browser will not submit the form); shown by the caller. */
  validity?: string | null | undefined;
  value: string;
  onChange: (time: string) => void;
  options?: Pick<DatePickerOptions, 'hourCycle' | 'timeAccuracy'>;
  minTime?: string | undefined;
  maxTime?: string | undefined;
  placeholder?: string;
}) {
  const choices = timeChoices({ ...options, minTime, maxTime, keep: value });
  const data = placeholder === undefined ? choices : [{ value: '', label: placeholder }, ...choices];
  return (
    <StaticNativeSelect
      {...field}
      data={data}
      value={value}
      validity={validity}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

const FIELDSET_STYLE: CSSProperties = { border: 0, margin: 0, padding: 0, minWidth: 0 };
const LEGEND_STYLE: CSSProperties = {
  padding: 0,
  fontSize: 'var(--mantine-font-size-md)',
  fontWeight: 700,
  marginBottom: 'calc(var(--mantine-spacing-xs) / 2)',
};
const ROW_STYLE: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1.3fr) minmax(0, 1fr)',
  gap: 'var(--mantine-spacing-xs)',
};
const ERROR_STYLE: CSSProperties = {
  margin: 'calc(var(--mantine-spacing-xs) / 2) 0 0',
  color: 'var(--mantine-color-error)',
  fontSize: 'calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))',
};

/**
 * A day and a time under one legend, for a form: the value 'YYYY-MM-DDTHH:MM' goes in a hidden
 * field named `name`. `min` and `max` ('YYYY-MM-DDTHH:MM') bound both: their days bound the
 * calendar, and on those days the times. A day whose chosen time falls outside it moves the time to
 * the first one allowed.
 */
export function DateTimePickerField({
  legend,
  name,
  defaultValue,
  min,
  max,
  options = {},
  required,
  error,
}: {
  legend: string;
  name: string;
  defaultValue: string;
  min?: string | undefined;
  max?: string | undefined;
  options?: DatePickerOptions;
  required?: boolean;
  error?: string | undefined;
}) {
  const [value, setValue] = useState(() => splitDateTime(defaultValue));
  const dayOptions = {
    ...options,
    minDate: options.minDate ?? (min ? splitDateTime(min).date : undefined),
    maxDate: options.maxDate ?? (max ? splitDateTime(max).date : undefined),
  };
  const bounds = timeBoundsOn(value.date, { min, max });
  const combined = value.date && value.time ? `${value.date}T${value.time}` : '';
  const refusal = combined ? dateTimeRefusal(combined, { ...options, min, max }) : null;
  const errorId = `${name}-picker-error`;
  const shownError = refusal ?? error;
  return (
    <fieldset style={FIELDSET_STYLE} aria-describedby={shownError ? errorId : undefined}>
      <legend style={LEGEND_STYLE}>{legend}</legend>
      <div style={ROW_STYLE}>
        <DatePickerField
          label="Date"
          value={value.date}
          options={dayOptions}
          required={required}
          onChange={(date) => {
            const { minTime, maxTime } = timeBoundsOn(date, { min, max });
            const tooEarly = minTime && value.time < minTime;
            const tooLate = maxTime && value.time > maxTime;
            const time =
              tooEarly || tooLate
                ? (nextGridTime(minTime ?? '00:00', options.timeAccuracy) ?? '')
                : value.time;
            setValue({ date, time });
          }}
        />
        <TimePickerField
          label="Time"
          value={value.time}
          options={options}
          minTime={bounds.minTime}
          maxTime={bounds.maxTime}
          validity={refusal}
          required={required}
          onChange={(time) => setValue((current) => ({ ...current, time }))}
        />
      </div>
      {shownError && (
        <p id={errorId} style={ERROR_STYLE}>
          {shownError}
        </p>
      )}
      <input type="hidden" name={name} value={combined} />
    </fieldset>
  );
}
