import { Alert, Button, Card, Group, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { data, useFetcher, useLoaderData } from 'react-router';
import {
  COMMISSION_PERCENT_MAX,
  COMMISSION_PERCENT_MIN,
  updateSettingsSchema,
} from '../../../common/schemas/settings.ts';
import { asAppError } from '../../lib/app-error.ts';
import { servicesContext } from '../../lib/context.ts';
import { requireAdmin } from '../../lib/guards.server.ts';
import { toast } from '../../ui/toasts.tsx';
import type { Route } from './+types/settings';

/** /admin/settings (ADR 131): the commission and the weekly payout run, admins only (server-checked). */

export function meta() {
  return [{ title: 'Settings · Privy admin' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { settings: await context.get(servicesContext).settings.get() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await request.formData();
  // The field shows its suffix ("12.5%"), and sends it with the number.
  const percentText = String(form.get('commissionPercent') ?? '')
    .replace(/[%\s]/g, '')
    .trim();
  const parsed = updateSettingsSchema.safeParse({
    commissionPercent: percentText === '' ? Number.NaN : Number(percentText),
    weeklyPayoutsEnabled: form.get('weeklyPayoutsEnabled') === 'on',
  });
  if (!parsed.success) {
    const fields = Object.fromEntries(
      parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
    );
    return data(
      { ok: false as const, message: 'Please check the highlighted field.', fields },
      { status: 400 },
    );
  }
  try {
    const settings = await context.get(servicesContext).settings.update(admin.userId, parsed.data);
    return { ok: true as const, settings };
  } catch (error) {
    const known = asAppError(error);
    if (known)
      return data({ ok: false as const, message: known.message, fields: {} }, { status: known.status });
    throw error;
  }
}

export default function AdminSettingsPage() {
  const { settings } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<typeof action>();
  const [percent, setPercent] = useState<number | string>(settings.commissionPercent);
  const [weekly, setWeekly] = useState(settings.weeklyPayoutsEnabled);
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return;
    if (fetcher.data.ok) {
      toast.success({
        title: 'Settings saved',
        message: `Commission ${fetcher.data.settings.commissionPercent}% for new bookings.`,
      });
    } else toast.error({ title: 'Not saved', message: fetcher.data.message });
  }, [fetcher.state, fetcher.data]);
  const fieldError: Record<string, string> = fetcher.data && !fetcher.data.ok ? fetcher.data.fields : {};
  const updatedAt = settings.updatedAt ? new Date(settings.updatedAt) : null;
  return (
    <Stack gap="lg" maw={720}>
      <div>
        <Title order={1}>Settings</Title>
        <Text c="dimmed">What Privy keeps from each booking, and how hosts are paid.</Text>
      </div>
      <fetcher.Form method="post" data-testid="settings-form">
        <Stack gap="lg">
          <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="commission-title">
            <Title order={2} fz="h4" id="commission-title" mb="xs">
              Commission
            </Title>
            <NumberInput
              name="commissionPercent"
              label="Commission on each booking"
              description={`${COMMISSION_PERCENT_MIN} to ${COMMISSION_PERCENT_MAX} percent, up to two decimals.`}
              value={percent}
              onChange={setPercent}
              min={COMMISSION_PERCENT_MIN}
              max={COMMISSION_PERCENT_MAX}
              decimalScale={2}
              clampBehavior="none"
              step={0.5}
              suffix="%"
              maw={240}
              error={fieldError.commissionPercent}
              data-testid="commission-input"
            />
            <Alert mt="md" variant="light" color="blue" icon={<IconInfoCircle />}>
              A new rate applies to bookings made after you save it. Each booking keeps the rate it was made
              at, so hosts’ earnings on existing bookings never change. The earnings calculator on the public
              pages shows the new rate at once.
            </Alert>
          </Card>
          <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="payouts-title">
            <Title order={2} fz="h4" id="payouts-title" mb="xs">
              Payouts
            </Title>
            <Switch
              name="weeklyPayoutsEnabled"
              label="Pay every host automatically each week"
              description="Once a week Privy pays every host’s payable balance to their linked Stripe account, like Pay all on the provider payouts page. Hosts without a linked account are skipped."
              checked={weekly}
              onChange={(event) => setWeekly(event.currentTarget.checked)}
              data-testid="weekly-payouts-switch"
            />
          </Card>
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed" data-testid="settings-updated">
              {updatedAt
                ? `Last changed ${updatedAt.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}`
                : 'Privy’s defaults: no admin has changed these yet.'}
            </Text>
            <Button type="submit" loading={fetcher.state !== 'idle'} data-testid="save-settings">
              Save settings
            </Button>
          </Group>
        </Stack>
      </fetcher.Form>
    </Stack>
  );
}
