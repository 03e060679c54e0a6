import {
  HOST_RESPONSE_WINDOW_HOURS,
  REFUND_REQUEST_WINDOW_DAYS,
  type RefundRequestView,
} from '../../../common/schemas/refund-requests.ts';
import type { BookingStatus } from '../../db/types.ts';
import type { RefundRequestRow } from './repository.ts';

/** Pure rules of refund requests (PRODUCT.md "Refund requests", ADR 126). */

export type RefundActor = { userId: string; isAdmin: boolean };
export type RefundRole = 'guest' | 'host' | 'admin';

/** The viewer's part: a party first (an admin who booked is that booking's guest), then admin. */
export function roleOf(
  parties: { guest_id: string; host_id: string },
  actor: RefundActor,
): RefundRole | null {
  if (parties.guest_id === actor.userId) return 'guest';
  if (parties.host_id === actor.userId) return 'host';
  if (actor.isAdmin) return 'admin';
  return null;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const REQUESTABLE: BookingStatus[] = ['confirmed', 'checked_in', 'completed', 'cancelled'];

/**
 * Why a guest may not ask for a refund on this booking now, or null if they may. `refundable` is
 * what was paid less what is already committed back to them.
 */
export function cannotRequestReason(
  booking: { status: BookingStatus; confirmed_at: Date | null; ends_at: Date; amount_paid_cents: number },
  refundable: number,
  now: Date,
): string | null {
  // A cancelled hold that was never paid has nothing to refund.
  if (
    !REQUESTABLE.includes(booking.status) ||
    booking.confirmed_at === null ||
    booking.amount_paid_cents <= 0
  ) {
    return 'Only a paid booking can have a refund request.';
  }
  if (now.getTime() > new Date(booking.ends_at).getTime() + REFUND_REQUEST_WINDOW_DAYS * DAY_MS) {
    return `Refunds can be requested up to ${REFUND_REQUEST_WINDOW_DAYS} days after a booking ends.`;
  }
  if (refundable <= 0) return 'This booking has already been refunded in full.';
  return null;
}

/** Until when the host may add their side. */
export const hostResponseUntil = (createdAt: Date) =>
  new Date(new Date(createdAt).getTime() + HOST_RESPONSE_WINDOW_HOURS * HOUR_MS);

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toView(row: RefundRequestRow): RefundRequestView {
  return {
    id: row.id,
    booking_id: row.booking_id,
    bathroom_title: row.bathroom_title,
    starts_at: new Date(row.starts_at).toISOString(),
    ends_at: new Date(row.ends_at).toISOString(),
    booking_status: row.booking_status,
    guest_id: row.guest_id,
    guest_first_name: row.guest_first_name,
    host_id: row.host_id,
    host_first_name: row.host_first_name,
    reason: row.reason,
    description: row.description,
    amount_cents: row.amount_cents,
    status: row.status,
    photos: row.photos,
    host_response: row.host_response,
    host_responded_at: iso(row.host_responded_at),
    host_response_until: hostResponseUntil(row.created_at).toISOString(),
    approved_cents: row.approved_cents,
    host_earnings_reduction_cents: row.host_earnings_reduction_cents,
    denial_reason: row.denial_reason,
    decided_at: iso(row.decided_at),
    appeal_message: row.appeal_message,
    appealed_at: iso(row.appealed_at),
    booking_paid_cents: row.booking_paid_cents,
    booking_refunded_cents: row.booking_refunded_cents,
    refund_last_error: row.status === 'failed' ? row.refund_last_error : null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/**
 * What a viewer sees of a request: the host does not see the admin-only parts (the provider's
 * error); everyone else sees all of it.
 */
export function viewFor(row: RefundRequestRow, role: RefundRole): RefundRequestView {
  const view = toView(row);
  return role === 'admin' ? view : { ...view, refund_last_error: null };
}
