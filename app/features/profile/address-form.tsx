import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCurrentLocation } from '@tabler/icons-react';
import { useState } from 'react';
import { TOAST_LIFETIME_MS } from '../../../common/constants.ts';
import {
  type AddressFormValues,
  addressFormSchema,
  addressFormValues,
  composeFormattedAddress,
  locationFromAddressForm,
  type ProfileLocation,
} from '../../../common/schemas/location.ts';
import { toast } from '../../ui/toasts.tsx';

type Props = {
  initial?: ProfileLocation | undefined;
  submitLabel: string;
  onSubmit: (location: ProfileLocation) => Promise<void>;
  onCancel: () => void;
};

function locationError(message: string) {
  // Spec §8: "Location Error", shown for 5 s.
  toast.error({ title: 'Location Error', message, autoClose: TOAST_LIFETIME_MS.locationError });
}

/**
 * A saved address typed by hand (no geocoder yet), with coordinates from the browser or typed.
 * The form checks with the same schema the API uses for the composed Location.
 */
export function AddressForm({ initial, submitLabel, onSubmit, onCancel }: Props) {
  const [locating, setLocating] = useState(false);
  const [saving, setSaving] = useState(false);
  const form = useForm<AddressFormValues>({
    mode: 'controlled',
    initialValues: addressFormValues(initial),
    validate: schemaResolver(addressFormSchema, { sync: true }),
  });

  function fillFromMyLocation() {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      locationError('Geolocation is not supported.');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        form.setFieldValue('lat', position.coords.latitude.toFixed(6));
        form.setFieldValue('lon', position.coords.longitude.toFixed(6));
        setLocating(false);
      },
      () => {
        locationError('Could not set location automatically.');
        setLocating(false);
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  }

  async function submit(values: AddressFormValues) {
    setSaving(true);
    try {
      await onSubmit(locationFromAddressForm(addressFormSchema.parse(values)));
    } finally {
      setSaving(false);
    }
  }

  const preview = composeFormattedAddress(form.values);
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label="Address">
      <Stack gap="sm">
        <TextInput
          label="Street address"
          autoComplete="address-line1"
          required
          {...form.getInputProps('address_line1')}
        />
        <TextInput
          label="Apartment, suite or floor"
          description="Optional"
          autoComplete="address-line2"
          {...form.getInputProps('address_line2')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="City or town"
            autoComplete="address-level2"
            required
            {...form.getInputProps('name')}
          />
          <TextInput label="State or region" autoComplete="address-level1" {...form.getInputProps('state')} />
          <TextInput label="Postcode" autoComplete="postal-code" {...form.getInputProps('postcode')} />
          <TextInput
            label="Country"
            autoComplete="country-name"
            required
            {...form.getInputProps('country')}
          />
        </SimpleGrid>
        <Stack gap={6}>
          <Group justify="space-between" align="end" wrap="wrap">
            <Text size="sm" fw={500}>
              Map position
            </Text>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconCurrentLocation size={16} />}
              onClick={fillFromMyLocation}
              loading={locating}
            >
              Use my current location
            </Button>
          </Group>
          <SimpleGrid cols={2}>
            <TextInput
              label="Latitude"
              inputMode="decimal"
              placeholder="30.2672"
              {...form.getInputProps('lat')}
            />
            <TextInput
              label="Longitude"
              inputMode="decimal"
              placeholder="-97.7431"
              {...form.getInputProps('lon')}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            Used to find bathrooms near this address. Stand at the address and tap the button, or type the
            numbers from any map app.
          </Text>
        </Stack>
        {preview && (
          <Text size="sm" c="dimmed">
            Saved as: <span data-testid="address-preview">{preview}</span>
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
