import { Anchor, Avatar, Card, Container, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { WEEKDAYS } from '../../../common/constants.ts';
import { formatDistance } from '../../../common/distance.ts';
import { formatPrice } from '../../../common/money.ts';
import { BOOKING_PANEL_ID, BookingBar } from '../../features/booking-panel/booking-bar.tsx';
import { BookingPanel } from '../../features/booking-panel/booking-panel.tsx';
import { ReportListing } from '../../features/listing-reports/report-listing.tsx';
import { TouchMap } from '../../features/map/touch-map.tsx';
import { pageMeta } from '../../features/marketing/meta.ts';
import { BathroomReviewsSection } from '../../features/reviews/bathroom-reviews.tsx';
import { FeatureList } from '../../features/search/feature-icons.tsx';
import { PhotoScroller } from '../../features/search/photo-scroller.tsx';
import { RatingSummary } from '../../features/search/result-card.tsx';
import { useRootData } from '../../root.tsx';
import { StaticRowTable } from '../../ui/static-choice.tsx';
import type { Route } from './+types/bathroom-details';
import { listingAction, listingLoader } from './bathroom-details.server.ts';

/** The public point is up to ~0.3 mile from the door; the circle covers that much. */
const APPROXIMATE_RADIUS_METERS = 483;

/**
 * "Reserve and pay": holds the slot and sends the guest to checkout. A visitor who is not signed
 * in goes to sign in first and comes back to this page with the same choice (ADR 093).
 */
export const action = (args: Route.ActionArgs) => listingAction(args);

export function meta({ loaderData }: Route.MetaArgs) {
  const listing = loaderData?.listing;
  if (!listing) return [{ title: 'Page Not Found · Privy' }];
  return pageMeta(
    `${listing.title} · ${listing.city}${listing.state_code ? `, ${listing.state_code}` : ''}`,
    `${formatPrice(listing.hourly_price_cents)} an hour. ${listing.description.slice(0, 140)}`,
  );
}

export const loader = (args: Route.LoaderArgs) => listingLoader(args);

/** "CST", "EDT": the zone as people in it say it (named after its city where there is no short name). */
function zoneAbbreviation(timeZone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date())
    .find((item) => item.type === 'timeZoneName')?.value;
  return part && !part.startsWith('GMT')
    ? part
    : (timeZone.split('/').at(-1)?.replaceAll('_', ' ') ?? timeZone);
}

function clock(time: string): string {
  if (time === '24:00') return 'midnight';
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'am' : 'pm';
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return minutes ? `${twelve}:${String(minutes).padStart(2, '0')} ${suffix}` : `${twelve} ${suffix}`;
}

