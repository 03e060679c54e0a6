import type { ProfileView, UpdateProfileInput } from '../../../common/schemas/profile.ts';
import { AppError } from '../../http/errors.ts';
import type { AppServices } from '../../services.ts';
import type { Profile, Viewer } from './auth-service.ts';
import { replaceProfilePicture, updateProfile } from './repository.ts';

type ProfileDeps = Pick<AppServices, 'db' | 'storage'>;

/** The signed-in user's own profile as the API and the /profile page show it. */
export function toProfileView(viewer: Viewer, profile: Profile = viewer.profile): ProfileView {
  return {
    id: profile.id,
    first_name: profile.first_name,
    last_name: profile.last_name,
    profile_picture_url: profile.profile_picture_url,
    is_provider: profile.is_provider,
    is_stripe_connected: profile.is_stripe_connected,
    is_admin: profile.is_admin,
    is_active: profile.is_active,
    is_deleted: profile.is_deleted,
    locations: profile.locations,
    email: viewer.email,
    email_verified: viewer.emailVerified,
    phone_number: viewer.phoneNumber,
    phone_number_verified: viewer.phoneNumberVerified,
    two_factor_enabled: viewer.twoFactorEnabled,
  };
}

/** Names and saved addresses; `locations` replaces the list (its first entry is the default). */
export async function updateOwnProfile(
  deps: ProfileDeps,
  viewer: Viewer,
  input: UpdateProfileInput,
): Promise<ProfileView> {
  const updated = await updateProfile(deps.db, viewer.userId, {
    ...(input.first_name !== undefined ? { first_name: input.first_name } : {}),
    ...(input.last_name !== undefined ? { last_name: input.last_name } : {}),
    ...(input.locations !== undefined ? { locations: input.locations } : {}),
  });
  if (!updated) throw new AppError('not_found', 'Your profile could not be found.');
  return toProfileView(viewer, updated);
}

/**
 * Stores a new picture, points the profile at it and deletes the one it replaces. If the profile
 * cannot be updated, the new files are removed again, so a failed upload leaves nothing behind.
 */
export async function setProfilePicture(
  deps: ProfileDeps,
  viewer: Viewer,
  data: Buffer,
): Promise<{ profile_picture_url: string; srcset: string }> {
  const stored = await deps.storage.storeImage({ ownerId: viewer.userId, purpose: 'avatar', data });
  let previous: string | null;
  try {
    previous = await replaceProfilePicture(deps.db, viewer.userId, stored.url);
  } catch (error) {
    await deps.storage.deleteImage({ ownerId: viewer.userId, url: stored.url });
    throw error;
  }
  if (previous && previous !== stored.url) {
    await deps.storage.deleteImage({ ownerId: viewer.userId, url: previous });
  }
  return { profile_picture_url: stored.url, srcset: stored.srcset };
}

export async function removeProfilePicture(deps: ProfileDeps, viewer: Viewer): Promise<void> {
  const previous = await replaceProfilePicture(deps.db, viewer.userId, null);
  if (previous) await deps.storage.deleteImage({ ownerId: viewer.userId, url: previous });
}

export type AccountStatusChange = { is_active?: boolean | undefined; is_deleted?: boolean | undefined };
