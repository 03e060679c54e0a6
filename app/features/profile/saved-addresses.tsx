import { ActionIcon, Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconMapPin, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { ProfileLocation } from '../../../common/schemas/location.ts';
import { PROFILE_LOCATIONS_MAX } from '../../../common/schemas/profile.ts';
import { toast } from '../../ui/toasts.tsx';
import { AddressForm } from './address-form.tsx';
import { ApiError, saveLocations } from './api.ts';

/** Stable keys for rows that carry no id: the address, plus which repeat of it this is. */
function rowKeys(locations: ProfileLocation[]): string[] {
  const seen = new Map<string, number>();
  return locations.map((location) => {
    const base = `${location.lat},${location.lon},${location.formatted}`;
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return `${base}#${count}`;
  });
}

/** Spec §3: a profile's saved addresses; the first one is the default used for searches. */
export function SavedAddresses({ locations }: { locations: ProfileLocation[] }) {
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [busy, setBusy] = useState(false);

  async function commit(next: ProfileLocation[], title: string, message: string): Promise<boolean> {
    setBusy(true);
    try {
      await saveLocations(next);
      await revalidator.revalidate();
      toast.success({ title, message });
      return true;
    } catch (caught) {
      toast.error({
        title: 'Addresses not saved',
        message: caught instanceof ApiError ? caught.message : 'Please try again.',
      });
      return false;
    } finally {
      setBusy(false);
    }
  }

  const move = (from: number, to: number) => {
    const next = [...locations];
    const [item] = next.splice(from, 1);
    if (!item) return;
    next.splice(to, 0, item);
    return next;
  };

  async function saveForm(location: ProfileLocation) {
    const next =
      editing === 'new'
        ? [...locations, location]
        : locations.map((item, index) => (index === editing ? location : item));
    const saved = await commit(
      next,
      editing === 'new' ? 'Address added' : 'Address updated',
      next.length === 1 ? 'It is now your default address.' : location.formatted,
    );
    if (saved) setEditing(null);
  }

  const full = locations.length >= PROFILE_LOCATIONS_MAX;
  const keys = rowKeys(locations);
  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="addresses-title">
      <Group justify="space-between" mb="md" wrap="wrap">
        <div>
          <Title order={2} fz="h4" id="addresses-title">
            Saved addresses
          </Title>
          <Text size="sm" c="dimmed">
            The first address is your default: searches start there.
          </Text>
        </div>
        <Button
          leftSection={<IconPlus size={18} />}
          onClick={() => setEditing('new')}
          disabled={full || busy}
        >
          Add address
        </Button>
      </Group>
      {full && (
        <Text size="sm" c="dimmed" mb="sm">
          You have saved {PROFILE_LOCATIONS_MAX} addresses, the most we keep. Remove one to add another.
        </Text>
      )}
      {locations.length === 0 ? (
        <Stack align="center" gap={4} py="lg" ta="center">
          <IconMapPin size={32} stroke={1.4} aria-hidden />
          <Text fw={500}>No saved addresses yet</Text>
          <Text size="sm" c="dimmed" maw={420}>
            Add your home or work address to find a bathroom near it in one tap.
          </Text>
        </Stack>
      ) : (
        <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Saved addresses">
          {locations.map((location, index) => (
            <Paper key={keys[index]} component="li" withBorder p="md" radius="md" data-testid="saved-address">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={4} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={600}>{location.address_line1 ?? location.name ?? 'Address'}</Text>
                    {index === 0 && (
                      <Badge size="sm" variant="light">
                        Default
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {location.formatted}
                  </Text>
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Move ${location.formatted} up`}
                    disabled={index === 0 || busy}
                    onClick={() =>
                      commit(move(index, index - 1) ?? locations, 'Order saved', 'Addresses reordered.')
                    }
                  >
                    <IconArrowUp size={18} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Move ${location.formatted} down`}
                    disabled={index === locations.length - 1 || busy}
                    onClick={() =>
                      commit(move(index, index + 1) ?? locations, 'Order saved', 'Addresses reordered.')
                    }
                  >
                    <IconArrowDown size={18} />
                  </ActionIcon>
                </Group>
              </Group>
              <Group gap="xs" mt="sm">
                {index > 0 && (
                  <Button
                    size="xs"
                    variant="light"
                    disabled={busy}
                    onClick={() =>
                      commit(move(index, 0) ?? locations, 'Default address changed', location.formatted)
                    }
                  >
                    Make default
                  </Button>
                )}
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconPencil size={14} />}
                  disabled={busy}
                  onClick={() => setEditing(index)}
                  aria-label={`Edit ${location.formatted}`}
                >
                  Edit
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  disabled={busy}
                  onClick={() =>
                    commit(
                      locations.filter((_, i) => i !== index),
                      'Address removed',
                      location.formatted,
                    )
                  }
                  aria-label={`Remove ${location.formatted}`}
                >
                  Remove
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add an address' : 'Edit address'}
        size="lg"
      >
        {editing !== null && (
          <AddressForm
            initial={editing === 'new' ? undefined : locations[editing]}
            submitLabel={editing === 'new' ? 'Add address' : 'Save address'}
            onSubmit={saveForm}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
    </Paper>
  );
}
