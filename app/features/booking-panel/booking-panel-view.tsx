import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { bookingPriceCents } from '../../../common/booking-price.ts';
import { FULL_REFUND_NOTICE_MINUTES } from '../../../common/cancellation-policy.ts';
import { BOOKING_HORIZON_DAYS, HOLD_MINUTES } from '../../../common/constants.ts';
import { formatUsd } from '../../../common/money.ts';
import { DatePickerField } from '../../ui/date-time-picker.tsx';
import { choiceHref, clock12, dateLabel, nextDates } from './booking-choice.ts';

/**
 * Pick a day, a length and a start, review, then pay (ADR 093). Everything lives in the URL and
 * the route's loader works out the free starts, so the page shows them on first paint and works
 * before hydration; the earliest free start is chosen already, so "Reserve and pay" is one tap.
 *
 * The panel is drawn twice over (ADR 098): first with plain-markup controls (booking-panel.tsx),
 * then, once the page is live, with Mantine's (live-booking-panel.tsx), which look the same. It is
 * one component throughout, so its state (a refused day in "Another day") survives the change.
 */

export type PanelData = {
  path: string;
  today: string;
  /** Days the bathroom is closed all day, which the date picker refuses. */
  closedDates: string[];
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
  /** The admins' settings in force (ADR 140); PRODUCT.md's values without them. */
  freeCancellationMinutes?: number;
  holdMinutes?: number;
};

/** The panel's interactive parts: Mantine's, or their plain markup before the page is live. */
export type PanelControls = {
  DayLink: (props: { to: string; active: boolean; children: ReactNode }) => ReactNode;
  Lengths: (props: {
    data: { value: string; label: string }[];
    value: string;
    onChange: (value: string) => void;
  }) => ReactNode;
  StartGroup: (props: { value: string; onChange: (value: string) => void; children: ReactNode }) => ReactNode;
  Start: (props: {
    value: string;
    checked: boolean;
    onChange: (value: string) => void;
    children: ReactNode;
  }) => ReactNode;
  ShowAll: (props: { onClick: () => void; children: ReactNode }) => ReactNode;
  Reserve: (props: { loading: boolean; children: ReactNode }) => ReactNode;
  ErrorAlert: (props: { children: ReactNode }) => ReactNode;
};

export const lengthLabel = (minutes: number) =>
  minutes < 60 ? `${minutes} min` : minutes === 60 ? '1 hour' : `${minutes / 60} hours`;

/** The review's id: the listing's bar on a phone leads to it once a start is picked (ADR 116). */
export const BOOKING_REVIEW_ID = 'booking-review';

/** Starts shown before "Show all": enough for the next couple of hours, and the button stays in view. */
const FIRST_STARTS = 12;

export type PanelViewProps = {
  data: PanelData;
  /** The day and length on their way (booking-choice.ts headingChoice); `data`'s when none is. */
  heading?: { date: string; duration: number };
  error: string | null;
  showAll: boolean;
  onShowAll: () => void;
  /** Moves to another choice (the URL is the state). */
  go: (choice: { date?: string; duration?: number; start?: string }) => void;
  submitting: boolean;
};

