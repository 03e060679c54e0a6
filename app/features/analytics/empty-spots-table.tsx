import { Table, Text } from '@mantine/core';
import type { EmptySpot } from '../../../common/schemas/analytics.ts';

/** The table beside the map (and instead of it without JavaScript): where searches found nothing. */
export function EmptySpotsTable({ spots, limit = 10 }: { spots: EmptySpot[]; limit?: number }) {
  if (spots.length === 0) {
    return (
      <Text c="dimmed" data-testid="empty-spots-none">
        Every search in this period found a bathroom nearby. Nothing to recruit for here yet.
      </Text>
    );
  }
  return (
    <Table striped data-testid="empty-spots-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Area (about 1 km)</Table.Th>
          <Table.Th ta="right">Searches with no results</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {spots.slice(0, limit).map((spot) => (
          <Table.Tr key={`${spot.latitude},${spot.longitude}`}>
            <Table.Td>
              {spot.latitude.toFixed(2)}, {spot.longitude.toFixed(2)}
            </Table.Td>
            <Table.Td ta="right">{spot.searches}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
