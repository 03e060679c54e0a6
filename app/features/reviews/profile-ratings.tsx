import { Group, Text } from '@mantine/core';
import { formatRating, reviewCountLabel } from '../../../common/reviews.ts';
import type { ProfileRatings } from '../../../common/schemas/reviews.ts';
import { Stars } from './stars.tsx';

/** /profile/{id}: a host's rating from guests and a guest's rating from hosts (ADR 124). */
export function ProfileRatingsView({ ratings }: { ratings: ProfileRatings }) {
  const rows = [
    { key: 'host', label: 'As a host', rating: ratings.asHost },
    { key: 'guest', label: 'As a guest, rated by hosts', rating: ratings.asGuest },
  ].filter((row) => row.rating.count > 0 && row.rating.average !== null);
  if (!rows.length)
    return (
      <Text c="dimmed" data-testid="profile-ratings">
        No ratings yet.
      </Text>
    );
  return (
    <Group gap="xl" data-testid="profile-ratings" wrap="wrap">
      {rows.map((row) => (
        <div key={row.key}>
          <Text size="sm" c="dimmed">
            {row.label}
          </Text>
          <Stars
            value={row.rating.average as number}
            label={`${formatRating(row.rating.average)} · ${reviewCountLabel(row.rating.count)}`}
          />
        </div>
      ))}
    </Group>
  );
}
