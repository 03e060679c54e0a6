import { Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { toast } from '../../ui/toasts.tsx';

export type InviteResult =
  | { ok: true; message: string }
  | { ok: false; message: string; fields?: Record<string, string> };

/** Invite by email (ADR 134): the person gets a link to choose their password. */
export function InviteForm() {
  const fetcher = useFetcher<InviteResult>();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return;
    if (fetcher.data.ok) {
      toast.success({ title: 'Invitation sent', message: fetcher.data.message });
      form.current?.reset();
    } else toast.error({ title: 'Not invited', message: fetcher.data.message });
  }, [fetcher.state, fetcher.data]);
  const fields = fetcher.data && !fetcher.data.ok ? (fetcher.data.fields ?? {}) : {};
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="invite-title">
      <Title order={2} fz="h4" id="invite-title">
        Invite someone
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        We create the account and email a link to choose a password. The link works for 7 days.
      </Text>
      <fetcher.Form method="post" ref={form} data-testid="invite-form">
        <input type="hidden" name="intent" value="invite" />
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              name="email"
              type="email"
              label="Email"
              required
              maxLength={254}
              error={fields.email}
            />
            <TextInput name="first_name" label="First name" maxLength={60} error={fields.first_name} />
            <TextInput name="last_name" label="Last name" maxLength={60} error={fields.last_name} />
          </SimpleGrid>
          <Group justify="space-between" wrap="wrap">
            <Checkbox name="make_provider" value="true" label="Make them a host" />
            <Button type="submit" variant="light" loading={fetcher.state !== 'idle'}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </fetcher.Form>
    </Paper>
  );
}
