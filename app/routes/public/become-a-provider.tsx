import { Alert, Anchor, Badge, Button, Card, Grid, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarTime, IconCash, IconCheck, IconShieldCheck } from '@tabler/icons-react';
import { data, Link, useLoaderData } from 'react-router';
import { DEFAULT_COMMISSION_PERCENT } from '../../../common/constants.ts';
import { providerRequestInputSchema } from '../../../common/schemas/provider-requests.ts';
import { ProviderRequestForm } from '../../features/providers/provider-request-form.tsx';
import { asAppError } from '../../lib/app-error.ts';
import { servicesContext } from '../../lib/context.ts';
import { getViewer, requireViewer } from '../../lib/guards.server.ts';
import type { Route } from './+types/become-a-provider';

export function meta({ loaderData }: Route.MetaArgs) {
  const commission = loaderData?.commissionPercent ?? DEFAULT_COMMISSION_PERCENT;
  return [
    { title: 'Become a Privy host · Earn from your spare bathroom' },
    {
      name: 'description',
      content: `Host on Privy: list a private bathroom, set your own hours and hourly price, and keep ${100 - commission}% of every booking. Apply in one minute.`,
    },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // "Sign in to apply" comes back here: the guard remembers this page for after sign-in.
  const viewer = url.searchParams.has('apply')
    ? await requireViewer(request, context)
    : await getViewer(request, context);
  // The rate an admin set in /admin/settings (ADR 131).
  const commissionPercent = await context.get(servicesContext).settings.commissionPercent();
  if (!viewer) return { state: 'anonymous' as const, commissionPercent };
  const latest = await context.get(servicesContext).providerRequests.latest(viewer.userId);
  return {
    commissionPercent,
    state: viewer.profile.is_provider ? ('provider' as const) : ('signed-in' as const),
    request: latest ? { status: latest.status, created_at: latest.created_at.toISOString() } : null,
    defaults: {
      first_name: viewer.profile.first_name,
      last_name: viewer.profile.last_name,
      email: viewer.email ?? '',
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  const form = Object.fromEntries(await request.formData());
  const parsed = providerRequestInputSchema.safeParse(form);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => ({
      field: String(issue.path[0]),
      message: issue.message,
    }));
    return data(
      { ok: false as const, message: 'Please check the highlighted fields.', fields },
      { status: 400 },
    );
  }
  try {
    await context.get(servicesContext).providerRequests.submit(viewer, parsed.data);
    return { ok: true as const };
  } catch (error) {
    const known = asAppError(error);
    if (known) return data({ ok: false as const, message: known.message }, { status: known.status });
    throw error;
  }
}

const benefits = (commissionPercent: number) => [
  {
    icon: IconCash,
    title: 'Earn from a room you already clean',
    text: `Set an hourly price from $1 to $200. Guests pay what they see; Privy keeps a ${commissionPercent}% commission from your earnings, nothing else.`,
  },
  {
    icon: IconCalendarTime,
    title: 'Your hours, your rules',
    text: 'Open only when it suits you: set weekly hours, a cleaning buffer between guests, and block out dates any time.',
  },
  {
    icon: IconShieldCheck,
    title: 'Guests you can trust',
    text: 'Every guest has a verified account, pays in advance and sees your exact address only after booking.',
  },
];

function RequestStatus({ status }: { status: string }) {
  if (status === 'pending') {
    return (
      <Alert color="blue" title="Your request is being reviewed" data-testid="provider-request-status">
        Thank you! An admin is looking at your request. We will notify you here and by email as soon as it is
        decided — usually within a day.
      </Alert>
    );
  }
  if (status === 'rejected') {
    return (
      <Alert color="yellow" title="Your last request was not approved" data-testid="provider-request-status">
        You are welcome to apply again below. If anything about your details has changed, tell us in your new
        request.
      </Alert>
    );
  }
  if (status === 'revoked') {
    return (
      <Alert color="red" title="Your hosting access was removed" data-testid="provider-request-status">
        Please {/* The alert's own text colour: the link colour on the red tint is below AA contrast. */}
        <Anchor component={Link} to="/contact" c="inherit" fw={600} underline="always">
          contact us
        </Anchor>{' '}
        before applying again.
      </Alert>
    );
  }
  return null;
}

export default function BecomeAProvider() {
  const loaded = useLoaderData<typeof loader>();
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="lg">
          <Badge variant="light" size="lg" w="fit-content">
            For hosts
          </Badge>
          <Title order={1}>Turn your spare bathroom into steady income</Title>
          <Text size="lg" c="dimmed">
            People nearby need a clean, private bathroom right now — commuters, parents with small children,
            delivery drivers, people with medical needs. Privy lets them book yours by the quarter hour.
          </Text>
          {benefits(loaded.commissionPercent).map((benefit) => (
            <Card key={benefit.title} withBorder radius="md" padding="md">
              <Stack gap={6}>
                <ThemeIcon variant="light" size="lg">
                  <benefit.icon size={20} />
                </ThemeIcon>
                <Title order={2} fz="h4">
                  {benefit.title}
                </Title>
                <Text>{benefit.text}</Text>
              </Stack>
            </Card>
          ))}
          <div>
            <Title order={2} fz="h3" mb="xs">
              What we ask of hosts
            </Title>
            <List spacing="xs" icon={<IconCheck size={16} color="var(--mantine-color-teal-7)" />}>
              <List.Item>A private bathroom with a lockable door, cleaned before every guest.</List.Item>
              <List.Item>Accurate photos, hours and accessibility details.</List.Item>
              <List.Item>Clear access instructions, shared only with confirmed guests.</List.Item>
              <List.Item>A Stripe account linked before your listing goes live.</List.Item>
            </List>
          </div>
          <Text c="dimmed">
            Before you apply:{' '}
            <Anchor component={Link} to="/earn-money-bathroom">
              estimate your earnings
            </Anchor>
            , read{' '}
            <Anchor component={Link} to="/bathroom-rental-income">
              how your share works
            </Anchor>
            , or see{' '}
            <Anchor component={Link} to="/accessible-bathroom-provider">
              how to list an accessible bathroom
            </Anchor>
            .
          </Text>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Card withBorder radius="lg" padding="lg" shadow="sm" pos="sticky" top={16}>
          <Stack gap="md">
            <Title order={2} fz="h3">
              Apply to host
            </Title>
            {loaded.state === 'anonymous' && (
              <>
                <Text>Applying takes a minute. Sign in or create a free account first.</Text>
                <Button component={Link} to="/become-a-provider?apply=1" size="md">
                  Sign in to apply
                </Button>
                <Button component={Link} to="/register" variant="default" size="md">
                  Create an account
                </Button>
              </>
            )}
            {loaded.state === 'provider' && (
              <>
                <Alert color="teal" title="You are a Privy host" data-testid="provider-request-status">
                  Your account can list bathrooms.
                </Alert>
                <Button component={Link} to="/dashboard" size="md">
                  Go to your dashboard
                </Button>
              </>
            )}
            {loaded.state === 'signed-in' && (
              <>
                {loaded.request && <RequestStatus status={loaded.request.status} />}
                {loaded.request?.status !== 'pending' && loaded.request?.status !== 'revoked' && (
                  <ProviderRequestForm defaults={loaded.defaults} />
                )}
              </>
            )}
          </Stack>
        </Card>
      </Grid.Col>
    </Grid>
  );
}
