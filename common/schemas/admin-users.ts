import { z } from 'zod';
import { auditEntrySchema } from './audit.ts';
import { nameSchema } from './auth.ts';
import { adminAccountSchema } from './profile.ts';
import { singleLineText } from './text.ts';

/*
 * One account on /admin/users/:id and the auth admin functions beside it (ADR 134):
 *
 *   GET    /api/admin/users/:id                   → adminUserDetailSchema
 *   POST   /api/admin/users/invite                inviteUserSchema → {id}
 *   POST   /api/admin/users/:id/links             generateLinkSchema → generatedLinkSchema
 *   GET    /api/admin/users/:id/factors           → {factors: mfaFactorSchema[]}
 *   DELETE /api/admin/users/:id/factors/:factorId
 *   POST   /api/admin/users/:id/sign-out
 *   PUT    /api/admin/users/:id/roles             rolesChangeSchema
 *   DELETE /api/admin/users/:id
 */

export const inviteUserSchema = z.strictObject({
  email: z
    .email({ error: 'Enter a valid email address.' })
    .max(254, 'Email addresses are at most 254 characters.')
    .transform((value) => value.toLowerCase()),
  first_name: nameSchema.optional(),
  last_name: nameSchema.optional(),
  make_provider: z.boolean({ error: 'Say yes or no.' }).optional(),
});
export type InviteUserInput = z.infer<typeof inviteUserSchema>;

export const LINK_TYPES = ['sign_in', 'recovery', 'verification'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

export const generateLinkSchema = z.strictObject({
  type: z.enum(LINK_TYPES, { error: 'Choose sign_in, recovery or verification.' }),
});

export const generatedLinkSchema = z.object({
  type: z.enum(LINK_TYPES),
  url: z.string(),
  expires_at: z.string(),
});
export type GeneratedLink = z.infer<typeof generatedLinkSchema>;

export const rolesChangeSchema = z
  .strictObject({
    is_admin: z.boolean({ error: 'Say true or false.' }).optional(),
    is_provider: z.boolean({ error: 'Say true or false.' }).optional(),
  })
  .refine((value) => value.is_admin !== undefined || value.is_provider !== undefined, {
    message: 'Send is_admin, is_provider or both.',
    path: ['is_admin'],
  });
export type RolesChange = z.infer<typeof rolesChangeSchema>;

export const factorParamsSchema = z.strictObject({
  id: singleLineText().min(1).max(100),
  factorId: singleLineText().min(1).max(100),
});

/** A second factor as the spec names them: an authenticator app (totp) or a verified phone. */
export const mfaFactorSchema = z.object({
  id: z.string(),
  factor_type: z.enum(['totp', 'phone']),
  status: z.literal('verified'),
  friendly_name: z.string(),
});
export type MfaFactor = z.infer<typeof mfaFactorSchema>;

const phoneFormatsSchema = z.object({ E164: z.string(), International: z.string(), National: z.string() });

export const adminUserDetailSchema = z.object({
  account: adminAccountSchema.extend({
    first_name: z.string(),
    last_name: z.string(),
    phone_number_verified: z.boolean(),
    phone_formats: phoneFormatsSchema.nullable(),
    two_factor_enabled: z.boolean(),
    /** Soft-deleted (ADR 134): email and phone freed, no password. */
    deleted: z.boolean(),
  }),
  bookings: z.object({
    total: z.number(),
    newest: z.array(
      z.object({
        id: z.string(),
        bathroom_title: z.string(),
        status: z.string(),
        starts_at: z.string(),
        timezone: z.string(),
        price_cents: z.number(),
      }),
    ),
  }),
  listings: z.array(z.object({ id: z.string(), title: z.string(), status: z.string(), city: z.string() })),
  reviews: z.object({
    written: z.number(),
    received: z.number(),
    newest: z.array(
      z.object({
        id: z.string(),
        side: z.string(),
        written_by_user: z.boolean(),
        rating: z.number(),
        comment: z.string().nullable(),
        bathroom_title: z.string(),
        created_at: z.string(),
      }),
    ),
  }),
  sessions: z.array(
    z.object({
      id: z.string(),
      user_agent: z.string().nullable(),
      ip_address: z.string().nullable(),
      created_at: z.string(),
      last_active_at: z.string(),
    }),
  ),
  factors: z.array(mfaFactorSchema),
  sign_ins: z.array(
    z.object({
      outcome: z.enum(['success', 'failure']),
      identifier: z.string(),
      ip: z.string(),
      at: z.string(),
    }),
  ),
  audit: z.array(auditEntrySchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;
