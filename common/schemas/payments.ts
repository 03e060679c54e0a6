import { z } from 'zod';
import { CONNECT_RETURN_MAX_LENGTH, isAllowedConnectReturn } from '../connect-return.ts';
import { singleLineText } from './text.ts';

/** Payments API shapes (ADR 091), shared by the routes, the OpenAPI docs and the pages. */

const idPattern = /^[A-Za-z0-9_]{3,255}$/;

export const checkoutSessionParamsSchema = z.object({
  sessionId: singleLineText().regex(idPattern, 'must be a checkout session id'),
});

export const connectAccountParamsSchema = z.object({
  accountId: singleLineText().regex(idPattern, 'must be an account id'),
});

export const testCheckoutViewSchema = z.object({
  id: z.string(),
  description: z.string(),
  amount_cents: z.number().int(),
  currency: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  expires_at: z.string(),
});
export type TestCheckoutViewDto = z.infer<typeof testCheckoutViewSchema>;

export const redirectSchema = z.object({ redirectTo: z.string() });

export const connectStatusSchema = z.object({
  provider: z.enum(['stripe', 'test']),
  account_id: z.string().nullable(),
  connected: z.boolean(),
  details_submitted: z.boolean(),
  payouts_enabled: z.boolean(),
  charges_enabled: z.boolean(),
});
export type ConnectStatusDto = z.infer<typeof connectStatusSchema>;

export const connectLinkSchema = z.object({ url: z.string() });

/**
 * Where onboarding returns to (ADR 117): a same-origin path from the allow-list in
 * common/connect-return.ts, never a URL.
 */
export const connectReturnSchema = singleLineText()
  .max(CONNECT_RETURN_MAX_LENGTH)
  .refine(isAllowedConnectReturn, 'must be a Privy page onboarding can return to');

/** POST /api/payments/connect: optionally, where to come back to. */
export const connectStartSchema = z.strictObject({ return_to: connectReturnSchema.optional() });

export const testConnectViewSchema = z.object({ id: z.string(), details_submitted: z.boolean() });
