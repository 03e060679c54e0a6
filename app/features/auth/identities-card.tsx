import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBrandApple, IconBrandGoogle, IconKey, IconPassword } from '@tabler/icons-react';
import { Form, useNavigation } from 'react-router';
import type { Identity } from '../../../server/domains/auth/identities.ts';
import { Notice } from './auth-ui.tsx';
import { LocalDateTime } from './local-date-time.tsx';
import type { SignInProvider } from './provider-buttons.tsx';
import { type ProviderFailure, ProviderFailureNotice } from './provider-failure.tsx';
import { type RowAction, useRowAction } from './row-action.ts';
import { RowActionButton, SecurityRow } from './security-row.tsx';

const ICONS = {
  password: IconPassword,
  google: IconBrandGoogle,
  apple: IconBrandApple,
  oidc: IconKey,
} as const;

export type LinkOutcome = { linked: string } | { failure: ProviderFailure } | null;

function IdentityRow({ identity, unlink }: { identity: Identity; unlink: RowAction }) {
  return (
    <SecurityRow
      icon={ICONS[identity.provider]}
      testId="identity-row"
      action={
        identity.provider !== 'password' && (
          <RowActionButton
            action={unlink}
            intent="unlink-identity"
            field="identity_id"
            id={identity.id}
            label={identity.name}
            ariaLabel={`Unlink ${identity.name}`}
            disabled={!identity.removable}
          >
            Unlink
          </RowActionButton>
        )
      }
    >
      <Text fw={600}>{identity.name}</Text>
      {identity.email && (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {identity.email}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {identity.provider === 'password' ? 'Set ' : 'Linked '}
        <LocalDateTime iso={identity.linkedAt} />
      </Text>
    </SecurityRow>
  );
}

/** The ways this account signs in (spec §3 identities), and the providers it can still link. */
export function IdentitiesCard({
  identities,
  linkable,
  outcome,
}: {
  identities: Identity[];
  linkable: SignInProvider[];
  outcome: LinkOutcome;
}) {
  const navigation = useNavigation();
  const unlink = useRowAction((name) => ({
    title: `${name} unlinked`,
    message: 'It no longer signs you in.',
  }));
  const linking =
    navigation.formData?.get('intent') === 'link-identity' ? navigation.formData.get('provider') : null;
  const onlyOne = identities.length === 1 && identities[0]?.provider !== 'password';
  if (!identities.length && !linkable.length) return null;
  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="identities-title">
      <Title order={2} fz="h4" id="identities-title">
        Ways to sign in
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Link an account you already use elsewhere and sign in to Privy with one tap.
      </Text>
      <Stack gap="md">
        {outcome && 'linked' in outcome && (
          <Notice tone="success" title={`${outcome.linked} is linked`} testId="identity-linked">
            From now on you can sign in with {outcome.linked}.
          </Notice>
        )}
        {outcome && 'failure' in outcome && <ProviderFailureNotice failure={outcome.failure} />}
        {identities.map((identity) => (
          <IdentityRow key={identity.id} identity={identity} unlink={unlink} />
        ))}
        {onlyOne && (
          <Text size="sm" c="dimmed" data-testid="last-identity-note">
            This is your only way to sign in, so it can't be unlinked. Link another first.
          </Text>
        )}
        {linkable.length > 0 && (
          <Form method="post">
            <input type="hidden" name="intent" value="link-identity" />
            <Group gap="sm">
              {linkable.map((provider) => {
                const Icon = ICONS[provider.id];
                return (
                  <Button
                    key={provider.id}
                    type="submit"
                    name="provider"
                    value={provider.id}
                    variant="default"
                    loading={linking === provider.id}
                    leftSection={<Icon size={16} aria-hidden="true" />}
                  >
                    Link {provider.name}
                  </Button>
                );
              })}
            </Group>
          </Form>
        )}
      </Stack>
    </Paper>
  );
}
