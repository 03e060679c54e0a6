import { Badge, Group } from '@mantine/core';
import type { AdminListing } from '../../../common/schemas/listing-moderation.ts';

const STATUS_LOOK = {
  draft: { color: 'yellow', label: 'Draft' },
  published: { color: 'teal', label: 'Published' },
  unlisted: { color: 'gray', label: 'Unpublished' },
} as const;

/** A listing's status, with an admin's hold and its place on the home page beside it. */
export function ListingStateBadges({
  listing,
}: {
  listing: Pick<AdminListing, 'status' | 'held' | 'featured'>;
}) {
  const look = STATUS_LOOK[listing.status];
  return (
    <Group gap={6}>
      {listing.held ? (
        <Badge color="red" variant="light">
          Unpublished by admin
        </Badge>
      ) : (
        <Badge color={look.color} variant="light">
          {look.label}
        </Badge>
      )}
      {listing.featured ? (
        <Badge color="grape" variant="light">
          Featured
        </Badge>
      ) : null}
    </Group>
  );
}
