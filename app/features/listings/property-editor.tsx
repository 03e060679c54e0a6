import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ProfileLocation } from '../../../common/schemas/location.ts';
import type { PropertyView } from '../../../common/schemas/properties.ts';
import { toast } from '../../ui/toasts.tsx';
import { AddressSection, type PickedPlace } from './address-section.tsx';
import { errorMessage, listingsApi } from './api.ts';
import { BasicsSection } from './basics-section.tsx';
import { FeaturesSection } from './features-section.tsx';
import { HoursSection } from './hours-section.tsx';
import { PhotosSection } from './photos-section.tsx';
import { PublishPanel } from './publish-panel.tsx';
import { RulesSection } from './rules-section.tsx';
import { saveListing } from './use-listing-save.ts';

export type AddressSlots = {
  renderSearch: (onPick: (place: PickedPlace | null) => void) => ReactNode;
  renderMap?: (point: { lat: number; lon: number }, onMove: (lat: number, lon: number) => void) => ReactNode;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Title order={2} fz="h4" id={id} mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The edit page: every section of a listing, each saved on its own, plus publish and delete. */
export function PropertyEditor({ initial, slots }: { initial: PropertyView; slots: AddressSlots }) {
  const [property, setProperty] = useState(initial);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const navigate = useNavigate();
  const id = property.id;

  async function remove() {
    setDeleting(true);
    try {
      await listingsApi.remove(id);
      toast.success({ title: 'Deleted', message: `“${property.title}” and its photos are gone.` });
      await navigate('/manage/properties');
    } catch (caught) {
      toast.error({ title: 'Not deleted', message: errorMessage(caught, 'Please try again.') });
      setDeleting(false);
      setConfirming(false);
    }
  }

  return (
    <Stack gap="lg">
      <Section title="Status">
        <PublishPanel property={property} onChange={setProperty} returnTo={`/manage/properties/${id}`} />
      </Section>
      <Section title="Basics">
        <BasicsSection
          initial={{ title: property.title, description: property.description }}
          submitLabel="Save basics"
          onSubmit={(values) =>
            saveListing(() => listingsApi.update(id, values), setProperty, 'Title and description saved.')
          }
        />
      </Section>
      <Section title="Address">
        <AddressSection
          initial={property.location}
          submitLabel="Save address"
          renderSearch={slots.renderSearch}
          renderMap={slots.renderMap}
          onSubmit={(location: ProfileLocation) =>
            saveListing(() => listingsApi.update(id, { location }), setProperty, 'The address is saved.')
          }
        />
      </Section>
      <Section title="Photos">
        <PhotosSection
          propertyId={id}
          title={property.title}
          photos={property.photos}
          onChange={setProperty}
        />
      </Section>
      <Section title="Hours and price">
        <HoursSection
          initial={{
            hourly_price_cents: property.hourly_price_cents,
            allowed_durations: property.allowed_durations,
            cleaning_buffer_minutes: property.cleaning_buffer_minutes,
            opening_hours: property.opening_hours,
          }}
          submitLabel="Save hours and price"
          onSubmit={(values) => saveHoursAndPrice(id, values, setProperty)}
        />
      </Section>
      <Section title="Amenities and accessibility">
        <FeaturesSection
          initial={{ amenities: property.amenities, accessibility: property.accessibility }}
          submitLabel="Save amenities"
          onSubmit={(values) =>
            saveListing(
              () => listingsApi.update(id, values as Parameters<typeof listingsApi.update>[1]),
              setProperty,
              'Amenities and accessibility saved.',
            )
          }
        />
      </Section>
      <Section title="Rules and access">
        <RulesSection
          initial={{ house_rules: property.house_rules, access_instructions: property.access_instructions }}
          submitLabel="Save rules"
          onSubmit={(values) =>
            saveListing(() => listingsApi.update(id, values), setProperty, 'Rules and access saved.')
          }
        />
      </Section>
      <Section title="Delete this listing">
        <Text size="sm" c="dimmed" mb="sm">
          Deleting removes the listing and its photos for good. To take a break instead, unpublish it.
        </Text>
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={18} />}
          onClick={() => setConfirming(true)}
          size="md"
        >
          Delete listing
        </Button>
      </Section>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Delete this listing?" centered>
        <Text mb="md">“{property.title}” and all its photos will be deleted. This cannot be undone.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
          <Button color="red" loading={deleting} onClick={remove}>
            Delete for good
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

/** Price, lengths and buffer in one PATCH, then the week in one PUT. */
export async function saveHoursAndPrice(
  id: string,
  values: {
    hourly_price_cents: number;
    allowed_durations: number[];
    cleaning_buffer_minutes: number;
    opening_hours: { weekday: number; opens: string; closes: string }[];
  },
  onSaved: (view: PropertyView) => void,
) {
  const { opening_hours, ...pricing } = values;
  const priceErrors = await saveListing(
    () => listingsApi.update(id, pricing as Parameters<typeof listingsApi.update>[1]),
    onSaved,
  );
  if (priceErrors) return priceErrors;
  return saveListing(() => listingsApi.setOpeningHours(id, opening_hours), onSaved, 'Hours and price saved.');
}
