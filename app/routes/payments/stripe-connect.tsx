import { Alert, Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Form, redirect, useLoaderData, useNavigation } from 'react-router';
import { TestModeBadge } from '../../features/payments/test-mode-badge.tsx';
import { asAppError } from '../../lib/app-error.ts';
import { servicesContext } from '../../lib/context.ts';
import { requireViewer } from '../../lib/guards.server.ts';
import type { Route } from './+types/stripe-connect';

/** /stripe-connect and /manage/stripe-connect: start, resume and check payout-account onboarding. */

async function requireProviderViewer(request: Request, context: Route.LoaderArgs['context']) {
  const viewer = await requireViewer(request, context);
  if (!viewer.profile.is_provider) throw new Response('Hosts only', { status: 403 });
  return viewer;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireProviderViewer(request, context);
  const url = new URL(request.url);
  const returned = url.searchParams.has('return') || url.searchParams.has('refresh');
  try {
    return {
      status: await context.get(servicesContext).payments.connectStatus(viewer),
      returned,
      error: null,
    };
  } catch (error) {
    const known = asAppError(error);
    if (!known || known.status < 500) throw error;
    // The provider is unreachable: say so, and still offer to continue onboarding.
    return { status: null, returned, error: known.message };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireProviderViewer(request, context);
  try {
    const { url } = await context.get(servicesContext).payments.startConnect(viewer);
    return redirect(url);
  } catch (error) {
    const known = asAppError(error);
    if (known) return { message: known.message };
    throw error;
  }
}

export function meta() {
  return [{ title: 'Payout account · Privy' }];
}

export default function StripeConnect({ actionData }: Route.ComponentProps) {
  const { status, returned, error } = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== 'idle';
  const connected = status?.connected ?? false;
  const started = Boolean(status?.account_id);
  return (
    <Stack gap="lg" maw={720} mx="auto">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Payout account</Title>
          <Text c="dimmed">
            Privy pays your earnings to a Stripe Connect account. Link one to publish bathrooms and accept
            bookings.
          </Text>
        </div>
        {status?.provider === 'test' && <TestModeBadge />}
      </Group>
      {(error || actionData?.message) && (
        <Alert color="red" role="alert">
          {actionData?.message ?? error}
        </Alert>
      )}
      <Card withBorder radius="lg" padding="xl" data-testid="connect-status">
        {connected ? (
          <Stack gap="sm">
            <Group gap="xs">
              <IconCircleCheck color="var(--mantine-color-teal-6)" aria-hidden />
              <Title order={2} fz="h3">
                Your payout account is linked
              </Title>
            </Group>
            <Text>Your earnings will be paid to this account. Nothing else to do here.</Text>
            <Badge color="teal" variant="light" w="fit-content">
              Connected
            </Badge>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Title order={2} fz="h3">
              {started ? 'Finish setting up your payout account' : 'Link your payout account'}
            </Title>
            {returned && started && (
              <Alert color="yellow" data-testid="connect-unfinished">
                Onboarding is not finished yet. Continue where you left off.
              </Alert>
            )}
            <List size="sm" spacing={4}>
              <List.Item>Stripe checks your identity and your bank details; Privy never sees them.</List.Item>
              <List.Item>It takes a few minutes. You can leave and continue later.</List.Item>
            </List>
            <Form method="post">
              <Button type="submit" size="md" loading={busy} mt="sm">
                {started ? 'Continue onboarding' : 'Connect Account'}
              </Button>
            </Form>
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
