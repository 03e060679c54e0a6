import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ANALYTICS_PRESETS, type AnalyticsPeriod, addDays } from '../../../common/schemas/analytics.ts';
import { DatePickerField } from '../../ui/date-time-picker.tsx';

export type PeriodChoice = { from: string; to: string };

/**
 * The period of /admin/analytics: the last 7, 30 or 90 UTC days up to today, or any from–to. The
 * comparison period is always the same number of days just before (ADR 138).
 */
export function PeriodPicker({
  current,
  previous,
  today,
  onChange,
  error,
}: {
  current: AnalyticsPeriod;
  previous: AnalyticsPeriod;
  today: string;
  onChange: (period: PeriodChoice) => void;
  error?: string | undefined;
}) {
  const preset = ANALYTICS_PRESETS.find(
    (days) => current.to === today && current.from === addDays(today, -(days - 1)),
  );
  const [mode, setMode] = useState<string>(preset ? String(preset) : 'custom');
  const [from, setFrom] = useState(current.from);
  const [to, setTo] = useState(current.to);
  return (
    <Stack gap="xs" data-testid="period-picker">
      <SegmentedControl
        value={mode}
        onChange={(value) => {
          setMode(value);
          if (value !== 'custom') onChange({ from: addDays(today, -(Number(value) - 1)), to: today });
        }}
        data={[
          ...ANALYTICS_PRESETS.map((days) => ({ value: String(days), label: `${days} days` })),
          { value: 'custom', label: 'Custom' },
        ]}
        aria-label="Period"
        maw={420}
      />
      {mode === 'custom' ? (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <DatePickerField label="From" value={from} onChange={setFrom} options={{ maxDate: to }} />
          <DatePickerField
            label="To"
            value={to}
            onChange={setTo}
            options={{ minDate: from, maxDate: today }}
            error={error}
          />
          <Button onClick={() => onChange({ from, to })} data-testid="apply-period">
            Show period
          </Button>
        </Group>
      ) : null}
      <Text size="sm" c="dimmed" data-testid="period-summary">
        {current.from} to {current.to} ({current.days} days, UTC), compared with {previous.from} to{' '}
        {previous.to}
      </Text>
    </Stack>
  );
}
