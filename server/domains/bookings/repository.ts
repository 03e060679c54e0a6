import { type Insertable, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { BookingStatus, BookingTable, Database } from '../../db/types.ts';

/** The only place with SQL for bookings. */

export type Executor = Db | Transaction<Database>;
export type NewBooking = Omit<Insertable<BookingTable>, 'blocked'>;

/** A new booking, at the commission rate in force now (ADR 128): later changes never touch it. */
export async function insertBooking(db: Executor, row: NewBooking) {
  const commission = sql<number>`coalesce((select (value #>> '{}')::int from platform_settings where key = 'commission_bps'), 1500)`;
  return db
    .insertInto('bookings')
    .values({ commission_bps: commission, ...row })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

/** A booking with what its readers need of the bathroom (title, zone, host). */
export async function findBookingWithBathroom(db: Executor, bookingId: string) {
  return db
    .selectFrom('bookings as k')
    .innerJoin('bathrooms as b', 'b.id', 'k.bathroom_id')
    .select([
      'k.id',
      'k.bathroom_id',
      'k.guest_id',
      'k.status',
      'k.starts_at',
      'k.ends_at',
      'k.duration_minutes',
      'k.cleaning_buffer_minutes',
      'k.hourly_price_cents',
      'k.price_cents',
      'k.currency',
      'k.hold_expires_at',
      'k.confirmed_at',
      'k.checked_in_at',
      'k.completed_at',
      'k.cancelled_at',
      'k.cancellation_reason',
      'k.amount_paid_cents',
      'k.amount_refunded_cents',
      'k.amount_refund_settled_cents',
      'k.created_at',
      'b.title as bathroom_title',
      'b.timezone',
      'b.host_id',
    ])
    .where('k.id', '=', bookingId)
    .executeTakeFirst();
}
export type BookingWithBathroom = NonNullable<Awaited<ReturnType<typeof findBookingWithBathroom>>>;

export type TransitionSpec = {
  from: readonly BookingStatus[];
  to: BookingStatus;
  stamp: 'confirmed_at' | 'checked_in_at' | 'completed_at' | 'cancelled_at' | null;
  cancelledBy: string | null;
  reason: string | null;
  onlyIfHoldExpired: boolean;
};

/**
 * One guarded UPDATE: it changes the row only from an allowed state, so a repeat is a no-op.
 * When nothing changed, reports the state the booking is in (null: no such booking).
 */
export async function transitionBooking(
  db: Executor,
  bookingId: string,
  spec: TransitionSpec,
): Promise<{ changed: boolean; current: BookingStatus | null }> {
  const updated = await db
    .updateTable('bookings')
    .set({
      status: spec.to,
      updated_at: sql<Date>`now()`,
      ...(spec.stamp ? { [spec.stamp]: sql<Date>`now()` } : {}),
      ...(spec.to === 'cancelled'
        ? { cancelled_by: spec.cancelledBy, cancellation_reason: spec.reason }
        : {}),
    })
    .where('id', '=', bookingId)
    .where('status', 'in', spec.from)
    .$if(spec.onlyIfHoldExpired, (query) => query.where('hold_expires_at', '<=', sql<Date>`now()`))
    .returning('id')
    .executeTakeFirst();
  if (updated) return { changed: true, current: spec.to };
  const row = await db.selectFrom('bookings').select('status').where('id', '=', bookingId).executeTakeFirst();
  return { changed: false, current: row?.status ?? null };
}

/** pending_payment → expired for every hold past its time (on one bathroom, or all). */
export async function transitionStaleHolds(db: Executor, bathroomId?: string): Promise<string[]> {
  const rows = await db
    .updateTable('bookings')
    .set({ status: 'expired', updated_at: sql<Date>`now()` })
    .where('status', '=', 'pending_payment')
    .where('hold_expires_at', '<=', sql<Date>`now()`)
    .$if(bathroomId !== undefined, (query) => query.where('bathroom_id', '=', bathroomId as string))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Whether the bathroom has any booking on record, whatever its state. */
export async function bathroomHasBookings(db: Executor, bathroomId: string): Promise<boolean> {
  const row = await db
    .selectFrom('bookings')
    .select('id')
    .where('bathroom_id', '=', bathroomId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** What the payment handlers need of a booking, locked until their transaction ends. */
export async function lockBookingForPayment(db: Executor, bookingId: string) {
  return db
    .selectFrom('bookings as k')
    .innerJoin('bathrooms as b', 'b.id', 'k.bathroom_id')
    .select([
      'k.id',
      'k.guest_id',
      'k.status',
      'k.bathroom_id',
      'k.starts_at',
      'k.ends_at',
      'k.duration_minutes',
      'k.price_cents',
      'k.hold_expires_at',
      'k.checkout_session_id',
      'k.payment_intent_id',
      'k.amount_paid_cents',
      'k.amount_refunded_cents',
      'b.title as bathroom_title',
      'b.timezone',
      'b.host_id',
    ])
    .where('k.id', '=', bookingId)
    .forUpdate('k')
    .executeTakeFirst();
}
export type BookingForPayment = NonNullable<Awaited<ReturnType<typeof lockBookingForPayment>>>;

/**
 * Points a pending hold at its (new) checkout session; `previous` guards a retry against a
 * concurrent one. Returns false when the booking is no longer pending or another retry won.
 */
export async function setCheckoutSession(
  db: Executor,
  bookingId: string,
  sessionId: string | null,
  previous: string | null,
): Promise<boolean> {
  const updated = await db
    .updateTable('bookings')
    .set({ checkout_session_id: sessionId, updated_at: sql<Date>`now()` })
    .where('id', '=', bookingId)
    .where('status', '=', 'pending_payment')
    .$if(previous === null, (query) => query.where('checkout_session_id', 'is', null))
    .$if(previous !== null, (query) => query.where('checkout_session_id', '=', previous as string))
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

/** Records what was paid, once: a later event for another payment does not overwrite it. */
export async function recordPayment(
  db: Executor,
  bookingId: string,
  payment: { paymentIntentId: string; amountCents: number },
): Promise<boolean> {
  const updated = await db
    .updateTable('bookings')
    .set({
      payment_intent_id: payment.paymentIntentId,
      amount_paid_cents: payment.amountCents,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', bookingId)
    .where('payment_intent_id', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

/** Holds whose time has run out, oldest first (the sweep expires them one by one). */
export async function listStaleHolds(db: Executor, limit: number) {
  return db
    .selectFrom('bookings')
    .select(['id'])
    .where('status', '=', 'pending_payment')
    .where('hold_expires_at', '<=', sql<Date>`now()`)
    .orderBy('hold_expires_at')
    .limit(limit)
    .execute();
}

/**
 * Unpaid holds still running whose checkout is older than `openedBefore`: the reconciliation sweep
 * asks the provider about each, in case its completion event is late or lost.
 */
export async function listHoldsToReconcile(db: Executor, openedBefore: Date, limit = 100) {
  return db
    .selectFrom('bookings')
    .select(['id', 'checkout_session_id'])
    .where('status', '=', 'pending_payment')
    .where('checkout_session_id', 'is not', null)
    .where('created_at', '<=', openedBefore)
    .where('hold_expires_at', '>', sql<Date>`now()`)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** The booking a checkout session pays (the current one; a session replaced by a retry finds none). */
export async function findBookingIdBySession(db: Executor, sessionId: string) {
  const row = await db
    .selectFrom('bookings')
    .select('id')
    .where('checkout_session_id', '=', sessionId)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Confirmed or checked-in bookings whose end has passed (the sweep completes them). */
export async function listOverdueBookings(db: Executor, now: Date, limit = 100) {
  return db
    .selectFrom('bookings')
    .select('id')
    .where('status', 'in', ['confirmed', 'checked_in'])
    .where('ends_at', '<=', now)
    .orderBy('ends_at')
    .limit(limit)
    .execute();
}

const REMINDER_COLUMNS = {
  upcoming: 'upcoming_notified_at',
  oneHour: 'one_hour_notified_at',
  checkIn: 'check_in_reminded_at',
} as const;

/**
 * Claims the confirmed bookings starting within `lead` of `now` whose reminder has not gone out,
 * and that were booked before the reminder's moment (nobody is told "in 24 hours" of a booking
 * made 3 hours ahead). The claim stamps the row, so one reminder goes out per booking even with
 * several processes sweeping; run it in the transaction that sends the notifications.
 */
export async function claimDueReminders(
  trx: Transaction<Database>,
  kind: keyof typeof REMINDER_COLUMNS,
  now: Date,
  leadMinutes: number,
) {
  const column = REMINDER_COLUMNS[kind];
  const horizon = new Date(now.getTime() + leadMinutes * 60_000);
  const due = trx
    .selectFrom('bookings')
    .select('id')
    .where('status', '=', 'confirmed')
    .where('starts_at', '>', now)
    .where('starts_at', '<=', horizon)
    .where(column, 'is', null)
    .where(sql<boolean>`created_at <= starts_at - make_interval(mins => ${leadMinutes}::int)`)
    .limit(200)
    .forUpdate()
    .skipLocked();
  return trx
    .updateTable('bookings as k')
    .from('bathrooms as b')
    .set({ [column]: now })
    .whereRef('b.id', '=', 'k.bathroom_id')
    .where('k.id', 'in', due)
    .returning([
      'k.id',
      'k.guest_id',
      'k.bathroom_id',
      'k.starts_at',
      'b.host_id',
      'b.title as bathroom_title',
      'b.timezone',
    ])
    .execute();
}

/**
 * Live bookings not yet over whose host is no longer a provider (access revoked): unpaid holds and
 * confirmed bookings, not checked-in ones (that guest is inside now). `hostId` narrows to one host.
 */
export async function listLiveBookingsOfFormerHosts(db: Executor, now: Date, hostId?: string, limit = 100) {
  let query = db
    .selectFrom('bookings')
    .innerJoin('bathrooms', 'bathrooms.id', 'bookings.bathroom_id')
    .innerJoin('profiles', 'profiles.id', 'bathrooms.host_id')
    .select('bookings.id')
    .where('bookings.status', 'in', ['pending_payment', 'confirmed'])
    .where('bookings.ends_at', '>', now)
    .where('profiles.is_provider', '=', false);
  if (hostId) query = query.where('bathrooms.host_id', '=', hostId);
  return query.orderBy('bookings.starts_at').limit(limit).execute();
}
