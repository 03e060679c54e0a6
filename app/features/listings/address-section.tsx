import { Alert, Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { ProfileLocation } from '../../../common/schemas/location.ts';
import { propertyLocationSchema } from '../../../common/schemas/properties.ts';

/** What the address search hands back (the places feature's PlaceResult). */
export type PickedPlace = {
  description: string;
  latitude: number;
  longitude: number;
  location: ProfileLocation;
};

type Props = {
  initial: ProfileLocation | null;
  submitLabel: string;
  /** The address search box; it calls `onPick` with the chosen place. */
  renderSearch: (onPick: (place: PickedPlace | null) => void) => ReactNode;
  /** Optional map whose pin moves the point. */
  renderMap?: (point: { lat: number; lon: number }, onMove: (lat: number, lon: number) => void) => ReactNode;
  onSubmit: (location: ProfileLocation) => Promise<Record<string, string> | undefined>;
};

/**
 * The exact address. Guests only ever see a point about 0.3 mile away and the city; the street
 * address and the pin are shared with a guest once a booking is confirmed.
 */
export function AddressSection({ initial, submitLabel, renderSearch, renderMap, onSubmit }: Props) {
  const [location, setLocation] = useState<ProfileLocation | null>(initial);
  const [street, setStreet] = useState(initial?.address_line1 ?? '');
  /** The picked place's own line ("Austin, TX, US"), which the street is put in front of. */
  const [placeLine, setPlaceLine] = useState(() => placeLineOf(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const move = (lat: number, lon: number) => location && setLocation({ ...location, lat, lon });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!street.trim()) {
      setErrors({ address_line1: 'Enter the street address guests will go to.' });
      return;
    }
    const full = location && {
      ...location,
      address_line1: street.trim(),
      street: street.trim(),
      formatted: [street.trim(), placeLine].filter(Boolean).join(', '),
    };
    const parsed = propertyLocationSchema.safeParse(full);
    if (!location || !parsed.success) {
      setErrors({
        location: location
          ? (parsed.error?.issues[0]?.message ?? 'Check the address.')
          : 'Search for the address and pick it from the list.',
      });
      return;
    }
    setBusy(true);
    const fromServer = (await onSubmit(parsed.data)) ?? {};
    setErrors(
      Object.fromEntries(
        Object.entries(fromServer).map(([field, message]) => [
          field.startsWith('location') ? 'location' : field,
          message,
        ]),
      ),
    );
    setBusy(false);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {renderSearch((place) => {
          setErrors({});
          setLocation(place ? { ...place.location, lat: place.latitude, lon: place.longitude } : null);
          setPlaceLine(place?.location.formatted ?? '');
        })}
        <TextInput
          label="Street address"
          description="Number and street, plus the unit if there is one. Private until a guest books."
          required
          value={street}
          onChange={(event) => setStreet(event.currentTarget.value)}
          error={errors.address_line1}
          size="md"
        />
        {errors.location && (
          <Text c="red" size="sm" role="alert">
            {errors.location}
          </Text>
        )}
        {location && (
          <Alert variant="light" icon={<IconMapPin />} title="The address guests get after booking">
            <Text data-testid="chosen-address">{[street.trim(), placeLine].filter(Boolean).join(', ')}</Text>
            <Text size="sm" c="dimmed" mt={4}>
              Search shows only an approximate spot about a quarter mile away. Drag the pin, or adjust the
              coordinates, if the entrance is elsewhere.
            </Text>
          </Alert>
        )}
        {location && renderMap?.({ lat: location.lat, lon: location.lon }, move)}
        {location && (
          <Group grow maw={420}>
            <NumberInput
              label="Latitude"
              decimalScale={6}
              min={-90}
              max={90}
              value={location.lat}
              onChange={(value) => typeof value === 'number' && move(value, location.lon)}
            />
            <NumberInput
              label="Longitude"
              decimalScale={6}
              min={-180}
              max={180}
              value={location.lon}
              onChange={(value) => typeof value === 'number' && move(location.lat, value)}
            />
          </Group>
        )}
        <Button type="submit" loading={busy} size="md" style={{ alignSelf: 'flex-start' }}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

/** The place part of a saved address: its formatted line without the street in front. */
function placeLineOf(location: ProfileLocation | null): string {
  if (!location) return '';
  const street = location.address_line1;
  return street && location.formatted.startsWith(`${street}, `)
    ? location.formatted.slice(street.length + 2)
    : location.formatted;
}
