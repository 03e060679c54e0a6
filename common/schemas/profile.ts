import { z } from 'zod';
import { IMAGE_MAX_BYTES } from '../constants.ts';
import { profileLocationSchema } from './location.ts';
import { singleLineText } from './text.ts';

/** Enough for home, work, a partner's place and a few more; past that a list stops being useful. */
export const PROFILE_LOCATIONS_MAX = 10;
export const NAME_MAX_LENGTH = 60;

export const firstNameSchema = singleLineText()
  .trim()
  .min(1, 'Enter your first name.')
  .max(NAME_MAX_LENGTH, `Names can be at most ${NAME_MAX_LENGTH} characters.`);
export const lastNameSchema = singleLineText()
  .trim()
  .max(NAME_MAX_LENGTH, `Names can be at most ${NAME_MAX_LENGTH} characters.`);

/** The name form on /profile. */
export const profileNamesSchema = z.strictObject({ first_name: firstNameSchema, last_name: lastNameSchema });

export const profileLocationsSchema = z
  .array(profileLocationSchema)
  .max(PROFILE_LOCATIONS_MAX, `You can save up to ${PROFILE_LOCATIONS_MAX} addresses.`);

/**
 * PATCH /api/profile. `locations` replaces the whole list, so one call adds, edits, removes or
 * reorders; the first entry is the default address (spec §3).
 */
export const updateProfileSchema = z
  .strictObject({
    first_name: firstNameSchema.optional(),
    last_name: lastNameSchema.optional(),
    locations: profileLocationsSchema.optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: 'Send at least one of first_name, last_name or locations.',
  });

export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/** What GET/PATCH /api/profile answer: the profile plus the contact details and their state. */
export const profileViewSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  profile_picture_url: z.string().nullable(),
  is_provider: z.boolean(),
  is_stripe_connected: z.boolean(),
  is_admin: z.boolean(),
  is_active: z.boolean(),
  is_deleted: z.boolean(),
  locations: z.array(profileLocationSchema),
  email: z.string().nullable(),
  email_verified: z.boolean(),
  phone_number: z.string().nullable(),
  phone_number_verified: z.boolean(),
  two_factor_enabled: z.boolean(),
});

export type ProfileView = z.infer<typeof profileViewSchema>;

/** The image types a picture may be; the server checks the file's bytes, the browser its type. */
export const PICTURE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_TYPE_MESSAGE = 'Please choose a JPEG, PNG or WebP image.';
export const IMAGE_SIZE_MESSAGE = `Please choose an image under ${IMAGE_MAX_BYTES / 1024 / 1024} MB.`;

/** POST /api/profile/picture answers with the new picture's URLs. */
export const profilePictureSchema = z.object({
  profile_picture_url: z.string(),
  srcset: z.string(),
});

/** PATCH /api/admin/users/:id: an admin puts an account under review, disables it or restores it. */
export const accountStatusChangeSchema = z
  .strictObject({ is_active: z.boolean().optional(), is_deleted: z.boolean().optional() })
  .refine((value) => value.is_active !== undefined || value.is_deleted !== undefined, {
    message: 'Send is_active, is_deleted or both.',
  });

export type AccountStatus = 'active' | 'under_review' | 'disabled';

/** One account as the admin area lists it. */
export const adminAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  email_verified: z.boolean(),
  phone_number: z.string().nullable(),
  profile_picture_url: z.string().nullable(),
  is_provider: z.boolean(),
  is_admin: z.boolean(),
  status: z.enum(['active', 'under_review', 'disabled']),
  created_at: z.string(),
});

export type AdminAccount = z.infer<typeof adminAccountSchema>;
