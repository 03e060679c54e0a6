import { Alert, Anchor, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconEye, IconEyeOff, IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { connectPageFor } from '../../../common/connect-return.ts';
import type { PropertyView } from '../../../common/schemas/properties.ts';
import { toast } from '../../ui/toasts.tsx';
import { errorMessage, listingsApi } from './api.ts';
import { StatusBadge } from './status-badge.tsx';

type Props = {
  property: PropertyView;
  onChange: (view: PropertyView) => void;
  onPublished?: (view: PropertyView) => void;
  /** Where payout onboarding comes back to (ADR 117): this page. */
  returnTo: string;
  /** In the add-a-bathroom steps: opens the step that fixes a missing item. */
  onFix?: (field: string) => void;
};

/** Which step fixes a missing item, for the button beside it. */
const FIX_LABELS: Record<string, string> = {
  photos: 'Go to Photos',
  opening_hours: 'Go to Hours & price',
  hourly_price_cents: 'Go to Hours & price',
};

/** Status, exactly what is still missing, and the publish / unpublish switch. */
export function PublishPanel({ property, onChange, onPublished, returnTo, onFix }: Props) {
  const [busy, setBusy] = useState(false);
  const missing = property.publish_missing;
  const hold = property.admin_hold;

  async function toggle(publish: boolean) {
    setBusy(true);
    try {
      const view = publish
        ? await listingsApi.publish(property.id)
        : await listingsApi.unpublish(property.id);
      onChange(view);
      if (publish) {
        toast.success({ title: 'Published', message: 'Your bathroom now shows up in search.' });
        onPublished?.(view);
      } else {
        toast.info({
          title: 'Unlisted',
          message: 'Guests can no longer find or book it. Publish again any time.',
        });
      }
    } catch (caught) {
      toast.error({ title: 'Not changed', message: errorMessage(caught, 'Please try again.') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text fw={600}>Status:</Text>
        <StatusBadge status={property.status} held={Boolean(property.admin_hold)} />
      </Group>
      {hold ? (
        // ADR 136: only an admin lifts a hold; the host sees why and how to ask.
        <Alert color="red" icon={<IconShieldLock />} title="Unpublished by Privy" data-testid="admin-hold">
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {hold.reason}
          </Text>
          <Text size="sm" mt="xs">
            Only Privy can publish this listing again. Fix what is described above, then{' '}
            <Anchor component={Link} to="/contact" size="sm">
              tell us through the contact page
            </Anchor>
            .
          </Text>
        </Alert>
      ) : property.status === 'published' ? (
        <Text size="sm" c="dimmed">
          Guests can find and book this bathroom. Unpublishing hides it without deleting anything.
        </Text>
      ) : missing.length ? (
        <Alert
          color="yellow"
          icon={<IconAlertCircle />}
          title={`Before you can publish: ${missing.length === 1 ? '1 thing' : `${missing.length} things`} left`}
          data-testid="publish-missing"
        >
          <List size="sm" spacing="xs">
            {missing.map((item) =>
              item.field === 'payouts' ? (
                // An unlinked host cannot publish (ADR 095); onboarding comes back here (ADR 117).
                <List.Item key={item.field} data-field={item.field}>
                  <Anchor component={Link} to={connectPageFor(returnTo, '/manage/stripe-connect')} size="sm">
                    Link your Stripe account
                  </Anchor>{' '}
                  so guests' payments reach you. You come back here when it is done.
                </List.Item>
              ) : (
                <List.Item key={item.field} data-field={item.field}>
                  {item.message}
                  {onFix && FIX_LABELS[item.field] && (
                    <Button variant="subtle" size="compact-sm" ml="xs" onClick={() => onFix(item.field)}>
                      {FIX_LABELS[item.field]}
                    </Button>
                  )}
                </List.Item>
              ),
            )}
          </List>
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          Everything guests need is here. Publish to show it in search.
        </Text>
      )}
      <Group>
        {property.status === 'published' ? (
          <Button
            variant="default"
            leftSection={<IconEyeOff size={18} />}
            loading={busy}
            onClick={() => toggle(false)}
            size="md"
          >
            Unpublish
          </Button>
        ) : hold ? null : (
          <Button
            leftSection={<IconEye size={18} />}
            loading={busy}
            disabled={missing.length > 0}
            onClick={() => toggle(true)}
            size="md"
          >
            Publish
          </Button>
        )}
      </Group>
    </Stack>
  );
}
