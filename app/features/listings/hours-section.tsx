import {
  ActionIcon,
  Button,
  Chip,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { WEEKDAYS } from '../../../common/constants.ts';
import {
  ALLOWED_DURATIONS,
  CLEANING_BUFFERS,
  DEFAULT_OPENING_HOURS,
  MAX_RANGES_PER_DAY,
  type OpeningRange,
  openingRangeIssues,
  priceDollarsSchema,
} from '../../../common/schemas/properties.ts';
import { TimePickerField } from '../../ui/date-time-picker.tsx';
import classes from './hours-section.module.css';

export type HoursAndPrice = {
  hourly_price_cents: number;
  allowed_durations: number[];
  cleaning_buffer_minutes: number;
  opening_hours: OpeningRange[];
};

type Props = {
  initial: HoursAndPrice;
  submitLabel: string;
  onSubmit: (values: HoursAndPrice) => Promise<Record<string, string> | undefined>;
};

type DayRange = { key: number; opens: string; closes: string };

/** Opening and closing times on the booking grid, on the 12-hour clock (ADR 110). */
const HOURS_TIMES = { timeAccuracy: 2, hourCycle: 12 } as const;

/** Stable React keys for ranges, so removing one keeps the others' inputs in place. */
let nextKey = 0;

/** '24:00' (midnight close) shows as 00:00 in a time input and goes back as 24:00. */
const toInput = (clock: string) => (clock === '24:00' ? '00:00' : clock);
const fromInput = (clock: string, closing: boolean) => (closing && clock === '00:00' ? '24:00' : clock);

function toWeek(ranges: OpeningRange[]): DayRange[][] {
  return [1, 2, 3, 4, 5, 6, 7].map((weekday) =>
    ranges
      .filter((range) => range.weekday === weekday)
      .map((range) => ({ key: nextKey++, opens: range.opens, closes: toInput(range.closes) })),
  );
}

function fromWeek(week: DayRange[][]): OpeningRange[] {
  return week.flatMap((ranges, index) =>
    ranges.map((range) => ({
      weekday: index + 1,
      opens: range.opens,
      closes: fromInput(range.closes, true),
    })),
  );
}

/** Price, booking lengths, cleaning buffer and the weekly opening hours (several ranges a day). */
export function HoursSection({ initial, submitLabel, onSubmit }: Props) {
  const [price, setPrice] = useState<number | string>(initial.hourly_price_cents / 100);
  const [durations, setDurations] = useState(initial.allowed_durations.map(String));
  const [buffer, setBuffer] = useState(String(initial.cleaning_buffer_minutes));
  const [week, setWeek] = useState(() => toWeek(initial.opening_hours));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const setDay = (day: number, ranges: DayRange[]) =>
    setWeek(week.map((old, i) => (i === day ? ranges : old)));

  /** Maps 'ranges.<n>.<field>' back to the day and row it came from. */
  function rangeErrors(issues: { index: number; field: string; message: string }[]) {
    const flat = week.flatMap((ranges, day) => ranges.map((_, row) => `${day}.${row}`));
    return Object.fromEntries(issues.map((issue) => [`${flat[issue.index]}.${issue.field}`, issue.message]));
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    const dollars = priceDollarsSchema.safeParse(typeof price === 'number' ? price : Number.NaN);
    if (!dollars.success) next.hourly_price_cents = dollars.error.issues[0]?.message ?? 'Enter a price.';
    if (!durations.length) next.allowed_durations = 'Allow at least one booking length.';
    const ranges = fromWeek(week);
    const malformed = ranges.findIndex((range) => !range.opens || !range.closes);
    const issues = openingRangeIssues(ranges);
    if (malformed >= 0) issues.push({ index: malformed, field: 'opens', message: 'Fill in both times.' });
    Object.assign(next, rangeErrors(issues));
    setErrors(next);
    if (Object.keys(next).length || !dollars.success) return;
    setBusy(true);
    const serverErrors =
      (await onSubmit({
        hourly_price_cents: Math.round(dollars.data * 100),
        allowed_durations: durations.map(Number).sort((a, b) => a - b),
        cleaning_buffer_minutes: Number(buffer),
        opening_hours: ranges,
      })) ?? {};
    const fromServer: Record<string, string> = {};
    for (const [field, message] of Object.entries(serverErrors)) {
      const match = /^ranges\.(\d+)\.(\w+)$/.exec(field);
      if (match)
        Object.assign(
          fromServer,
          rangeErrors([{ index: Number(match[1]), field: match[2] ?? 'opens', message }]),
        );
      else fromServer[field] = message;
    }
    setErrors(fromServer);
    setBusy(false);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <NumberInput
          label="Hourly price (USD)"
          description="Between $1 and $200 an hour. Guests pay for the length they book."
          prefix="$"
          decimalScale={2}
          min={1}
          max={200}
          value={price}
          onChange={setPrice}
          error={errors.hourly_price_cents}
          size="md"
          maw={240}
        />
        <Stack gap={6}>
          <Text fw={500} size="sm" id="durations-label">
            Booking lengths guests may choose
          </Text>
          <Chip.Group multiple value={durations} onChange={setDurations}>
            <Group gap="xs" role="group" aria-labelledby="durations-label">
              {ALLOWED_DURATIONS.map((minutes) => (
                <Chip key={minutes} value={String(minutes)} size="md">
                  {minutes < 60 ? `${minutes} min` : `${minutes / 60} h`}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {errors.allowed_durations && (
            <Text c="red" size="sm">
              {errors.allowed_durations}
            </Text>
          )}
        </Stack>
        <Stack gap={6}>
          <Text fw={500} size="sm" id="buffer-label">
            Cleaning time between guests
          </Text>
          <SegmentedControl
            aria-labelledby="buffer-label"
            value={buffer}
            onChange={setBuffer}
            data={CLEANING_BUFFERS.map((minutes) => ({
              value: String(minutes),
              label: minutes ? `${minutes} min` : 'None',
            }))}
            maw={360}
          />
        </Stack>
        <Stack gap="xs">
          <Text fw={500} size="sm">
            Opening hours, in the bathroom’s local time
          </Text>
          <Text size="sm" c="dimmed">
            Add several ranges for a break at lunch. A day without hours is closed. To close at midnight,
            choose 12:00 AM.
          </Text>
          {WEEKDAYS.map((name, day) => (
            <Paper key={name} withBorder p="sm" radius="md" data-testid={`weekday-${day + 1}`}>
              <div className={classes.day}>
                <Text fw={600} className={classes.name}>
                  {name}
                </Text>
                <Stack gap="xs" className={classes.ranges}>
                  {week[day]?.length ? null : (
                    <Text c="dimmed" pt={6}>
                      Closed
                    </Text>
                  )}
                  {week[day]?.map((range, row) => (
                    <Group key={range.key} gap="xs" wrap="nowrap" align="flex-start">
                      <TimePickerField
                        aria-label={`${name} opens`}
                        value={range.opens}
                        options={HOURS_TIMES}
                        onChange={(time) =>
                          setDay(
                            day,
                            (week[day] ?? []).map((r, i) => (i === row ? { ...r, opens: time } : r)),
                          )
                        }
                        error={errors[`${day}.${row}.opens`] ?? errors[`${day}.${row}.weekday`]}
                      />
                      <TimePickerField
                        aria-label={`${name} closes`}
                        value={range.closes}
                        options={HOURS_TIMES}
                        onChange={(time) =>
                          setDay(
                            day,
                            (week[day] ?? []).map((r, i) => (i === row ? { ...r, closes: time } : r)),
                          )
                        }
                        error={errors[`${day}.${row}.closes`]}
                      />
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        mt={2}
                        aria-label={`Remove ${name} ${range.opens}–${range.closes}`}
                        onClick={() =>
                          setDay(
                            day,
                            (week[day] ?? []).filter((_, i) => i !== row),
                          )
                        }
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Group>
                  ))}
                </Stack>
                <ActionIcon
                  className={classes.add}
                  variant="light"
                  size="lg"
                  aria-label={`Add hours on ${name}`}
                  disabled={(week[day]?.length ?? 0) >= MAX_RANGES_PER_DAY}
                  onClick={() =>
                    setDay(day, [...(week[day] ?? []), { key: nextKey++, ...DEFAULT_OPENING_HOURS }])
                  }
                >
                  <IconPlus size={18} />
                </ActionIcon>
              </div>
            </Paper>
          ))}
        </Stack>
        <Button type="submit" loading={busy} size="md" style={{ alignSelf: 'flex-start' }}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
