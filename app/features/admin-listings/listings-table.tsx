import { Anchor, Badge, Group, Image, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatPrice } from '../../../common/money.ts';
import type { AdminListing } from '../../../common/schemas/listing-moderation.ts';
import { ListingStateBadges } from './listing-state.tsx';

/** /admin/properties: each listing with its state, place, host and open reports; the title opens it. */
export function AdminListingsTable({ listings }: { listings: AdminListing[] }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" striped highlightOnHover data-testid="admin-listings">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Listing</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Host</Table.Th>
            <Table.Th>Price</Table.Th>
            <Table.Th>Reports</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {listings.map((listing) => (
            <Table.Tr key={listing.id} data-testid="admin-listing-row">
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  {listing.cover_url ? (
                    <Image src={listing.cover_url} alt="" w={56} h={42} radius="sm" fit="cover" />
                  ) : null}
                  <div>
                    <Anchor component={Link} to={`/admin/properties/${listing.id}`} fw={600} size="sm">
                      {listing.title}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {[listing.city, listing.state_code].filter(Boolean).join(', ') || 'No city yet'}
                    </Text>
                  </div>
                </Group>
              </Table.Td>
              <Table.Td>
                <ListingStateBadges listing={listing} />
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/admin/users/${listing.host_id}`} size="sm">
                  {listing.host_name}
                </Anchor>
                {listing.host_email ? (
                  <Text size="xs" c="dimmed">
                    {listing.host_email}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatPrice(listing.hourly_price_cents)}/hr</Text>
              </Table.Td>
              <Table.Td>
                {listing.open_reports ? (
                  <Badge color="red" variant="light">
                    {listing.open_reports} open
                  </Badge>
                ) : (
                  <Text size="sm" c="dimmed">
                    None
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
