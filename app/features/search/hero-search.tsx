import { Button, Grid, Paper, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import type { PlaceResult } from '../../../common/schemas/places.ts';
import { AddressAutocomplete } from '../places/address-autocomplete.tsx';
import { RADIUS_SELECT, withPlace } from './search-form.tsx';
import { EMPTY_SEARCH, searchHref } from './search-url.ts';

/**
 * The home search state (spec §3): an address, a radius (5 miles unless changed), an optional date
 * and time. Searching opens /bathrooms with all of it in the URL.
 */
export function HeroSearch({
  address,
  onAddressChange,
  addressLoading,
}: {
  address: PlaceResult | null;
  onAddressChange: (place: PlaceResult | null) => void;
  addressLoading: boolean;
}) {
  const navigate = useNavigate();
  const [radius, setRadius] = useState(EMPTY_SEARCH.radius);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [error, setError] = useState<string | undefined>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!address) {
      setError('Choose a place from the list, or use your location.');
      return;
    }
    navigate(searchHref({ ...withPlace(EMPTY_SEARCH, address), radius, date, time }));
  };
  return (
    <Paper
      component="form"
      onSubmit={onSubmit}
      aria-label="Find a bathroom"
      radius="lg"
      p="md"
      shadow="sm"
      withBorder
    >
      <Grid gap="sm" align="flex-end">
        <Grid.Col span={12}>
          <AddressAutocomplete
            label="Where are you?"
            value={address}
            onChange={(place) => {
              setError(undefined);
              onAddressChange(place);
            }}
            description={addressLoading ? 'Finding your location…' : undefined}
            error={error}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 4 }}>
          <Select
            label="Within"
            data={RADIUS_SELECT}
            value={radius}
            onChange={(value) => setRadius(value ?? '5')}
            allowDeselect={false}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, xs: 4 }}>
          <TextInput
            type="date"
            label="Date"
            value={date}
            onChange={(event) => setDate(event.currentTarget.value)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, xs: 4 }}>
          <TextInput
            type="time"
            label="Time"
            step={900}
            value={time}
            onChange={(event) => setTime(event.currentTarget.value)}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Button type="submit" size="md" fullWidth leftSection={<IconSearch size={18} aria-hidden />}>
            Find a bathroom
          </Button>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
