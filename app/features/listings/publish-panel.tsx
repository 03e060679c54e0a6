import { Alert, Anchor, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PAYOUTS_MISSING, type PropertyView } from '../../../common/schemas/properties.ts';
import { toast } from '../../ui/toasts.tsx';
import { errorMessage, listingsApi } from './api.ts';
import { StatusBadge } from './status-badge.tsx';

type Props = {
  property: PropertyView;
  onChange: (view: PropertyView) => void;
  onPublished?: (view: PropertyView) => void;
};

/** Status, what is still missing, and the publish / unpublish switch. */
export function PublishPanel({ property, onChange, onPublished }: Props) {
  const [busy, setBusy] = useState(false);
  const missing = property.missing_for_publish;

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
        <StatusBadge status={property.status} />
      </Group>
      {property.status === 'published' ? (
        <Text size="sm" c="dimmed">
          Guests can find and book this bathroom. Unpublishing hides it without deleting anything.
        </Text>
      ) : missing.length ? (
        <Alert color="yellow" icon={<IconAlertCircle />} title="Before you can publish">
          <List size="sm">
            {missing.map((item) =>
              item === PAYOUTS_MISSING ? (
                // An unlinked host cannot publish (ADR 095): the fix is one click away.
                <List.Item key={item}>
                  <Anchor component={Link} to="/manage/stripe-connect" size="sm">
                    Link your Stripe account
                  </Anchor>{' '}
                  so guests' payments reach you.
                </List.Item>
              ) : (
                <List.Item key={item}>{item}</List.Item>
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
        ) : (
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
