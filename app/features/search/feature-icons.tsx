import { Group, Text } from '@mantine/core';
import { type Icon, IconCircleCheck } from '@tabler/icons-react';
import { ACCESSIBILITY_FEATURES, AMENITIES } from '../../../common/property-features.ts';
import { FEATURE_ICONS } from '../../ui/feature-icon.tsx';

type Feature = { id: string; label: string; icon: string };
const ALL: Feature[] = [...AMENITIES, ...ACCESSIBILITY_FEATURES];

/** A feature's label and icon; an id we no longer list still reads sensibly. */
export function describeFeature(id: string): { label: string; Icon: Icon } {
  const feature = ALL.find((item) => item.id === id);
  const label = feature?.label ?? id.replaceAll('_', ' ').replace(/^./, (first) => first.toUpperCase());
  return {
    label,
    Icon: (feature && FEATURE_ICONS[feature.icon as keyof typeof FEATURE_ICONS]) || IconCircleCheck,
  };
}

/** Icons beside their labels (the listing page). */
export function FeatureList({ ids }: { ids: string[] }) {
  return (
    <Group gap="md">
      {ids.map((id) => {
        const { label, Icon: FeatureIcon } = describeFeature(id);
        return (
          <Group key={id} gap={6} wrap="nowrap">
            <FeatureIcon size={20} aria-hidden color="var(--mantine-color-teal-7)" />
            <Text size="sm">{label}</Text>
          </Group>
        );
      })}
    </Group>
  );
}
