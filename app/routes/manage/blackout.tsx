import { Anchor, Button, Card, Group, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { Form, Link, useLoaderData, useNavigation } from 'react-router';
import { BLACKOUT_REASON_MAX } from '../../../common/schemas/blackouts.ts';
import { blackoutAction } from '../../features/blackouts/blackout-form.server.ts';
import { BlackoutConfirmDialog, BlackoutResult } from '../../features/blackouts/blackout-parts.tsx';
import { requireHost } from '../../features/listings/guards.server.ts';
import { ManageErrorBoundary } from '../../features/listings/route-error.tsx';
import { servicesContext } from '../../lib/context.ts';
import type { Route } from './+types/blackout';

/**
 * /blackout: the host's quick way to stop bookings on one bathroom from now, for the next few
 * hours (ADR 094). Any other range, and the list, live on /manage/blackout-dates.
 */

const HOUR_CHOICES = [1, 2, 3, 4, 6, 8, 12, 24, 48].map((hours) => ({
  value: String(hours),
  label: hours === 1 ? '1 hour' : `${hours} hours`,
}));

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireHost(request, context);
  const bathrooms = await context.get(servicesContext).properties.listMine(actor);
  const asked = new URL(request.url).searchParams.get('bathroomId');
  const options = bathrooms.map((bathroom) => ({ value: bathroom.id, label: bathroom.title }));
  const selected = options.find((option) => option.value === asked)?.value ?? options[0]?.value ?? null;
  return { bathrooms: options, selected };
}

export async function action({ request, context }: Route.ActionArgs) {
  return blackoutAction(request, context);
}

export function meta() {
  return [{ title: 'Block time now · Privy' }, { name: 'robots', content: 'noindex' }];
}

export default function QuickBlackout({ actionData }: Route.ComponentProps) {
  const { bathrooms, selected } = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== 'idle';
  const fieldError = (name: string) =>
    actionData?.kind === 'error' && actionData.field === name ? actionData.message : undefined;
  return (
    <Stack gap="lg" maw={720} mx="auto" w="100%">
      <div>
        <Title order={1}>Block time now</Title>
        <Text c="dimmed">
          Stop new bookings on a bathroom from this moment. If guests have booked inside that time, you see
          them first; confirming cancels their bookings with a full refund.
        </Text>
      </div>
      <BlackoutResult data={actionData} />
      <BlackoutConfirmDialog data={actionData} />
      {bathrooms.length === 0 || !selected ? (
        <Card withBorder radius="md" p="lg">
          <Stack gap="sm" align="flex-start">
            <Text>You have no bathrooms yet. List one first; then you can block time on it here.</Text>
            <Button component={Link} to="/manage/add-property" variant="light">
              Add a bathroom
            </Button>
          </Stack>
        </Card>
      ) : (
        <Card withBorder radius="md" p="lg">
          <Form method="post">
            <input type="hidden" name="intent" value="save" />
            <Stack gap="sm">
              <Select
                name="bathroomId"
                label="Bathroom"
                data={bathrooms}
                defaultValue={selected}
                allowDeselect={false}
                error={fieldError('bathroomId')}
              />
              <Select
                name="hours"
                label="Block the next"
                data={HOUR_CHOICES}
                defaultValue="2"
                allowDeselect={false}
                error={fieldError('hours') ?? fieldError('endsAt')}
              />
              <Textarea
                name="reason"
                label="Reason (optional)"
                description="Guests whose bookings this cancels see it."
                placeholder="Cleaning, a repair, family staying over…"
                maxLength={BLACKOUT_REASON_MAX}
                autosize
                minRows={2}
              />
              <Group justify="space-between">
                <Button type="submit" loading={busy}>
                  Block now
                </Button>
                <Anchor component={Link} to={`/manage/blackout-dates?bathroomId=${selected}`}>
                  Choose exact dates or see all blackouts
                </Anchor>
              </Group>
            </Stack>
          </Form>
        </Card>
      )}
    </Stack>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ManageErrorBoundary error={error} />;
}
