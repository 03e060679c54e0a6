import { Button, Code, CopyButton, Group, Select, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import type { AdminUserDetail, GeneratedLink, LinkType } from '../../../common/schemas/admin-users.ts';
import { ConfirmButton } from '../../ui/confirm-button.tsx';
import { formatUtc, Section } from './user-detail-sections.tsx';

export type UserAction =
  | { intent: 'roles'; is_admin?: boolean; is_provider?: boolean }
  | { intent: 'sign_out' }
  | { intent: 'link'; type: LinkType }
  | { intent: 'remove_factor'; factor_id: string }
  | { intent: 'delete' };

const LINK_CHOICES: { value: LinkType; label: string }[] = [
  { value: 'recovery', label: 'Password reset' },
  { value: 'sign_in', label: 'One-time sign-in' },
  { value: 'verification', label: 'Email confirmation' },
];

/** A generated link is shown once, here, with a copy button: it is never stored or logged. */
function LinkResult({ link }: { link: GeneratedLink }) {
  return (
    <Stack gap={6} data-testid="generated-link">
      <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {link.url}
      </Code>
      <Group gap="xs">
        <CopyButton value={link.url}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant="default"
              onClick={copy}
              leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            >
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          )}
        </CopyButton>
        <Text size="xs" c="dimmed">
          Works until {formatUtc(link.expires_at)}. It is shown only now.
        </Text>
      </Group>
    </Stack>
  );
}

function RoleControls({
  account,
  isSelf,
  busy,
  run,
}: {
  account: AdminUserDetail['account'];
  isSelf: boolean;
  busy: boolean;
  run: (action: UserAction) => void;
}) {
  return (
    <Group gap="xs">
      <Button
        size="xs"
        variant="light"
        disabled={busy}
        onClick={() => run({ intent: 'roles', is_provider: !account.is_provider })}
        data-testid="toggle-provider"
      >
        {account.is_provider ? 'Remove host role' : 'Make host'}
      </Button>
      {account.is_admin ? (
        isSelf ? (
          <Text size="xs" c="dimmed">
            You cannot remove your own admin role.
          </Text>
        ) : (
          <ConfirmButton
            label="Remove admin role"
            question={`${account.name} will lose access to the admin area at once.`}
            confirmLabel="Remove admin"
            keepLabel="Keep"
            loading={busy}
            onConfirm={() => run({ intent: 'roles', is_admin: false })}
          />
        )
      ) : (
        <ConfirmButton
          label="Make admin"
          question={`${account.name} will be able to see and change every account.`}
          confirmLabel="Make admin"
          keepLabel="Cancel"
          loading={busy}
          onConfirm={() => run({ intent: 'roles', is_admin: true })}
        />
      )}
    </Group>
  );
}

export function UserAdminActions({
  detail,
  isSelf,
  busy,
  link,
  run,
}: {
  detail: AdminUserDetail;
  isSelf: boolean;
  busy: boolean;
  link: GeneratedLink | null;
  run: (action: UserAction) => void;
}) {
  const { account } = detail;
  const [linkType, setLinkType] = useState<LinkType>('recovery');
  const { deleted } = account;
  // The server refuses roles and links for a disabled account: restore it first.
  const blocked = account.status === 'disabled';
  const sessions = detail.sessions.length;
  return (
    <Section title="Admin actions" id="user-actions">
      <Stack gap="lg">
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            Roles
          </Text>
          {blocked ? (
            <Text size="sm" c="dimmed">
              Restore the account from the Users list to change its roles or make links.
            </Text>
          ) : (
            <RoleControls account={account} isSelf={isSelf} busy={busy} run={run} />
          )}
        </Stack>

        <Stack gap="xs">
          <Text size="sm" fw={600}>
            Second factors
          </Text>
          {detail.factors.length === 0 ? (
            <Text size="sm" c="dimmed">
              None. They sign in with a password or a one-time code only.
            </Text>
          ) : (
            detail.factors.map((factor) => (
              <Group key={factor.id} gap="xs" justify="space-between" wrap="nowrap">
                <Text size="sm">
                  {factor.friendly_name}{' '}
                  <Text span size="xs" c="dimmed">
                    ({factor.factor_type}, {factor.status})
                  </Text>
                </Text>
                <ConfirmButton
                  label="Remove"
                  question={
                    factor.factor_type === 'totp'
                      ? 'Two-factor sign-in will be off until they set up an authenticator app again.'
                      : 'Their phone number will need confirming again before it counts.'
                  }
                  confirmLabel="Remove factor"
                  keepLabel="Keep"
                  loading={busy}
                  onConfirm={() => run({ intent: 'remove_factor', factor_id: factor.id })}
                />
              </Group>
            ))
          )}
        </Stack>

        <Stack gap="xs">
          <Text size="sm" fw={600}>
            Generate a link
          </Text>
          <Text size="xs" c="dimmed">
            For you to send the person yourself. Nothing is emailed.
          </Text>
          <Select
            label="Kind of link"
            data={LINK_CHOICES}
            value={linkType}
            onChange={(value) => setLinkType((value ?? 'recovery') as LinkType)}
            allowDeselect={false}
            maw={280}
            data-testid="link-type"
          />
          <Button
            size="xs"
            variant="light"
            w="fit-content"
            disabled={busy || blocked}
            onClick={() => run({ intent: 'link', type: linkType })}
            data-testid="generate-link"
          >
            Generate link
          </Button>
          {link && <LinkResult link={link} />}
        </Stack>

        <Group gap="xs" wrap="wrap">
          {!deleted && !isSelf && (
            <ConfirmButton
              label="Sign out everywhere"
              question={`Ends ${sessions} session${sessions === 1 ? '' : 's'}: ${account.name} must sign in again on every device.`}
              confirmLabel="Sign out"
              keepLabel="Cancel"
              loading={busy}
              onConfirm={() => run({ intent: 'sign_out' })}
            />
          )}
          {deleted ? (
            <Text size="sm" c="dimmed">
              This account was deleted: its email and phone were freed and it cannot sign in.
            </Text>
          ) : (
            !isSelf && (
              <ConfirmButton
                label="Delete account"
                question="Their email and phone are freed and they are signed out. Bookings, reviews and payments stay. This cannot be undone here."
                confirmLabel="Yes, delete"
                keepLabel="Keep account"
                loading={busy}
                onConfirm={() => run({ intent: 'delete' })}
              />
            )
          )}
        </Group>
      </Stack>
    </Section>
  );
}
