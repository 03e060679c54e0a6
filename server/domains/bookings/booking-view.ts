import type { BookingView } from '../../../common/schemas/bookings.ts';
import type { BookingWithBathroom } from './repository.ts';

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** A booking row as the API and the pages show it: dates as ISO strings. */
export function toView(row: BookingWithBathroom): BookingView {
  return {
    id: row.id,
    bathroom_id: row.bathroom_id,
    bathroom_title: row.bathroom_title,
    timezone: row.timezone,
    guest_id: row.guest_id,
    status: row.status,
    starts_at: new Date(row.starts_at).toISOString(),
    ends_at: new Date(row.ends_at).toISOString(),
    duration_minutes: row.duration_minutes,
    cleaning_buffer_minutes: row.cleaning_buffer_minutes,
    hourly_price_cents: row.hourly_price_cents,
    price_cents: row.price_cents,
    currency: row.currency,
    hold_expires_at: iso(row.hold_expires_at),
    confirmed_at: iso(row.confirmed_at),
    checked_in_at: iso(row.checked_in_at),
    completed_at: iso(row.completed_at),
    cancelled_at: iso(row.cancelled_at),
    cancellation_reason: row.cancellation_reason,
    amount_paid_cents: row.amount_paid_cents,
    amount_refunded_cents: row.amount_refunded_cents,
    amount_refund_settled_cents: row.amount_refund_settled_cents,
    created_at: new Date(row.created_at).toISOString(),
  };
}
