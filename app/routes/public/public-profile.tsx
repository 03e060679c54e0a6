import { Anchor, Avatar, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { data, Link } from 'react-router';
import { singleLineText } from '../../../common/schemas/text.ts';
import { pageMeta } from '../../features/marketing/meta.ts';
import { ProfileRatingsView } from '../../features/reviews/profile-ratings.tsx';
import { ResultCard } from '../../features/search/result-card.tsx';
import { servicesContext } from '../../lib/context.ts';
import type { Route } from './+types/public-profile';

const memberSince = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

export function meta({ loaderData: profile }: Route.MetaArgs) {
  if (!profile) return [{ title: 'Page Not Found · Privy' }];
  return pageMeta(
    `${profile.first_name} on Privy`,
    `${profile.first_name} has been a Privy member since ${memberSince.format(new Date(profile.member_since))}.`,
  );
}

/** Anyone may see a member's public face: first name, initial, photo, since when, published bathrooms. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = singleLineText().min(1).max(64).safeParse(params.id);
  const services = context.get(servicesContext);
  const profile = id.success ? await services.availability.publicProfile(id.data) : null;
  if (!profile) throw data('No such profile', { status: 404 });
  return { ...profile, ratings: await services.reviews.profileRatings(profile.id) };
}

export default function PublicProfilePage({ loaderData: profile }: Route.ComponentProps) {
  const name = [profile.first_name, profile.last_initial && `${profile.last_initial}.`]
    .filter(Boolean)
    .join(' ');
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Group gap="lg">
          <Avatar
            src={profile.profile_picture_url}
            alt={profile.profile_picture_url ? name : undefined}
            size={96}
            radius="xl"
            color="teal"
          >
            {profile.first_name.slice(0, 1)}
          </Avatar>
          <Stack gap={4}>
            <Title order={1}>{name || 'Privy member'}</Title>
            <Text c="dimmed">Member since {memberSince.format(new Date(profile.member_since))}</Text>
            <ProfileRatingsView ratings={profile.ratings} />
          </Stack>
        </Group>
        <Stack gap="md">
          <Title order={2} fz="xl">
            {profile.bathrooms.length ? `${profile.first_name}'s bathrooms` : 'No bathrooms listed'}
          </Title>
          {profile.bathrooms.length ? (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {profile.bathrooms.map((bathroom) => (
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
              {profile.first_name} has no bathrooms listed right now.{' '}
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
