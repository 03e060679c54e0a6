import { Alert, Button, Card, Center, Group, Stack, Text, Title } from '@mantine/core';
import { Form, redirect, useLoaderData, useNavigation } from 'react-router';
import { connectAccountParamsSchema } from '../../../common/schemas/payments.ts';
import { TestModeBadge } from '../../features/payments/test-mode-badge.tsx';
import { asAppError } from '../../lib/app-error.ts';
import { servicesContext } from '../../lib/context.ts';
import { requireViewer } from '../../lib/guards.server.ts';
import type { Route } from './+types/test-connect';

/** The test provider's Connect onboarding (what Stripe's Express onboarding is in Stripe mode). */

async function accountFor({ request, params, context }: Route.LoaderArgs | Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  const parsed = connectAccountParamsSchema.safeParse(params);
  if (!parsed.success) throw new Response('Not found', { status: 404 });
  try {
    return await context.get(servicesContext).payments.testConnectAccount(viewer, parsed.data.accountId);
  } catch (error) {
    const status = asAppError(error)?.status;
    if (status === 403 || status === 404)
      throw new Response(status === 403 ? 'Not yours' : 'Not found', { status });
    throw error;
  }
}

export async function loader(args: Route.LoaderArgs) {
  return { account: (await accountFor(args)).view };
}

export async function action(args: Route.ActionArgs) {
  const account = await accountFor(args);
  const intent = (await args.request.formData()).get('intent');
  const { redirectTo } = intent === 'complete' ? await account.complete() : account.leave();
  return redirect(redirectTo);
}

export function meta() {
  return [{ title: 'Test payout onboarding · Privy' }, { name: 'robots', content: 'noindex' }];
}

export default function TestConnect() {
  const { account } = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== 'idle';
  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-gray-light)">
      <Card withBorder radius="lg" shadow="sm" padding="xl" maw={480} w="100%">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={1} fz="h3">
              Payout account setup
            </Title>
            <TestModeBadge />
          </Group>
          <Text size="sm" c="dimmed">
            In test mode no identity or bank details are asked for. With Stripe configured, this step is
            Stripe’s own onboarding.
          </Text>
          <Text size="sm">
            Account <code>{account.id}</code>
          </Text>
          {account.details_submitted && <Alert color="teal">This account is already set up.</Alert>}
          <Form method="post">
            <Group grow>
              <Button type="submit" name="intent" value="leave" variant="default" disabled={busy}>
                Leave
              </Button>
              <Button type="submit" name="intent" value="complete" disabled={busy} loading={busy}>
                Complete
              </Button>
            </Group>
          </Form>
        </Stack>
      </Card>
    </Center>
  );
}