export default function BathroomDetailsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, place, tileUrl, panel, reviews, admin } = loaderData;
  const viewerId = useRootData()?.viewer?.id ?? null;
  const zoneName = listing.timezone.split('/').at(-1)?.replaceAll('_', ' ') ?? listing.timezone;
  const hostName = listing.host
    ? [listing.host.first_name, listing.host.last_initial && `${listing.host.last_initial}.`]
        .filter(Boolean)
        .join(' ')
    : '';
  const panelData = { ...panel, timezoneName: zoneAbbreviation(listing.timezone) };
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <PhotoScroller photos={listing.photos} title={listing.title} />
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              <Stack gap={6}>
                <Title order={1} fz={{ base: 26, sm: 34 }}>
                  {listing.title}
                </Title>
                <Group gap="md">
                  <RatingSummary average={listing.rating_average} count={listing.rating_count} />
                  <Group gap={4} c="dimmed">
                    <IconMapPin size={16} aria-hidden />
                    <Text size="sm">
                      {[listing.city, listing.state_code].filter(Boolean).join(', ')}
                      {listing.distance_miles !== null
                        ? ` · ${formatDistance(listing.distance_miles)} from ${place || 'your search'}`
                        : ''}
                    </Text>
                  </Group>
                </Group>
              </Stack>
              {listing.description ? (
                <Text style={{ whiteSpace: 'pre-line' }}>{listing.description}</Text>
              ) : null}
              <Stack gap="xs">
                <Title order={2} fz="lg">
                  Accessibility
                </Title>
                {listing.accessibility.length ? (
                  <FeatureList ids={listing.accessibility} />
                ) : (
                  <Text c="dimmed">
                    The host has not listed accessibility features. Ask them before you book.
                  </Text>
                )}
              </Stack>
              <Stack gap="xs">
                <Title order={2} fz="lg">
                  Amenities
                </Title>
                {listing.amenities.length ? (
                  <FeatureList ids={listing.amenities} />
                ) : (
                  <Text c="dimmed">A private bathroom; no extras listed.</Text>
                )}
              </Stack>
              {listing.house_rules ? (
                <Stack gap="xs">
                  <Title order={2} fz="lg">
                    House rules
                  </Title>
                  <Text style={{ whiteSpace: 'pre-line' }}>{listing.house_rules}</Text>
                </Stack>
              ) : null}
              <Stack gap="xs">
                <Title order={2} fz="lg">
                  Where it is
                </Title>
                <Text size="sm" c="dimmed">
                  The circle shows the area. You get the exact address and door instructions when your booking
                  is confirmed.
                </Text>
                <TouchMap
                  height={300}
                  tileUrl={tileUrl}
                  center={{ latitude: listing.public_latitude, longitude: listing.public_longitude }}
                  area={{
                    latitude: listing.public_latitude,
                    longitude: listing.public_longitude,
                    radiusMeters: APPROXIMATE_RADIUS_METERS,
                  }}
                  label={`Approximate area of ${listing.title} in ${listing.city}`}
                />
              </Stack>
              <BathroomReviewsSection
                reviews={reviews}
                admin={admin}
                hrefFor={(page) => `/bathrooms/${listing.id}?reviews=${page}#reviews`}
              />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md">
              {/* The phone's booking bar leads here (ADR 116); focusable so the focus can follow. */}
              <Paper
                withBorder
                radius="md"
                p="lg"
                id={BOOKING_PANEL_ID}
                tabIndex={-1}
                style={{ scrollMarginTop: 'var(--mantine-spacing-md)' }}
              >
                <Stack gap="sm">
                  <Text fz={28} fw={700}>
                    {formatPrice(listing.hourly_price_cents)}
                    <Text span c="dimmed" fz="md" fw={400}>
                      {' '}
                      / hour
                    </Text>
                  </Text>
                  <BookingPanel data={panelData} error={actionData?.error ?? null} />
                  {listing.cleaning_buffer_minutes ? (
                    <Text size="xs" c="dimmed">
                      The host keeps {listing.cleaning_buffer_minutes} minutes after each visit for cleaning.
                    </Text>
                  ) : null}
                </Stack>
              </Paper>
              <Paper withBorder radius="md" p="lg">
                <Title order={2} fz="md" mb="xs">
                  Opening hours
                </Title>
                <Text size="xs" c="dimmed" mb="xs">
                  Local time ({zoneName})
                </Text>
                <StaticRowTable
                  rows={listing.opening_hours.map((day) => ({
                    key: day.weekday,
                    head: WEEKDAYS[day.weekday - 1],
                    cell: day.ranges.length
                      ? day.ranges.map((range) => `${clock(range.opens)} – ${clock(range.closes)}`).join(', ')
                      : 'Closed',
                  }))}
                />
              </Paper>
              {listing.host ? (
                <Card withBorder radius="md" padding="lg" component={Link} to={`/profile/${listing.host.id}`}>
                  <Group gap="md" wrap="nowrap">
                    <Avatar src={listing.host.profile_picture_url} alt="" size={56} radius="xl" color="teal">
                      {listing.host.first_name.slice(0, 1)}
                    </Avatar>
                    <Stack gap={2}>
                      <Text fw={600}>Hosted by {hostName}</Text>
                      <Text size="sm" c="dimmed">
                        Member since{' '}
                        {new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' }).format(
                          new Date(listing.host.member_since),
                        )}
                      </Text>
                      <Anchor component="span" size="sm">
                        View profile
                      </Anchor>
                    </Stack>
                  </Group>
                </Card>
              ) : null}
              {viewerId && viewerId !== listing.host?.id ? (
                <Group justify="flex-end">
                  <ReportListing bathroomId={listing.id} />
                </Group>
              ) : null}
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
      <BookingBar data={panelData} price={formatPrice(listing.hourly_price_cents)} />
    </Container>
  );
}
