import { Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CATEGORY_LABELS,
  type NotificationCategory,
} from '../../../common/notification-types.ts';
import { apiFetch } from '../../lib/api-fetch.ts';
import { toast } from '../../ui/toasts.tsx';

const LABELS = NOTIFICATION_CATEGORY_LABELS;

type Preferences = Record<NotificationCategory, boolean>;

/** Per-category email switches (in-app notifications always arrive). */
export function EmailPreferences() {
  const [preferences, setPreferences] = useState<Preferences | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    apiFetch('/api/notifications/preferences')
      .then((response) => (response.ok ? (response.json() as Promise<Preferences>) : Promise.reject()))
      .then(setPreferences)
      .catch(() =>
        toast.error({
          title: 'Error',
          message: 'Could not load your email settings. Reload the page to try again.',
        }),
      );
  }, []);

  const save = async () => {
    if (!preferences) return;
    setSaving(true);
    try {
      const response = await apiFetch('/api/notifications/preferences', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(preferences),
      });
      if (!response.ok) throw new Error();
      toast.success({ title: 'Saved', message: 'Your email settings are saved.' });
    } catch {
      toast.error({ title: 'Error', message: 'Could not save your email settings. Please try again.' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4">
            Email notifications
          </Title>
          <Text size="sm" c="dimmed">
            Choose what we email you about. You always see every notification in Privy itself.
          </Text>
        </div>
        {preferences &&
          NOTIFICATION_CATEGORIES.map((category) => (
            <Switch
              key={category}
              size="md"
              checked={preferences[category]}
              onChange={(event) =>
                setPreferences({ ...preferences, [category]: event.currentTarget.checked })
              }
              label={LABELS[category].label}
              description={LABELS[category].description}
            />
          ))}
        <Group justify="flex-end">
          <Button onClick={save} loading={saving} disabled={!preferences}>
            Save email settings
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
