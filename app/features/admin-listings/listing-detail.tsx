import { Anchor, Badge, Group, Image, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { WEEKDAYS } from '../../../common/constants.ts';
import { formatPrice, formatUsd } from '../../../common/money.ts';
import {
  type AdminListingDetail,
  type ListingReport,
  REPORT_REASON_LABELS,
} from '../../../common/schemas/listing-moderation.ts';
import { formatWallClock } from '../../../common/wall-clock.ts';
import { IntentButton, UnpublishButton, type useModerationFetcher } from './moderation-actions.tsx';

type Listing = AdminListingDetail['listing'];
type Fetcher = ReturnType<typeof useModerationFetcher>;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

export function ListingPhotos({ listing }: { listing: Listing }) {
  return (
    <Section title="Photos">
      {listing.photos.length ? (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
          {listing.photos.map((photo) => (
            <Image key={photo.url} src={photo.url} alt={photo.alt} radius="md" h={120} fit="cover" />
          ))}
        </SimpleGrid>
      ) : (
        <Text c="dimmed">No photos yet: the host has not added any.</Text>
      )}
    </Section>
  );
}

/** Ranges by weekday, "Closed" for a day without any. */
function hoursByDay(listing: Listing) {
  return WEEKDAYS.map((name, index) => {
    const ranges = listing.opening_hours.filter((range) => range.weekday === index + 1);
    return { name, text: ranges.length ? ranges.map((r) => `${r.opens}–${r.closes}`).join(', ') : 'Closed' };
  });
}

export function ListingFacts({ listing }: { listing: Listing }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Section title="Listing">
        <Text size="sm">
          <b>Address:</b> {listing.address || 'Not set'}
        </Text>
        <Text size="sm">
          <b>Price:</b> {formatPrice(listing.hourly_price_cents)} an hour
        </Text>
        <Text size="sm">
          <b>Time zone:</b> {listing.timezone}
        </Text>
        <Text size="sm">
          <b>Created:</b> {formatWallClock(listing.created_at, listing.timezone)}
          {listing.published_at
            ? ` · first published ${formatWallClock(listing.published_at, listing.timezone)}`
            : ''}
        </Text>
        {listing.description ? (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }} lineClamp={6}>
            {listing.description}
          </Text>
        ) : null}
      </Section>
      <Section title="Opening hours (bathroom’s time)">
        <Table withRowBorders={false} verticalSpacing={2}>
          <Table.Tbody>
            {hoursByDay(listing).map((day) => (
              <Table.Tr key={day.name}>
                <Table.Td>
                  <Text size="sm">{day.name}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={day.text === 'Closed' ? 'dimmed' : undefined}>
                    {day.text}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
    </SimpleGrid>
  );
}

export function ListingHost({ listing }: { listing: Listing }) {
  return (
    <Section title="Host">
      <Group gap="md">
        <Anchor component={Link} to={`/admin/users/${listing.host_id}`} fw={600} data-testid="listing-host">
          {listing.host_name}
        </Anchor>
        {listing.host_email ? <Text c="dimmed">{listing.host_email}</Text> : null}
        <Anchor component={Link} to={`/profile/${listing.host_id}`} size="sm">
          Public profile
        </Anchor>
      </Group>
    </Section>
  );
}

export function ListingBookings({ detail }: { detail: AdminListingDetail }) {
  const zone = detail.listing.timezone;
  return (
    <Section title="Recent bookings">
      {detail.bookings.length ? (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs">
            <Table.Tbody>
              {detail.bookings.map((booking) => (
                <Table.Tr key={booking.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/bookings/${booking.id}`} size="sm">
                      {formatWallClock(booking.starts_at, zone)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{booking.guest_name}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{booking.status.replace('_', ' ')}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatUsd(booking.price_cents)}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text c="dimmed">Nobody has booked this bathroom yet.</Text>
      )}
    </Section>
  );
}

const REPORT_LOOK: Record<ListingReport['status'], { color: string; label: string }> = {
  open: { color: 'red', label: 'Open' },
  dismissed: { color: 'gray', label: 'Dismissed' },
  actioned: { color: 'teal', label: 'Acted on' },
};

export function ListingReports({ detail, fetcher }: { detail: AdminListingDetail; fetcher: Fetcher }) {
  const canUnpublish = !detail.listing.held && detail.listing.status !== 'draft';
  return (
    <Section title="Reports">
      {detail.reports.length ? (
        <Stack gap="sm" data-testid="listing-reports">
          {detail.reports.map((report) => (
            <Paper key={report.id} withBorder radius="md" p="md" data-testid="listing-report">
              <Stack gap={6}>
                <Group justify="space-between" gap="xs">
                  <Text fw={600} size="sm">
                    {REPORT_REASON_LABELS[report.reason]}
                  </Text>
                  <Badge color={REPORT_LOOK[report.status].color} variant="light">
                    {REPORT_LOOK[report.status].label}
                  </Badge>
                </Group>
                {report.details ? (
                  <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                    {report.details}
                  </Text>
                ) : null}
                <Text size="xs" c="dimmed">
                  By{' '}
                  <Anchor component={Link} to={`/admin/users/${report.reporter_id}`} size="xs">
                    {report.reporter_name}
                  </Anchor>{' '}
                  · {formatWallClock(report.created_at, detail.listing.timezone)}
                </Text>
                {report.status === 'open' ? (
                  <Group gap="xs">
                    <IntentButton
                      fetcher={fetcher}
                      intent="dismiss"
                      variant="default"
                      extra={{ report_id: report.id }}
                    >
                      Dismiss
                    </IntentButton>
                    {canUnpublish ? (
                      <UnpublishButton fetcher={fetcher} reportId={report.id} label="Unpublish for this" />
                    ) : null}
                  </Group>
                ) : null}
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Text c="dimmed">No one has reported this listing.</Text>
      )}
    </Section>
  );
}
