import { z } from 'zod';
import { singleLineText } from './text.ts';

export const PROVIDER_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'revoked'] as const;
export type ProviderRequestStatus = (typeof PROVIDER_REQUEST_STATUSES)[number];

/** Spec §3 provider request: first_name, last_name, email. */
export const providerRequestInputSchema = z.strictObject({
  first_name: singleLineText()
    .trim()
    .min(1, 'Enter your first name.')
    .max(60, 'Names can be at most 60 characters.'),
  last_name: singleLineText()
    .trim()
    .min(1, 'Enter your last name.')
    .max(60, 'Names can be at most 60 characters.'),
  email: z
    .email('Enter a valid email address.')
    .max(254)
    .transform((value) => value.toLowerCase()),
});

export type ProviderRequestInput = z.infer<typeof providerRequestInputSchema>;

export const providerRequestFilterSchema = z.strictObject({
  status: z.enum([...PROVIDER_REQUEST_STATUSES, 'all']).default('pending'),
  q: singleLineText().trim().max(100).optional(),
});

export const providerRequestIdParamsSchema = z.strictObject({ id: z.uuid('Invalid request id') });

export const providerDecisionSchema = z.enum(['approve', 'reject', 'revoke']);
export type ProviderDecision = z.infer<typeof providerDecisionSchema>;
