import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '../../../common/money.ts';
import type { AdminUserDetail } from '../../../common/schemas/admin-users.ts';
import { formatWallClock } from '../../../common/wall-clock.ts';
import { ACCOUNT_STATUS } from './accounts-table.tsx';

// Dates are shown in UTC so the server's render and the browser's agree (as on /admin/users).
const utc = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
export const formatUtc = (iso: string) => `${utc.format(new Date(iso))} UTC`;

export function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby={id} data-testid={id}>
      <Title order={2} fz="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

// A Badge is a div: a Text around one must be a div too, or the browser moves it out of the <p>
// and hydration fails.
const Verified = ({ yes }: { yes: boolean }) => (
  <Badge size="xs" variant="light" color={yes ? 'teal' : 'gray'} ml={6}>
    {yes ? 'Verified' : 'Not verified'}
  </Badge>
);

export function ProfileSection({ account }: { account: AdminUserDetail['account'] }) {
  const status = ACCOUNT_STATUS[account.status];
  return (
    <Section title="Profile" id="user-profile">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Fact label="First name">{account.first_name || '—'}</Fact>
        <Fact label="Last name">{account.last_name || '—'}</Fact>
        <Fact label="Email">
          {account.email ?? 'None'}
          {account.email && <Verified yes={account.email_verified} />}
        </Fact>
        <Fact label="Status">
          <Badge size="sm" color={status.color} variant="dot">
            {account.deleted ? 'Deleted' : status.label}
          </Badge>
        </Fact>
        <Fact label="Roles">
          <Group gap={4}>
            {account.is_admin && (
              <Badge size="sm" color="grape" variant="light">
                Admin
              </Badge>
            )}
            {account.is_provider && (
              <Badge size="sm" variant="light">
                Host
              </Badge>
            )}
            <Badge size="sm" color="gray" variant="light">
              Guest
            </Badge>
          </Group>
        </Fact>
        <Fact label="Joined">{formatUtc(account.created_at)}</Fact>
      </SimpleGrid>
      <Stack gap={4} mt="md" data-testid="user-phone">
        <Text component="div" size="xs" c="dimmed" tt="uppercase" fw={600}>
          Phone
          {account.phone_number && <Verified yes={account.phone_number_verified} />}
        </Text>
        {account.phone_formats ? (
          <Stack gap={2}>
            {(['National', 'International', 'E164'] as const).map((format) => (
              <Text size="sm" key={format}>
                <Text span c="dimmed" size="xs">
                  {format === 'E164' ? 'E.164' : format}:{' '}
                </Text>
                {account.phone_formats?.[format]}
              </Text>
            ))}
          </Stack>
        ) : (
          <Text size="sm">None</Text>
        )}
      </Stack>
    </Section>
  );
}

export function BookingsSection({ bookings }: { bookings: AdminUserDetail['bookings'] }) {
  return (
    <Section title={`Bookings as guest (${bookings.total})`} id="user-bookings">
      {bookings.newest.length === 0 ? (
        <Text size="sm" c="dimmed">
          No bookings yet. They appear here once this person books a bathroom.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Bathroom</Table.Th>
                <Table.Th>When (bathroom's time)</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Price</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bookings.newest.map((booking) => (
                <Table.Tr key={booking.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/bookings/${booking.id}`} size="sm">
                      {booking.bathroom_title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {formatWallClock(booking.starts_at, booking.timezone, { zoneName: true })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{booking.status.replaceAll('_', ' ')}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatPrice(booking.price_cents)}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

export function ListingsAndReviewsSection({ detail }: { detail: AdminUserDetail }) {
  const { listings, reviews } = detail;
  return (
    <Section title="Listings and reviews" id="user-listings">
      <Stack gap="md">
        {listings.length === 0 ? (
          <Text size="sm" c="dimmed">
            No listings. Hosts' bathrooms appear here.
          </Text>
        ) : (
          <Stack gap={4}>
            {listings.map((listing) => (
              <Group key={listing.id} gap="xs" wrap="nowrap">
                {listing.status === 'published' ? (
                  <Anchor component={Link} to={`/bathrooms/${listing.id}`} size="sm">
                    {listing.title}
                  </Anchor>
                ) : (
                  <Text size="sm">{listing.title || 'Untitled draft'}</Text>
                )}
                <Badge size="xs" variant="light" color={listing.status === 'published' ? 'teal' : 'gray'}>
                  {listing.status}
                </Badge>
                {listing.city && (
                  <Text size="xs" c="dimmed">
                    {listing.city}
                  </Text>
                )}
              </Group>
            ))}
          </Stack>
        )}
        <Text size="sm" data-testid="user-review-counts">
          {reviews.written} review{reviews.written === 1 ? '' : 's'} written · {reviews.received} received
        </Text>
        {reviews.newest.map((review) => (
          <Text size="sm" key={review.id}>
            <Text span fw={600}>
              {review.rating}★
            </Text>{' '}
            {review.written_by_user ? 'Wrote about' : 'Received for'} {review.bathroom_title}
            {review.comment ? `: “${review.comment}”` : ''}{' '}
            <Text span size="xs" c="dimmed">
              {formatUtc(review.created_at)}
            </Text>
          </Text>
        ))}
      </Stack>
    </Section>
  );
}

export function SignInsSection({ detail }: { detail: AdminUserDetail }) {
  return (
    <Section title="Sessions and sign-ins" id="user-sessions">
      <Stack gap="md">
        {detail.sessions.length === 0 ? (
          <Text size="sm" c="dimmed">
            Not signed in anywhere.
          </Text>
        ) : (
          detail.sessions.map((session) => (
            <Stack gap={0} key={session.id}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {session.user_agent ?? 'Unknown device'}
              </Text>
              <Text size="xs" c="dimmed">
                {session.ip_address ?? 'Unknown address'} · signed in {formatUtc(session.created_at)} · last
                active {formatUtc(session.last_active_at)}
              </Text>
            </Stack>
          ))
        )}
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
            Password sign-ins
          </Text>
          {detail.sign_ins.length === 0 ? (
            <Text size="sm" c="dimmed">
              No recent password sign-ins.
            </Text>
          ) : (
            detail.sign_ins.map((entry) => (
              <Text component="div" size="sm" key={`${entry.outcome}-${entry.ip}-${entry.at}`}>
                <Badge size="xs" variant="light" color={entry.outcome === 'success' ? 'teal' : 'red'} mr={6}>
                  {entry.outcome === 'success' ? 'Signed in' : 'Wrong password'}
                </Badge>
                {entry.ip} · {formatUtc(entry.at)}
              </Text>
            ))
          )}
        </div>
      </Stack>
    </Section>
  );
}

export function AuditSection({ entries }: { entries: AdminUserDetail['audit'] }) {
  return (
    <Section title="Audit history" id="user-audit">
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          No admin has changed this account yet. Every change made here is listed.
        </Text>
      ) : (
        <Stack gap="xs" data-testid="user-audit-entries">
          {entries.map((entry) => (
            <div key={entry.id}>
              <Text size="sm">{entry.summary}</Text>
              <Text size="xs" c="dimmed">
                {entry.actor_name} · {formatUtc(entry.created_at)} · {entry.action}
              </Text>
            </div>
          ))}
        </Stack>
      )}
    </Section>
  );
}
