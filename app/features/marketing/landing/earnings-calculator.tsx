import {
  Alert,
  Button,
  Grid,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import {
  checkEarningsForm,
  type EarningsField,
  type EarningsForm,
  type EarningsPeriod,
  estimateEarnings,
} from '../../../../common/earnings.ts';
import { formatPrice } from '../../../../common/money.ts';
import { ALLOWED_DURATIONS, CLEANING_BUFFERS } from '../../../../common/schemas/properties.ts';

const LENGTH_OPTIONS = ALLOWED_DURATIONS.map((minutes) => ({
  value: String(minutes),
  label: minutes < 60 ? `${minutes} minutes` : minutes === 60 ? '1 hour' : `${minutes / 60} hours`,
}));
const BUFFER_OPTIONS = CLEANING_BUFFERS.map((minutes) => ({
  value: String(minutes),
  label: minutes === 0 ? 'No break' : `${minutes} minutes`,
}));

const PERIODS = [
  { key: 'week', label: 'Week' },
  { key: 'month', label: 'Month' },
  { key: 'year', label: 'Year' },
] as const;

function EstimateTable({
  periods,
  commissionPercent,
}: {
  periods: Record<(typeof PERIODS)[number]['key'], EarningsPeriod>;
  commissionPercent: number;
}) {
  return (
    <Table verticalSpacing="xs" horizontalSpacing="xs" fz="sm" striped>
      <Table.Caption>Estimated before tax and your own costs</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Period</Table.Th>
          <Table.Th scope="col" ta="right">
            Guests pay
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Privy’s {commissionPercent}%
          </Table.Th>
          <Table.Th scope="col" ta="right">
            You earn
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {PERIODS.map(({ key, label }) => (
          <Table.Tr key={key}>
            <Table.Th scope="row">{label}</Table.Th>
            <Table.Td ta="right" data-testid={`estimate-${key}-gross`}>
              {formatPrice(periods[key].grossCents)}
            </Table.Td>
            <Table.Td ta="right" data-testid={`estimate-${key}-fee`}>
              {formatPrice(periods[key].feeCents)}
            </Table.Td>
            <Table.Td ta="right" fw={700} data-testid={`estimate-${key}-net`}>
              {formatPrice(periods[key].netCents)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const bookingsText = (count: number) =>
  `${count.toLocaleString('en-US', { maximumFractionDigits: 1 })} booking${count === 1 ? '' : 's'}`;

/**
 * The host earnings calculator. The first HTML already holds the estimate for `initial` (the
 * defaults, or a shared link's inputs); in the browser every change recomputes it at once. Without
 * JavaScript the form still works: it submits to the page, whose loader reads the same fields.
 */
export function EarningsCalculator({
  initial,
  commissionPercent,
  action,
}: {
  initial: EarningsForm;
  commissionPercent: number;
  action: string;
}) {
  const [form, setForm] = useState<EarningsForm>(initial);
  const checked = checkEarningsForm(form, commissionPercent);
  const estimate = checked.ok ? estimateEarnings(checked.input) : null;
  const errors: Partial<Record<EarningsField, string>> = checked.ok ? {} : checked.errors;
  const set = (field: EarningsField) => (value: string | number) =>
    setForm((current) => ({ ...current, [field]: String(value) }));

  return (
    <Grid gap="xl" align="flex-start">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Paper
          component="form"
          method="get"
          action={action}
          aria-labelledby="calculator-inputs"
          withBorder
          radius="lg"
          p={{ base: 'md', sm: 'xl' }}
          // With JavaScript the estimate is already live; Enter in a field should not reload the page.
          onSubmit={(event) => event.preventDefault()}
        >
          <Stack gap="md">
            <Title order={3} id="calculator-inputs" fz="xl">
              Your bathroom
            </Title>
            <NumberInput
              name="price"
              label="Hourly price"
              description="What a guest pays for an hour, $1 to $200. Shorter bookings cost their share."
              leftSection="$"
              min={1}
              max={200}
              step={1}
              decimalScale={2}
              clampBehavior="none"
              inputMode="decimal"
              value={form.price}
              onChange={set('price')}
              error={errors.price}
            />
            <SimpleGrid cols={2}>
              <NumberInput
                name="hours"
                label="Hours a day"
                min={1}
                max={24}
                allowDecimal={false}
                clampBehavior="none"
                value={form.hours}
                onChange={set('hours')}
                error={errors.hours}
              />
              <NumberInput
                name="days"
                label="Days a week"
                min={1}
                max={7}
                allowDecimal={false}
                clampBehavior="none"
                value={form.days}
                onChange={set('days')}
                error={errors.days}
              />
            </SimpleGrid>
            <NumberInput
              name="occupancy"
              label="Expected occupancy"
              description="Of all the bookings that could fit your hours, the share guests actually make."
              rightSection="%"
              min={0}
              max={100}
              step={5}
              allowDecimal={false}
              clampBehavior="none"
              value={form.occupancy}
              onChange={set('occupancy')}
              error={errors.occupancy}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <NativeSelect
                name="length"
                label="Typical booking length"
                data={LENGTH_OPTIONS}
                value={form.length}
                onChange={(event) => set('length')(event.currentTarget.value)}
                error={errors.length}
              />
              <NativeSelect
                name="buffer"
                label="Cleaning break after each"
                data={BUFFER_OPTIONS}
                value={form.buffer}
                onChange={(event) => set('buffer')(event.currentTarget.value)}
                error={errors.buffer}
              />
            </SimpleGrid>
            <noscript>
              <Button type="submit" size="md">
                Update the estimate
              </Button>
            </noscript>
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Paper
          component="section"
          aria-labelledby="calculator-estimate"
          radius="lg"
          p={{ base: 'md', sm: 'xl' }}
          bg="var(--mantine-color-teal-light)"
        >
          <Stack gap="md">
            <Title order={3} id="calculator-estimate" fz="xl">
              Your estimate
            </Title>
            <div role="status" aria-live="polite" aria-atomic="true" data-testid="estimate-summary">
              {estimate ? (
                <Stack gap={4}>
                  <Text fz="sm">You could earn about</Text>
                  <Text fz={{ base: 40, sm: 48 }} fw={800} lh={1.1} data-testid="estimate-headline">
                    {formatPrice(estimate.month.netCents)}
                  </Text>
                  <Text fz="sm">a month, after Privy’s {commissionPercent}% fee.</Text>
                  <Text fz="sm" mt="xs" lh={1.6}>
                    {estimate.maxBookingsPerWeek === 0
                      ? `A ${form.length}-minute booking does not fit in ${form.hours} open hour${form.hours === '1' ? '' : 's'}. Open for longer, or choose a shorter booking length.`
                      : `That is ${bookingsText(estimate.bookingsPerWeek)} a week out of the ${estimate.maxBookingsPerWeek} that fit your hours. Each costs the guest ${formatPrice(estimate.bookingPriceCents)}; you keep ${formatPrice(estimate.netPerBookingCents)}.`}
                  </Text>
                </Stack>
              ) : (
                <Alert color="yellow" title="Check your numbers">
                  Fix the highlighted field and your estimate appears here.
                </Alert>
              )}
            </div>
            {estimate && <EstimateTable periods={estimate} commissionPercent={commissionPercent} />}
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
