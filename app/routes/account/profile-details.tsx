import { Stack } from '@mantine/core';
import { useLoaderData } from 'react-router';
import { toProfileView } from '../../../server/domains/auth/profile-service.ts';
import { EmailPreferences } from '../../features/notifications/email-preferences.tsx';
import { ContactDetails } from '../../features/profile/contact-details.tsx';
import { NameForm } from '../../features/profile/name-form.tsx';
import { ProfilePhoto } from '../../features/profile/profile-photo.tsx';
import { SavedAddresses } from '../../features/profile/saved-addresses.tsx';
import { servicesContext } from '../../lib/context.ts';
import { requireViewer } from '../../lib/guards.server.ts';
import type { Route } from './+types/profile-details';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const services = context.get(servicesContext);
  const profile = toProfileView(viewer);
  return { profile, srcset: services.storage.srcsetFor(profile.profile_picture_url) };
}

export function meta() {
  return [{ title: 'Profile details · Privy' }];
}

export default function ProfileDetails() {
  const { profile, srcset } = useLoaderData<typeof loader>();
  const name = [profile.first_name, profile.last_name].filter(Boolean).join(' ') || 'You';
  return (
    <Stack gap="lg">
      <ProfilePhoto
        // A new key after each save resets the photo card to the stored picture.
        key={profile.profile_picture_url ?? 'none'}
        name={name}
        initials={name.slice(0, 1).toUpperCase()}
        url={profile.profile_picture_url}
        srcset={srcset}
      />
      <NameForm
        key={`${profile.first_name}|${profile.last_name}`}
        firstName={profile.first_name}
        lastName={profile.last_name}
      />
      <ContactDetails
        email={profile.email}
        emailVerified={profile.email_verified}
        phoneNumber={profile.phone_number}
        phoneNumberVerified={profile.phone_number_verified}
      />
      <SavedAddresses locations={profile.locations} />
      <EmailPreferences />
    </Stack>
  );
}
