import {
  Alert,
  Button,
  Chip,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Form, Link, useNavigate, useNavigation } from 'react-router';
import { FULL_REFUND_NOTICE_MINUTES } from '../../../common/cancellation-policy.ts';
import { bookingPriceCents } from '../../../common/booking-price.ts';
import { choiceHref, clock12, dateLabel, nextDates } from './booking-choice.ts';

/**
 * Pick a day, a length and a start, review, then pay (ADR 093). Everything lives in the URL and
 * the route's loader works out the free starts, so the page shows them on first paint and works
 * before hydration; the earliest free start is chosen already, so "Reserve and pay" is one tap.
 */

export type PanelData = {
  path: string;
  today: string;
  date: string;
  duration: number;
  allowedDurations: number[];
  starts: { starts_at: string; local_time: string }[];
  start: { starts_at: string; local_time: string } | null;
  hourlyPriceCents: number;
  title: string;
  area: string;
  timezoneName: string;
  /** Not shown to the bathroom's own host. */
  ownBathroom: boolean;
};

const usd = (cents: number) => (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
const length = (minutes: number) =>
  minutes < 60 ? `${minutes} min` : minutes === 60 ? '1 hour' : `${minutes / 60} hours`;

/** Starts shown before "Show all": enough for the next couple of hours, and the button stays in view. */
const FIRST_STARTS = 12;

export function BookingPanel({ data, error }: { data: PanelData; error: string | null }) {
  const navigate = useNavigate();
  const [showAll, setShowAll] = useState(false);
  const chosenIndex = data.starts.findIndex((slot) => slot.starts_at === data.start?.starts_at);
  const visible = showAll || chosenIndex >= FIRST_STARTS ? data.starts : data.starts.slice(0, FIRST_STARTS);
  const submitting = useNavigation().state === 'submitting';
  const go = (choice: { date?: string; duration?: number; start?: string }) =>
    navigate(choiceHref(data.path, { date: data.date, duration: data.duration, ...choice }), {
      replace: true,
      preventScrollReset: true,
    });

  if (data.ownBathroom) {
    return (
      <Text size="sm" c="dimmed">
        This is your bathroom, so you cannot book it. <Link to="/manage/bookings">See its bookings</Link>.
      </Text>
    );
  }

  return (
    <Stack gap="sm" data-testid="booking-panel">
      <Title order={2} fz="md">
        Book a time
      </Title>
      <Group gap={6} role="group" aria-label="Day">
        {nextDates(data.today, 7).map((date) => (
          <Button
            key={date}
            component={Link}
            to={choiceHref(data.path, { date, duration: data.duration })}
            replace
            preventScrollReset
            size="compact-sm"
            variant={date === data.date ? 'filled' : 'default'}
            aria-current={date === data.date ? 'date' : undefined}
          >
            {dateLabel(date, data.today)}
          </Button>
        ))}
      </Group>
      <TextInput
        type="date"
        label="Another day"
        size="sm"
        value={data.date}
        min={data.today}
        max={nextDates(data.today, 61)[60]}
        onChange={(event) => event.currentTarget.value && go({ date: event.currentTarget.value, start: '' })}
      />
      <SegmentedControl
        aria-label="How long"
        data={data.allowedDurations.map((minutes) => ({ value: String(minutes), label: length(minutes) }))}
        value={String(data.duration)}
        onChange={(value) => go({ duration: Number(value), start: '' })}
        fullWidth
      />
      {data.starts.length ? (
        <Chip.Group value={data.start?.starts_at ?? ''} onChange={(value) => go({ start: String(value) })}>
          <Group gap={6} aria-label={`Free starts (${data.timezoneName})`} data-testid="free-starts">
            {visible.map((slot) => (
              <Chip key={slot.starts_at} value={slot.starts_at} size="sm" variant="outline">
                {clock12(slot.local_time)}
              </Chip>
            ))}
          </Group>
          {visible.length < data.starts.length && (
            <Button variant="subtle" size="compact-sm" mt={6} onClick={() => setShowAll(true)}>
              Show all {data.starts.length} times
            </Button>
          )}
        </Chip.Group>
      ) : (
        <Text size="sm" c="dimmed" data-testid="no-starts">
          No free {length(data.duration)} starts on this day. Try another day or a shorter visit.
        </Text>
      )}
      {error && (
        <Alert color="red" role="alert" data-testid="booking-error">
          {error}
        </Alert>
      )}
      {data.start && (
        <Paper
          withBorder
          radius="md"
          p="md"
          bg="var(--mantine-color-default-hover)"
          data-testid="booking-review"
        >
          <Stack gap={6}>
            <Text fw={600}>{data.title}</Text>
            <Text size="sm">
              {dateLabel(data.date, data.today)}, {clock12(data.start.local_time)} ({data.timezoneName}) ·{' '}
              {length(data.duration)}
            </Text>
            <Text size="sm" c="dimmed">
              {data.area}. The exact address and how to get in come with your confirmation.
            </Text>
            <Group justify="space-between">
              <Text size="sm">Total</Text>
              <Text fw={700} data-testid="booking-total">
                {usd(bookingPriceCents(data.hourlyPriceCents, data.duration))}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              Free cancellation up to {FULL_REFUND_NOTICE_MINUTES} minutes before the start; half back after
              that; no refund once it has started.
            </Text>
            <Form method="post" preventScrollReset>
              <input type="hidden" name="startsAt" value={data.start.starts_at} />
              <input type="hidden" name="durationMinutes" value={data.duration} />
              <Button type="submit" size="md" fullWidth loading={submitting}>
                Reserve and pay
              </Button>
            </Form>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
