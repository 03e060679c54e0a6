import { Stack } from '@mantine/core';
import { useLoaderData } from 'react-router';
import { pendingEmailChange } from '../../../server/domains/auth/email-change.ts';
import { toProfileView } from '../../../server/domains/auth/profile-service.ts';
import { proofState } from '../../../server/domains/auth/reauthentication.ts';
import { readForm } from '../../features/auth/actions.server.ts';
import {
  EmailChange,
  type EmailChangeOutcome,
  EmailChangeOutcomeNotice,
} from '../../features/auth/email-change.tsx';
import { handleEmailChangeAction } from '../../features/auth/email-change-actions.server.ts';
import { EmailPreferences } from '../../features/notifications/email-preferences.tsx';
import { ContactDetails } from '../../features/profile/contact-details.tsx';
import { NameForm } from '../../features/profile/name-form.tsx';
import { ProfilePhoto } from '../../features/profile/profile-photo.tsx';
import { SavedAddresses } from '../../features/profile/saved-addresses.tsx';
import { servicesContext } from '../../lib/context.ts';
import { requireViewer } from '../../lib/guards.server.ts';
import type { Route } from './+types/profile-details';

/** better-auth's confirmation link lands on ?email=changed, with &error=<code> when nothing changed (ADR 145). */
function emailChangeOutcome(url: URL): EmailChangeOutcome {
  if (url.searchParams.get('email') !== 'changed') return null;
  const error = url.searchParams.get('error');
  return { error: error ? error.slice(0, 40) : null };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const services = context.get(servicesContext);
  const profile = toProfileView(viewer);
  const [pending, proof] = await Promise.all([
    pendingEmailChange(services, viewer),
    proofState(services, viewer),
  ]);
  return {
    profile,
    srcset: services.storage.srcsetFor(profile.profile_picture_url),
    emailChange: { pending, proofMethod: proof.method, outcome: emailChangeOutcome(new URL(request.url)) },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  const { intent, values } = await readForm(request);
  return handleEmailChangeAction(context.get(servicesContext), viewer, request, intent, values);
}

export function meta() {
  return [{ title: 'Profile details · Privy' }];
}

export default function ProfileDetails() {
  const { profile, srcset, emailChange } = useLoaderData<typeof loader>();
  const name = [profile.first_name, profile.last_name].filter(Boolean).join(' ') || 'You';
  return (
    <Stack gap="lg">
      {emailChange.outcome && (
        <EmailChangeOutcomeNotice outcome={emailChange.outcome} email={profile.email} />
      )}
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
        emailChange={
          <EmailChange
            email={profile.email}
            pending={emailChange.pending}
            proofMethod={emailChange.proofMethod}
          />
        }
      />
      <SavedAddresses locations={profile.locations} />
      <EmailPreferences />
    </Stack>
  );
}
