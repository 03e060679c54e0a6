import { Button, Group, Paper, Stepper, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { draftPublishStep } from '../../../common/connect-return.ts';
import { firstOpenStep, LISTING_STEPS, type ListingStep } from '../../../common/listing-steps.ts';
import type { ProfileLocation } from '../../../common/schemas/location.ts';
import type { PropertyView, UpdatePropertyInput } from '../../../common/schemas/properties.ts';
import { toast } from '../../ui/toasts.tsx';
import { AddressSection } from './address-section.tsx';
import { listingsApi } from './api.ts';
import { type Basics, BasicsSection } from './basics-section.tsx';
import { FeaturesSection } from './features-section.tsx';
import { HoursSection } from './hours-section.tsx';
import { PhotosSection } from './photos-section.tsx';
import type { AddressSlots } from './property-editor.tsx';
import { saveHoursAndPrice } from './property-editor.tsx';
import { PublishPanel } from './publish-panel.tsx';
import { RulesSection } from './rules-section.tsx';
import { saveListing } from './use-listing-save.ts';

const STEPS = [
  'Basics',
  'Address',
  'Photos',
  'Hours & price',
  'Amenities',
  'Rules & access',
  'Review',
] as const;

const PHOTOS = LISTING_STEPS.indexOf('photos');
const HOURS = LISTING_STEPS.indexOf('hours');

/**
 * /manage/add-property: one step at a time, each checked before moving on. The draft is created
 * once it has a title and an address (the table needs both) and every later step saves to it, so
 * leaving half-way loses nothing: the URL carries the draft and My bathrooms lists it. The server
 * remembers which steps are done (ADR 117): a reopened draft starts at the first one left, with
 * the done ones ticked and reachable.
 */
export function AddPropertyStepper({ draft, slots }: { draft: PropertyView | null; slots: AddressSlots }) {
  const navigate = useNavigate();
  const [property, setProperty] = useState<PropertyView | null>(draft);
  const [basics, setBasics] = useState<Basics>({
    title: draft?.title ?? '',
    description: draft?.description ?? '',
  });
  const [active, setActive] = useState(draft ? firstOpenStep(draft.completed_steps) : 0);
  const next = () => setActive((step) => Math.min(step + 1, STEPS.length - 1));
  const done = new Set(property?.completed_steps ?? []);
  const reachableUpTo = property ? firstOpenStep(property.completed_steps) : 1;
  /** Done steps are ticked even when the host has gone back to an earlier one. */
  const stepProps = (index: number) => {
    const key = LISTING_STEPS[index] as ListingStep;
    const isDone = key !== 'review' && done.has(key);
    return {
      allowStepSelect: index <= reachableUpTo || isDone,
      'data-step': key,
      'data-done': isDone || undefined,
      ...(isDone ? { icon: <IconCheck size={18} aria-hidden /> } : {}),
    };
  };

  async function saveBasics(values: Basics) {
    setBasics(values);
    if (!property) {
      next();
      return undefined;
    }
    const errors = await saveListing(() => listingsApi.update(property.id, values), setProperty);
    if (!errors) next();
    return errors;
  }

  async function saveAddress(location: ProfileLocation) {
    const errors = await saveListing(
      () =>
        property
          ? listingsApi.update(property.id, { location })
          : listingsApi.create({ ...basics, location }),
      (view) => {
        if (!property)
          void navigate(`/manage/add-property?draft=${view.id}`, { replace: true, preventScrollReset: true });
        setProperty(view);
      },
    );
    if (errors?.title || errors?.description) setActive(0);
    else if (!errors) next();
    return errors;
  }

  async function update(input: UpdatePropertyInput) {
    if (!property) return { location: 'Add the address first.' };
    const errors = await saveListing(() => listingsApi.update(property.id, input), setProperty);
    if (!errors) next();
    return errors;
  }

  function photosNext() {
    if (!property?.photos.length) {
      toast.warn({ title: 'Add a photo', message: 'Listings need at least one photo. Add one to continue.' });
      return;
    }
    next();
  }

  return (
    <Stepper
      active={active}
      onStepClick={setActive}
      allowNextStepsSelect={false}
      size="sm"
      orientation="horizontal"
      wrap
    >
      <Stepper.Step {...stepProps(0)} label="Basics" description="Title and description">
        <Paper withBorder radius="lg" p="lg" mt="md">
          <BasicsSection initial={basics} submitLabel="Next: address" onSubmit={saveBasics} />
        </Paper>
      </Stepper.Step>
      <Stepper.Step {...stepProps(1)} label="Address" description="Where it is">
        <Paper withBorder radius="lg" p="lg" mt="md">
          <AddressSection
            initial={property?.location ?? null}
            submitLabel={property ? 'Save and continue' : 'Save draft and continue'}
            renderSearch={slots.renderSearch}
            renderMap={slots.renderMap}
            onSubmit={saveAddress}
          />
        </Paper>
      </Stepper.Step>
      <Stepper.Step {...stepProps(2)} label="Photos" description="1 to 10">
        <Paper withBorder radius="lg" p="lg" mt="md">
          {property && (
            <PhotosSection
              propertyId={property.id}
              title={property.title}
              photos={property.photos}
              onChange={setProperty}
            />
          )}
          <Button mt="lg" size="md" onClick={photosNext}>
            Next: hours and price
          </Button>
        </Paper>
      </Stepper.Step>
      <Stepper.Step {...stepProps(3)} label="Hours & price" description="When and how much">
        <Paper withBorder radius="lg" p="lg" mt="md">
          {property && (
            <HoursSection
              initial={{
                hourly_price_cents: property.hourly_price_cents,
                allowed_durations: property.allowed_durations,
                cleaning_buffer_minutes: property.cleaning_buffer_minutes,
                opening_hours: property.opening_hours,
              }}
              submitLabel="Next: amenities"
              onSubmit={async (values) => {
                const errors = await saveHoursAndPrice(property.id, values, setProperty);
                if (!errors) next();
                return errors;
              }}
            />
          )}
        </Paper>
      </Stepper.Step>
      <Stepper.Step {...stepProps(4)} label="Amenities" description="And accessibility">
        <Paper withBorder radius="lg" p="lg" mt="md">
          {property && (
            <FeaturesSection
              initial={{ amenities: property.amenities, accessibility: property.accessibility }}
              submitLabel="Next: rules"
              onSubmit={(values) => update(values as UpdatePropertyInput)}
            />
          )}
        </Paper>
      </Stepper.Step>
      <Stepper.Step {...stepProps(5)} label="Rules & access" description="For your guests">
        <Paper withBorder radius="lg" p="lg" mt="md">
          {property && (
            <RulesSection
              initial={{
                house_rules: property.house_rules,
                access_instructions: property.access_instructions,
              }}
              submitLabel="Next: review"
              onSubmit={update}
            />
          )}
        </Paper>
      </Stepper.Step>
      <Stepper.Step {...stepProps(6)} label="Review" description="Publish">
        <Paper withBorder radius="lg" p="lg" mt="md">
          {property && (
            <>
              <Text fw={600} fz="lg">
                {property.title}
              </Text>
              <Text c="dimmed" mb="md">
                {property.location.formatted} · {property.photos.length} photo
                {property.photos.length === 1 ? '' : 's'} ·{' '}
                {new Set(property.opening_hours.map((range) => range.weekday)).size} days open
              </Text>
              <PublishPanel
                property={property}
                onChange={setProperty}
                onPublished={(view) => navigate(`/manage/properties/${view.id}`)}
                returnTo={draftPublishStep(property.id)}
                onFix={(field) => {
                  if (field === 'photos') setActive(PHOTOS);
                  else if (field === 'opening_hours' || field === 'hourly_price_cents') setActive(HOURS);
                }}
              />
              <Group mt="md">
                <Button variant="subtle" onClick={() => navigate(`/manage/properties/${property.id}`)}>
                  Keep as a draft and edit later
                </Button>
              </Group>
            </>
          )}
        </Paper>
      </Stepper.Step>
    </Stepper>
  );
}

export { STEPS as ADD_PROPERTY_STEPS };
