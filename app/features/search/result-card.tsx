import { Badge, Card, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhoto, IconStarFilled } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDistance, formatPrice } from '../../../common/distance.ts';
import type { SearchResult } from '../../../common/schemas/search.ts';
import { FeatureIconRow } from './feature-icons.tsx';

export function RatingSummary({ average, count }: { average: number | null; count: number }) {
  if (!count || average === null) {
    return (
      <Badge variant="light" color="teal" size="sm">
        New
      </Badge>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      <IconStarFilled size={14} color="var(--mantine-color-yellow-6)" aria-hidden />
      <Text size="sm" fw={600}>
        {average.toFixed(1)}
      </Text>
      <Text size="sm" c="dimmed">
        ({count} {count === 1 ? 'review' : 'reviews'})
      </Text>
    </Group>
  );
}

export function CoverImage({ cover, height }: { cover: SearchResult['cover']; height: number }) {
  if (!cover) {
    return (
      <Stack h={height} align="center" justify="center" bg="var(--mantine-color-gray-light)" gap={4}>
        <IconPhoto size={28} aria-hidden color="var(--mantine-color-dimmed)" />
        <Text size="xs" c="dimmed">
          No photo yet
        </Text>
      </Stack>
    );
  }
  return (
    <Image src={cover.url} srcSet={cover.srcset} alt={cover.alt} h={height} fit="cover" loading="lazy" />
  );
}

type Props = {
  result: SearchResult;
  /** The link keeps the searched place so the listing can show the distance from it. */
  href: string;
  highlighted?: boolean;
  onHighlight?: (id: string | null) => void;
  showDistance?: boolean;
};

export function ResultCard({ result, href, highlighted, onHighlight, showDistance = true }: Props) {
  return (
    <Card
      component={Link}
      to={href}
      withBorder
      radius="md"
      padding="sm"
      data-result-id={result.id}
      data-highlighted={highlighted ? 'true' : undefined}
      onMouseEnter={() => onHighlight?.(result.id)}
      onMouseLeave={() => onHighlight?.(null)}
      onFocus={() => onHighlight?.(result.id)}
      onBlur={() => onHighlight?.(null)}
      style={{
        borderColor: highlighted ? 'var(--mantine-color-orange-6)' : undefined,
        boxShadow: highlighted ? '0 0 0 1px var(--mantine-color-orange-6)' : undefined,
      }}
    >
      <Card.Section>
        <CoverImage cover={result.cover} height={170} />
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text fw={600} lineClamp={2}>
            {result.title}
          </Text>
          <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
            {formatPrice(result.hourly_price_cents)}
            <Text span size="sm" fw={400} c="dimmed">
              {' '}
              / hour
            </Text>
          </Text>
        </Group>
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {[showDistance ? `${formatDistance(result.distance_miles)} away` : null, result.city]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          <RatingSummary average={result.rating_average} count={result.rating_count} />
        </Group>
        <FeatureIconRow ids={result.accessibility} />
      </Stack>
    </Card>
  );
}
