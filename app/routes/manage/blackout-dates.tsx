import { Anchor, Button, Card, Group, Select, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { Form, Link, useLoaderData, useNavigate, useNavigation } from 'react-router';
import { BLACKOUT_REASON_MAX, blackoutsQuerySchema } from '../../../common/schemas/blackouts.ts';
import { wallClock } from '../../../server/domains/availability/zoned-time.ts';
import { blackoutAction } from '../../features/blackouts/blackout-form.server.ts';
import {
  BlackoutConfirmDialog,
  BlackoutResult,
  BlackoutTable,
} from '../../features/blackouts/blackout-parts.tsx';
import { asRouteError, requireHost } from '../../features/listings/guards.server.ts';
import { ManageErrorBoundary } from '../../features/listings/route-error.tsx';
import { servicesContext } from '../../lib/context.ts';
import { DateTimePickerField } from '../../ui/date-time-picker.tsx';
import type { Route } from './+types/blackout-dates';

/** /manage/blackout-dates: every blackout of one bathroom, and a form for any range (ADR 094). */

/** Quarter hours, like bookings, on the 12-hour clock (spec §5 picker options, ADR 110). */
const BLACKOUT_TIMES = { timeAccuracy: 2, hourCycle: 12 } as const;

/** 'YYYY-MM-DDTHH:MM' for a datetime-local input, on the bathroom's wall clock. */
function localInput(instant: Date, timezone: string): string {
  const clock = wallClock(instant, timezone);
  const hh = String(Math.floor(clock.minutes / 60)).padStart(2, '0');
  const mm = String(clock.minutes % 60).padStart(2, '0');
  return `${clock.date}T${hh}:${mm}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireHost(request, context);
  const services = context.get(servicesContext);
  const bathrooms = (await services.properties.listMine(actor)).map((bathroom) => ({
    value: bathroom.id,
    label: bathroom.title,
  }));
  const asked = new URL(request.url).searchParams.get('bathroomId');
  const selected = asked ?? bathrooms[0]?.value ?? null;
  if (!selected) return { bathrooms, list: null, defaults: null };
  if (!blackoutsQuerySchema.safeParse({ bathroomId: selected }).success) {
    throw new Response('Not found', { status: 404 });
  }
  const list = await services.blackouts.list(actor, selected).catch(asRouteError);
  // Suggested range: the next whole hour, for two hours. Nothing starts or ends in the past: the
  // pickers start at this minute on the bathroom's clock.
  const now = Date.now();
  const start = new Date(Math.ceil(now / 3_600_000) * 3_600_000);
  const defaults = {
    start: localInput(start, list.bathroom.timezone),
    end: localInput(new Date(start.getTime() + 2 * 3_600_000), list.bathroom.timezone),
    earliest: localInput(new Date(now), list.bathroom.timezone),
  };
  return { bathrooms, list, defaults };
}

export async function action({ request, context }: Route.ActionArgs) {
  return blackoutAction(request, context);
}

export function meta() {
  return [{ title: 'Blackout dates · Manage · Privy' }, { name: 'robots', content: 'noindex' }];
}

export default function BlackoutDates({ actionData }: Route.ComponentProps) {
  const { bathrooms, list, defaults } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const busy = useNavigation().state !== 'idle';
  const fieldError = (name: string) =>
    actionData?.kind === 'error' && actionData.field === name ? actionData.message : undefined;
  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <div>
        <Title order={1}>Blackout dates</Title>
        <Text c="dimmed">
          Block times when a bathroom cannot take guests. Bookings inside a new blackout are shown to you
          first, then cancelled with a full refund.{' '}
          <Anchor component={Link} to="/blackout">
            Block the next few hours
          </Anchor>
        </Text>
      </div>
      {!list || !defaults ? (
        <Card withBorder radius="md" p="lg">
          <Stack gap="sm" align="flex-start">
            <Text>You have no bathrooms yet. List one first; then you can block times on it here.</Text>
            <Button component={Link} to="/manage/add-property" variant="light">
              Add a bathroom
            </Button>
          </Stack>
        </Card>
      ) : (
        <>
          <Select
            label="Bathroom"
            data={bathrooms}
            value={list.bathroom.id}
            onChange={(value) => value && navigate(`/manage/blackout-dates?bathroomId=${value}`)}
            allowDeselect={false}
            maw={420}
          />
          <BlackoutResult data={actionData} />
          <BlackoutConfirmDialog data={actionData} />
          <Card withBorder radius="md" p="lg">
            <Form method="post">
              <input type="hidden" name="intent" value="save" />
              <input type="hidden" name="bathroomId" value={list.bathroom.id} />
              <Stack gap="sm">
                <Title order={2} fz="h4">
                  New blackout
                </Title>
                <Text size="sm" c="dimmed">
                  Times are in the bathroom's time zone, {list.bathroom.timezone}.
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  {/* Keyed by bathroom: another bathroom's form starts from its own defaults. */}
                  <DateTimePickerField
                    key={`start-${list.bathroom.id}`}
                    legend={`Starts (${list.bathroom.timezone})`}
                    name="start"
                    defaultValue={defaults.start}
                    min={defaults.earliest}
                    options={BLACKOUT_TIMES}
                    required
                    error={fieldError('start') ?? fieldError('startsAt')}
                  />
                  <DateTimePickerField
                    key={`end-${list.bathroom.id}`}
                    legend={`Ends (${list.bathroom.timezone})`}
                    name="end"
                    defaultValue={defaults.end}
                    min={defaults.earliest}
                    options={BLACKOUT_TIMES}
                    required
                    error={fieldError('end') ?? fieldError('endsAt')}
                  />
                </SimpleGrid>
                <Textarea
                  name="reason"
                  label="Reason (optional)"
                  description="Guests whose bookings this cancels see it."
                  placeholder="Plumber visit, renovation, family staying over…"
                  maxLength={BLACKOUT_REASON_MAX}
                  autosize
                  minRows={2}
                />
                <Group>
                  <Button type="submit" loading={busy}>
                    Block this time
                  </Button>
                </Group>
              </Stack>
            </Form>
          </Card>
          <Stack gap="xs">
            <Title order={2} fz="h3">
              Upcoming and current
            </Title>
            {list.upcoming.length === 0 ? (
              <Text c="dimmed">
                Nothing blocked ahead. Guests can book every opening hour; use the form above to block a time.
              </Text>
            ) : (
              <BlackoutTable
                blackouts={list.upcoming}
                timezone={list.bathroom.timezone}
                removable
                label="Upcoming blackouts"
              />
            )}
          </Stack>
          <Stack gap="xs">
            <Title order={2} fz="h3">
              Past
            </Title>
            {list.past.length === 0 ? (
              <Text c="dimmed">
                No past blackouts. Ones that have ended stay listed here for your records.
              </Text>
            ) : (
              <BlackoutTable
                blackouts={list.past}
                timezone={list.bathroom.timezone}
                removable={false}
                label="Past blackouts"
              />
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ManageErrorBoundary error={error} />;
}
