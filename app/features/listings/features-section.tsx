import { Button, Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  ACCESSIBILITY_FEATURES,
  AMENITIES,
  type PropertyFeature,
} from '../../../common/schemas/properties.ts';
import { FeatureIcon } from '../../ui/feature-icon.tsx';

export type Features = { amenities: string[]; accessibility: string[] };

type Props = {
  initial: Features;
  submitLabel: string;
  onSubmit: (values: Features) => Promise<Record<string, string> | undefined>;
};

function FeatureGroup(props: {
  label: string;
  description: string;
  options: readonly PropertyFeature[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string | undefined;
}) {
  return (
    <Checkbox.Group
      label={props.label}
      description={props.description}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} mt="sm" spacing="sm">
        {props.options.map((option) => (
          <Checkbox
            key={option.id}
            value={option.id}
            size="md"
            label={
              <Group gap={6} wrap="nowrap">
                <FeatureIcon name={option.icon} />
                <Text span>{option.label}</Text>
              </Group>
            }
          />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

/** Amenities and accessibility: what guests filter on. */
export function FeaturesSection({ initial, submitLabel, onSubmit }: Props) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors((await onSubmit(values)) ?? {});
    setBusy(false);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <FeatureGroup
          label="Amenities"
          description="Tick everything a guest can count on."
          options={AMENITIES}
          value={values.amenities}
          onChange={(amenities) => setValues({ ...values, amenities })}
          error={errors.amenities}
        />
        <FeatureGroup
          label="Accessibility"
          description="Be exact: guests who need these plan their day around them."
          options={ACCESSIBILITY_FEATURES}
          value={values.accessibility}
          onChange={(accessibility) => setValues({ ...values, accessibility })}
          error={errors.accessibility}
        />
        <Button type="submit" loading={busy} size="md" style={{ alignSelf: 'flex-start' }}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
