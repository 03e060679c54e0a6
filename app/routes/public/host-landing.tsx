import '../../ui/mantine-pages.css';
import {
  Anchor,
  Avatar,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { data, Link } from 'react-router';
import { formatRating, reviewCountLabel } from '../../../common/reviews.ts';
import { singleLineText } from '../../../common/schemas/text.ts';
import { pageMeta } from '../../features/marketing/meta.ts';
import { Stars } from '../../features/reviews/stars.tsx';
import { ResultCard } from '../../features/search/result-card.tsx';
import { servicesContext } from '../../lib/context.ts';
import type { Route } from './+types/host-landing';

/**
 * /hi/{id} (spec §2, home layout): a host's page to share — who they are, their rating from
 * guests and their published bathrooms. Anyone who is not a host has no such page (404).
 */

const memberSince = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = singleLineText().min(1).max(64).safeParse(params.id);
  const services = context.get(servicesContext);
  const profile = id.success ? await services.availability.publicProfile(id.data) : null;
  if (!profile?.is_provider) throw data('No such host', { status: 404 });
  const ratings = await services.reviews.profileRatings(profile.id);
  const appUrl = services.config.appUrl;
  const image = profile.profile_picture_url ?? profile.bathrooms.find((b) => b.cover)?.cover?.url ?? null;
  return {
    ...profile,
    rating: ratings.asHost,
    canonical: new URL(`/hi/${profile.id}`, appUrl).toString(),
    image: image ? new URL(image, appUrl).toString() : null,
  };
}

export function meta({ loaderData: host }: Route.MetaArgs) {
  if (!host) return [{ title: 'Page Not Found · Privy' }];
  const count = host.bathrooms.length;
  const places = [...new Set(host.bathrooms.map((b) => b.city).filter(Boolean))].slice(0, 3).join(', ');
  const description =
    count > 0
      ? `Book one of ${host.first_name}'s ${count === 1 ? 'private bathroom' : `${count} private bathrooms`}${places ? ` in ${places}` : ''} on Privy, by the quarter hour.`
      : `${host.first_name} hosts on Privy. Find a clean, private bathroom nearby, by the quarter hour.`;
  return [
    ...pageMeta(`${host.first_name}'s bathrooms on Privy`, description),
    { tagName: 'link', rel: 'canonical', href: host.canonical },
    { property: 'og:url', content: host.canonical },
    ...(host.image ? [{ property: 'og:image', content: host.image }] : []),
  ];
}

export default function HostLandingPage({ loaderData: host }: Route.ComponentProps) {
  const name = [host.first_name, host.last_initial && `${host.last_initial}.`].filter(Boolean).join(' ');
  const rated = host.rating.count > 0 && host.rating.average !== null;
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Paper radius="lg" p={{ base: 'lg', sm: 'xl' }} bg="var(--mantine-color-teal-light)">
          <Group gap="lg" wrap="wrap" align="center">
            <Avatar
              src={host.profile_picture_url}
              alt={host.profile_picture_url ? name : undefined}
              size={112}
              radius="100%"
              color="teal"
              variant="filled"
            >
              {host.first_name.slice(0, 1)}
            </Avatar>
            <Stack gap={6} style={{ flex: '1 1 16rem' }}>
              <Title order={1}>Hi, I'm {host.first_name}</Title>
              <Text>Privy host · member since {memberSince.format(new Date(host.member_since))}</Text>
              {rated ? (
                <Stars
                  value={host.rating.average as number}
                  label={`${formatRating(host.rating.average)} · ${reviewCountLabel(host.rating.count)} from guests`}
                />
              ) : (
                <Text size="sm" c="dimmed">
                  New host: no guest ratings yet.
                </Text>
              )}
            </Stack>
            {host.bathrooms.length ? (
              <Button component="a" href="#bathrooms" size="md">
                See my bathrooms
              </Button>
            ) : null}
          </Group>
        </Paper>
        <Stack gap="md" id="bathrooms">
          <Title order={2} fz="xl">
            {host.bathrooms.length ? `${name}'s bathrooms` : 'No bathrooms listed right now'}
          </Title>
          {host.bathrooms.length ? (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} data-testid="host-bathrooms">
              {host.bathrooms.map((bathroom) => (
                <ResultCard
                  key={bathroom.id}
                  result={bathroom}
                  href={`/bathrooms/${bathroom.id}`}
                  showDistance={false}
                />
              ))}
            </SimpleGrid>
          ) : (
            <Text c="dimmed">
              {host.first_name} has no bathroom open for booking at the moment.{' '}
              <Anchor component={Link} to="/bathrooms">
                Find one nearby
              </Anchor>
              .
            </Text>
          )}
        </Stack>
      </Stack>
    </Container>
  );
}