export function BookingPanelView({
  data,
  heading = { date: data.date, duration: data.duration },
  error,
  showAll,
  onShowAll,
  go,
  submitting,
  ui,
}: PanelViewProps & { ui: PanelControls }) {
  const chosenIndex = data.starts.findIndex((slot) => slot.starts_at === data.start?.starts_at);
  const visible = showAll || chosenIndex >= FIRST_STARTS ? data.starts : data.starts.slice(0, FIRST_STARTS);

  if (data.ownBathroom) {
    return (
      <Text size="sm" c="dimmed">
        This is your bathroom, so you cannot book it. <Link to="/manage/bookings">See its bookings</Link>.
      </Text>
    );
  }

  const chosen = data.start?.starts_at ?? '';
  // The starts on screen are for the day and length shown until the new ones arrive.
  const waiting = heading.date !== data.date || heading.duration !== data.duration;
  const pick = (value: string) => go({ start: value });
  return (
    <Stack gap="sm" data-testid="booking-panel">
      <Title order={2} fz="md">
        Book a time
      </Title>
      <Group gap={6} role="group" aria-label="Day">
        {nextDates(data.today, 7).map((date) => (
          <ui.DayLink
            key={date}
            to={choiceHref(data.path, { date, duration: heading.duration })}
            active={date === heading.date}
          >
            {dateLabel(date, data.today)}
          </ui.DayLink>
        ))}
      </Group>
      {/* The same plain markup before and after the page is live (date-time-picker.tsx). */}
      <DatePickerField
        label="Another day"
        value={heading.date}
        options={{
          minDate: data.today,
          maxDate: nextDates(data.today, BOOKING_HORIZON_DAYS + 1)[BOOKING_HORIZON_DAYS] ?? data.today,
          disabledDates: data.closedDates,
        }}
        onChange={(date) => date && go({ date, start: '' })}
      />
      <ui.Lengths
        data={data.allowedDurations.map((minutes) => ({
          value: String(minutes),
          label: lengthLabel(minutes),
        }))}
        value={String(heading.duration)}
        onChange={(value) => go({ duration: Number(value), start: '' })}
      />
      {data.starts.length ? (
        <ui.StartGroup value={chosen} onChange={pick}>
          <Group
            gap={6}
            aria-label={`Free starts (${data.timezoneName})`}
            aria-busy={waiting || undefined}
            opacity={waiting ? 0.55 : undefined}
            data-testid="free-starts"
          >
            {visible.map((slot) => (
              <ui.Start
                key={slot.starts_at}
                value={slot.starts_at}
                checked={slot.starts_at === chosen}
                onChange={pick}
              >
                {clock12(slot.local_time)}
              </ui.Start>
            ))}
          </Group>
          {visible.length < data.starts.length && (
            <ui.ShowAll onClick={onShowAll}>Show all {data.starts.length} times</ui.ShowAll>
          )}
        </ui.StartGroup>
      ) : (
        <Text size="sm" c="dimmed" data-testid="no-starts">
          No free {lengthLabel(data.duration)} starts on this day. Try another day or a shorter visit.
        </Text>
      )}
      {error && <ui.ErrorAlert>{error}</ui.ErrorAlert>}
      {data.start && (
        <Paper
          withBorder
          radius="md"
          p="md"
          bg="var(--mantine-color-default-hover)"
          data-testid="booking-review"
          id={BOOKING_REVIEW_ID}
          tabIndex={-1}
          // Scrolled to from the phone's bar, its foot stays clear of the bar (booking-bar.tsx).
          style={{ scrollMarginBottom: 'calc(6rem * var(--mantine-scale))' }}
        >
          <Stack gap={6}>
            <Text fw={600}>{data.title}</Text>
            <Text size="sm">
              {dateLabel(data.date, data.today)}, {clock12(data.start.local_time)} ({data.timezoneName}) ·{' '}
              {lengthLabel(data.duration)}
            </Text>
            <Text size="sm" c="dimmed">
              {data.area}. The exact address and how to get in come with your confirmation.
            </Text>
            <Group justify="space-between">
              <Text size="sm">Total</Text>
              <Text fw={700} data-testid="booking-total">
                {formatUsd(bookingPriceCents(data.hourlyPriceCents, data.duration))}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              We hold the time for {data.holdMinutes ?? HOLD_MINUTES} minutes while you pay. Free cancellation
              up to {data.freeCancellationMinutes ?? FULL_REFUND_NOTICE_MINUTES} minutes before the start;
              half back after that; no refund once it has started.
            </Text>
            <Form method="post" preventScrollReset>
              <input type="hidden" name="startsAt" value={data.start.starts_at} />
              <input type="hidden" name="durationMinutes" value={data.duration} />
              <ui.Reserve loading={submitting}>Reserve and pay</ui.Reserve>
            </Form>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
