import { Alert, Button, Card, Center, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { Form, redirect, useLoaderData, useNavigation } from 'react-router';
import { checkoutSessionParamsSchema } from '../../../common/schemas/payments.ts';
import { TestModeBadge } from '../../features/payments/test-mode-badge.tsx';
import { asAppError } from '../../lib/app-error.ts';
import { servicesContext } from '../../lib/context.ts';
import type { Route } from './+types/test-checkout';

/** The test provider's checkout page (ADR 091): what Stripe's hosted page is in Stripe mode. */

function testProvider(context: Route.LoaderArgs['context']) {
  const test = context.get(servicesContext).payments.test;
  if (!test) throw new Response('Not found', { status: 404 });
  return test;
}

function sessionIdOf(params: Route.LoaderArgs['params']) {
  const parsed = checkoutSessionParamsSchema.safeParse(params);
  if (!parsed.success) throw new Response('Not found', { status: 404 });
  return parsed.data.sessionId;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return { session: await testProvider(context).getCheckout(sessionIdOf(params)) };
  } catch (error) {
    if (asAppError(error)?.status === 404) throw new Response('Not found', { status: 404 });
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const test = testProvider(context);
  const sessionId = sessionIdOf(params);
  const intent = (await request.formData()).get('intent');
  try {
    const { redirectTo } =
      intent === 'pay' ? await test.payCheckout(sessionId) : await test.cancelCheckout(sessionId);
    return redirect(redirectTo);
  } catch (error) {
    const known = asAppError(error);
    if (known && known.status < 500) return { message: known.message };
    throw error;
  }
}

export function meta() {
  return [{ title: 'Test checkout · Privy' }, { name: 'robots', content: 'noindex' }];
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export default function TestCheckout({ actionData }: Route.ComponentProps) {
  const { session } = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== 'idle';
  const open = session.status === 'open';
  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-gray-light)">
      <Card withBorder radius="lg" shadow="sm" padding="xl" maw={440} w="100%">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={1} fz="h3">
              Privy checkout
            </Title>
            <TestModeBadge />
          </Group>
          <Text size="sm" c="dimmed">
            No card is charged: this is the built-in test payment provider. Stripe takes its place when Stripe
            keys are configured.
          </Text>
          <Divider />
          <Text data-testid="checkout-description">{session.description}</Text>
          <Group justify="space-between">
            <Text fw={600}>Total</Text>
            <Text fw={700} fz="xl" data-testid="checkout-amount">
              {usd.format(session.amount_cents / 100)}
            </Text>
          </Group>
          {actionData?.message && (
            <Alert color="red" role="alert">
              {actionData.message}
            </Alert>
          )}
          {!open && (
            <Alert color={session.status === 'complete' ? 'teal' : 'yellow'} data-testid="checkout-status">
              {session.status === 'complete'
                ? 'This checkout is already paid.'
                : 'This checkout has expired; its hold was released.'}
            </Alert>
          )}
          <Form method="post">
            <Group grow>
              <Button type="submit" name="intent" value="cancel" variant="default" disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" name="intent" value="pay" disabled={!open || busy} loading={busy}>
                Pay {usd.format(session.amount_cents / 100)}
              </Button>
            </Group>
          </Form>
        </Stack>
      </Card>
    </Center>
  );
}
