import { Alert, Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { data, Form, Link, redirect, useLoaderData, useNavigation } from 'react-router';
import { connectReturnLabel } from '../../../common/connect-return.ts';
import { connectReturnSchema } from '../../../common/schemas/payments.ts';
import { requireFreshProof } from '../../../server/domains/auth/reauthentication.ts';
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

/** `?return_to=`: where the host started (ADR 117); anything off the allow-list is ignored. */
function returnTarget(url: URL): string | null {
  const parsed = connectReturnSchema.safeParse(url.searchParams.get('return_to'));
  return parsed.success ? parsed.data : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireProviderViewer(request, context);
  const url = new URL(request.url);
  const returned = url.searchParams.has('return') || url.searchParams.has('refresh');
  const returnTo = returnTarget(url);
  try {
    const status = await context.get(servicesContext).payments.connectStatus(viewer);
    // Back from the provider and linked: continue where onboarding was started. The status read
    // above has already brought the profile up to date, so that page no longer asks to link.
    if (url.searchParams.has('return') && status.connected && returnTo) throw redirect(returnTo);
    return { status, returned, returnTo, error: null };
  } catch (error) {
    const known = asAppError(error);
    if (!known || known.status < 500) throw error;
    // The provider is unreachable: say so, and still offer to continue onboarding.
    return { status: null, returned, returnTo, error: known.message };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireProviderViewer(request, context);
  const form = await request.formData();
  const field = form.get('return_to');
  const services = context.get(servicesContext);
  try {
    // Replacing a linked payout account is a sensitive change (ADR 144); linking the first is not.
    if (viewer.profile.is_stripe_connected) await requireFreshProof(services, viewer);
    const { url } = await services.payments.startConnect(
      viewer,
      typeof field === 'string' && field ? field : undefined,
    );
    return redirect(url);
  } catch (error) {
    const known = asAppError(error);
    if (known)
      return data(
        { message: known.message, confirmFirst: known.code === 'reauthentication_needed' },
        { status: known.status },
      );
    throw error;
  }
}

export function meta() {
  return [{ title: 'Payout account · Privy' }];
}

export default function StripeConnect({ actionData }: Route.ComponentProps) {
  const loaded = useLoaderData<typeof loader>();
  const { status, returned, error } = loaded;
  // Coming back to this very page needs no button.
  const returnTo = loaded.returnTo?.endsWith('/stripe-connect') ? null : loaded.returnTo;
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
          {actionData?.confirmFirst && (
            <>
              {' '}
              <Link to="/profile/security?confirm=1">Confirm it's you</Link>, then come back.
            </>
          )}
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
            <Text>
              Your earnings will be paid to this account. You can publish your bathrooms and accept bookings.
            </Text>
            <Badge color="teal" variant="light" w="fit-content">
              Connected
            </Badge>
            <Group mt="sm">
              <Button component={Link} to={returnTo ?? '/manage/properties'} size="md">
                {returnTo ? connectReturnLabel(returnTo) : 'Go to My bathrooms'}
              </Button>
            </Group>
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
            {returnTo && (
              <Text size="sm" c="dimmed">
                When you finish, you come back to where you were.
              </Text>
            )}
            <Form method="post">
              {loaded.returnTo && <input type="hidden" name="return_to" value={loaded.returnTo} />}
              <Group mt="sm">
                <Button type="submit" size="md" loading={busy}>
                  {started ? 'Continue onboarding' : 'Connect Account'}
                </Button>
                {returnTo && (
                  <Button component={Link} to={returnTo} variant="default" size="md">
                    {connectReturnLabel(returnTo)}
                  </Button>
                )}
              </Group>
            </Form>
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
