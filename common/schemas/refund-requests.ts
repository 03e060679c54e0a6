import { z } from 'zod';
import { multiLineText } from './text.ts';

/*
 * Refund requests (PRODUCT.md "Refund requests", ADR 126). All routes need a signed-in, active
 * account; a request or booking the viewer has no part in answers 404.
 *
 *   GET  /api/refund-requests?status=                  admin queue        → refundRequestListSchema
 *   GET  /api/refund-requests/booking/:bookingId        guest, host, admin → bookingRefundRequestsSchema
 *   GET  /api/refund-requests/:id                       guest, host, admin → { request }
 *   POST /api/refund-requests               createRefundRequestSchema  guest → 201 { request }
 *   POST /api/refund-requests/:id/photos    multipart "file"          guest → { request }
 *   POST /api/refund-requests/:id/response  hostResponseSchema        host  → { request }
 *   POST /api/refund-requests/:id/approve   approveRefundSchema       admin → { request }
 *   POST /api/refund-requests/:id/deny      denyRefundSchema          admin → { request }
 *   POST /api/refund-requests/:id/retry     (no body)                 admin → { request }
 *   POST /api/refund-requests/:id/appeal    appealRefundSchema        guest → { request }
 *
 * Realtime: `admins` gets REFUND_REQUEST_EVENT { id } whenever a request changes.
 */

export const REFUND_REQUEST_EVENT = 'refund_request';
/** PRODUCT.md: a request may be filed up to 7 days after the booking's end. */
export const REFUND_REQUEST_WINDOW_DAYS = 7;
/** The host may add their side this long after the request is filed. */
export const HOST_RESPONSE_WINDOW_HOURS = 48;
export const REFUND_REQUEST_MAX_PHOTOS = 3;
export const REFUND_TEXT_MAX = 2000;

export const REFUND_REASONS = [
  'no_access',
  'not_clean',
  'not_as_described',
  'host_cancelled',
  'other',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  no_access: 'Locked / no access',
  not_clean: 'Not clean',
  not_as_described: 'Not as described',
  host_cancelled: 'Host cancelled on site',
  other: 'Other',
};

export const REFUND_REQUEST_STATUSES = [
  'open',
  'approved',
  'partially_approved',
  'denied',
  'failed',
] as const;
export type RefundRequestStatus = (typeof REFUND_REQUEST_STATUSES)[number];
export const REFUND_STATUS_LABELS: Record<RefundRequestStatus, string> = {
  open: 'Open',
  approved: 'Approved',
  partially_approved: 'Partially approved',
  denied: 'Denied',
  failed: 'Refund failed',
};

const text = (field: string, max: number) =>
  multiLineText()
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(1, `Write ${field}.`)
        .max(max, `Keep ${field} to ${max.toLocaleString('en-US')} characters.`),
    );

const cents = z
  .number({ error: 'Enter the amount in cents, as a whole number.' })
  .int('Enter the amount in whole cents.')
  .min(1, 'Ask for at least $0.01.')
  .max(100_000_000, 'That amount is far more than any booking costs.');

export const createRefundRequestSchema = z.strictObject({
  bookingId: z.uuid('That is not a booking id.'),
  reason: z.enum(REFUND_REASONS, { error: 'Choose a reason from the list.' }),
  description: text('what happened', REFUND_TEXT_MAX),
  amountCents: cents,
});
export type CreateRefundRequestInput = z.infer<typeof createRefundRequestSchema>;

export const hostResponseSchema = z.strictObject({ response: text('your side', REFUND_TEXT_MAX) });
export const approveRefundSchema = z.strictObject({
  /** Omitted: the whole amount asked. */
  amountCents: cents.optional(),
});
export const denyRefundSchema = z.strictObject({ reason: text('a reason', 1000) });
export const appealRefundSchema = z.strictObject({ message: text('your appeal', REFUND_TEXT_MAX) });

export const refundRequestParamsSchema = z.strictObject({ id: z.uuid('That is not a refund request id.') });
export const refundBookingParamsSchema = z.strictObject({ bookingId: z.uuid('That is not a booking id.') });
export const refundQueueQuerySchema = z.strictObject({
  status: z.enum(REFUND_REQUEST_STATUSES, { error: 'Choose a status from the list.' }).optional(),
});

export const refundRequestSchema = z.object({
  id: z.uuid(),
  booking_id: z.uuid(),
  bathroom_title: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  booking_status: z.string(),
  guest_id: z.string(),
  guest_first_name: z.string(),
  host_id: z.string(),
  host_first_name: z.string(),
  reason: z.enum(REFUND_REASONS),
  description: z.string(),
  amount_cents: z.number().int(),
  status: z.enum(REFUND_REQUEST_STATUSES),
  photos: z.array(z.object({ url: z.string(), srcset: z.string() })),
  host_response: z.string().nullable(),
  host_responded_at: z.string().nullable(),
  host_response_until: z.string(),
  approved_cents: z.number().int().nullable(),
  host_earnings_reduction_cents: z.number().int().nullable(),
  denial_reason: z.string().nullable(),
  decided_at: z.string().nullable(),
  appeal_message: z.string().nullable(),
  appealed_at: z.string().nullable(),
  booking_paid_cents: z.number().int(),
  booking_refunded_cents: z.number().int(),
  refund_last_error: z.string().nullable(),
  created_at: z.string(),
});
export type RefundRequestView = z.infer<typeof refundRequestSchema>;

export const refundRequestResponseSchema = z.object({ request: refundRequestSchema });
export const refundRequestListSchema = z.object({ requests: z.array(refundRequestSchema) });
export const bookingRefundRequestsSchema = z.object({
  requests: z.array(refundRequestSchema),
  /** What the viewer may do now (a guest: file a request; always with the reason when not). */
  can_request: z.boolean(),
  cannot_request_reason: z.string().nullable(),
  refundable_cents: z.number().int(),
});
export type BookingRefundRequests = z.infer<typeof bookingRefundRequestsSchema>;
