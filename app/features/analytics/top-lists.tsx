import { Table, Text } from '@mantine/core';
import { formatUsd } from '../../../common/money.ts';
import type { TopBathroom, TopCity } from '../../../common/schemas/analytics.ts';

const EMPTY = 'No bookings in this period. Pick a longer period, or check back once guests book.';

export function TopCities({ cities }: { cities: TopCity[] }) {
  if (cities.length === 0) return <Text c="dimmed">{EMPTY}</Text>;
  return (
    <Table striped data-testid="top-cities">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>City</Table.Th>
          <Table.Th ta="right">Bookings</Table.Th>
          <Table.Th ta="right">Revenue</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {cities.map((city) => (
          <Table.Tr key={`${city.city}-${city.stateCode}`}>
            <Table.Td>
              {city.city || 'Unknown'}
              {city.stateCode ? `, ${city.stateCode}` : ''}
            </Table.Td>
            <Table.Td ta="right">{city.bookings}</Table.Td>
            <Table.Td ta="right">{formatUsd(city.revenueCents)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function TopBathrooms({ bathrooms }: { bathrooms: TopBathroom[] }) {
  if (bathrooms.length === 0) return <Text c="dimmed">{EMPTY}</Text>;
  return (
    <Table striped data-testid="top-bathrooms">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Bathroom</Table.Th>
          <Table.Th ta="right">Bookings</Table.Th>
          <Table.Th ta="right">Revenue</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {bathrooms.map((bathroom) => (
          <Table.Tr key={bathroom.bathroomId}>
            <Table.Td>
              <Text size="sm" lineClamp={1}>
                {bathroom.title}
              </Text>
              <Text size="xs" c="dimmed">
                {bathroom.city}
              </Text>
            </Table.Td>
            <Table.Td ta="right">{bathroom.bookings}</Table.Td>
            <Table.Td ta="right">{formatUsd(bathroom.revenueCents)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
