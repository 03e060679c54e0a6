import { z } from 'zod';
import { singleLineText } from './text.ts';

/*
 * The admin audit log (ADR 133). Every admin action writes one entry in its own transaction.
 *
 *   GET /api/admin/audit  auditQuerySchema  → auditPageSchema   (admins only)
 *
 * An action is `<area>.<verb>`; the catalogue below is the only list of them, so the filter on
 * /admin/audit, the service that records them and the tests that check every action is logged
 * agree on the spelling.
 */
export const ADMIN_ACTIONS = [
  // Accounts (/admin/users)
  'user.status_changed',
  'user.role_granted',
  'user.role_removed',
  'user.invited',
  'user.link_generated',
  'user.factor_removed',
  'user.signed_out_everywhere',
  'user.deleted',
  // Provider requests
  'provider_request.approved',
  'provider_request.rejected',
  'provider_request.revoked',
  // Listings (/admin/properties)
  'property.unpublished',
  'property.republished',
  'property.featured',
  'property.unfeatured',
  'property.report_dismissed',
  // Reviews
  'review.hidden',
  // Refund requests
  'refund_request.approved',
  'refund_request.denied',
  'refund_request.retried',
  // Bookings
  'booking.cancelled',
  // Payouts
  'payout.requested',
  'payout.retried',
  // Settings and operations
  'settings.updated',
  'database.reseeded',
  'job.retried',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export const AUDIT_TARGET_TYPES = [
  'user',
  'provider_request',
  'property',
  'review',
  'refund_request',
  'booking',
  'payout',
  'settings',
  'database',
  'job',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const AUDIT_PAGE_SIZE = 50;

export const auditQuerySchema = z.strictObject({
  action: z.enum(ADMIN_ACTIONS, { error: 'Choose an action to filter by.' }).optional(),
  target_type: z.enum(AUDIT_TARGET_TYPES, { error: 'Choose what was acted on.' }).optional(),
  target_id: singleLineText().trim().min(1).max(200).optional(),
  actor_id: singleLineText().trim().min(1).max(100).optional(),
  /** Entries older than this entry (keyset paging: the id of the last entry of the page before). */
  before: z.uuid({ error: 'Give the cursor as the id of an entry.' }).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  actor_id: z.string().nullable(),
  /** The admin's name as it reads now (or "System" for the weekly payout run). */
  actor_name: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  summary: z.string(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the next page; null on the last one. */
  next_before: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
