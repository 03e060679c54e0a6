import type { TestContext } from '../../test/harness.ts';
import type { Cast } from '../bookings/booking-test-support.ts';
import { publishedBathroom } from '../bookings/booking-test-support.ts';

/**
 * A small marketplace history with known answers (ADR 138), around a fixed "today" of 2026-03-20:
 * the period 2026-03-10..16 and the one before, 2026-03-03..09. Written straight into the tables
 * (past times the booking routes refuse), each booking's money posted as balanced ledger journals.
 */
export const TODAY = new Date('2026-03-20T12:00:00Z');
export const PERIOD = { from: '2026-03-10', to: '2026-03-16' };

type Booking = {
  bathroomId: string;
  guestId: string;
  startsAt: string;
  confirmedAt: string;
  paidCents: number;
  cancelledAt?: string;
};

async function insertBooking(ctx: () => TestContext, hostId: string, booking: Booking) {
  const { db } = ctx().services;
  const startsAt = new Date(booking.startsAt);
  const row = await db
    .insertInto('bookings')
    .values({
      bathroom_id: booking.bathroomId,
      guest_id: booking.guestId,
      status: booking.cancelledAt ? 'cancelled' : 'completed',
      starts_at: startsAt,
      ends_at: new Date(startsAt.getTime() + 30 * 60_000),
      duration_minutes: 30,
      cleaning_buffer_minutes: 0,
      hourly_price_cents: booking.paidCents * 2,
      price_cents: booking.paidCents,
      amount_paid_cents: booking.paidCents,
      amount_refunded_cents: booking.cancelledAt ? booking.paidCents : 0,
      confirmed_at: new Date(booking.confirmedAt),
      cancelled_at: booking.cancelledAt ? new Date(booking.cancelledAt) : null,
      created_at: new Date(booking.confirmedAt),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const commission = Math.round(booking.paidCents * 0.15);
  const journal = (kind: 'capture' | 'refund', at: string, lines: [string, number][]) =>
    db
      .insertInto('ledger_entries')
      .values(
        lines.map(([account, amount]) => ({
          journal_key: `${kind}:${row.id}`,
          kind,
          account: account as 'cash',
          host_id: hostId,
          booking_id: row.id,
          amount_cents: amount,
          created_at: new Date(at),
        })),
      )
      .execute();
  await journal('capture', booking.confirmedAt, [
    ['cash', booking.paidCents],
    ['commission', -commission],
    ['host_pending', -(booking.paidCents - commission)],
  ]);
  if (booking.cancelledAt) {
    await journal('refund', booking.cancelledAt, [
      ['cash', -booking.paidCents],
      ['commission', commission],
      ['host_pending', booking.paidCents - commission],
    ]);
  }
  return row.id;
}

export async function seedKnownHistory(ctx: () => TestContext, cast: Cast) {
  const { db } = ctx().services;
  const newYork = await publishedBathroom(ctx, cast.host.id);
  const boston = await publishedBathroom(ctx, cast.host.id);
  await db
    .updateTable('bathrooms')
    .set({ city: 'New York', state_code: 'NY', title: 'Midtown loo' })
    .where('id', '=', newYork)
    .execute();
  await db
    .updateTable('bathrooms')
    .set({ city: 'Boston', state_code: 'MA', title: 'Back Bay bath' })
    .where('id', '=', boston)
    .execute();
  const guestId = cast.guest.id;
  // The current period: two bookings on the 11th in New York, one on the 13th in Boston, cancelled
  // and refunded the same day. 2026-03-12 is a Thursday and 03-14 a Saturday, on EDT (UTC-4).
  await insertBooking(ctx, cast.host.id, {
    bathroomId: newYork,
    guestId,
    startsAt: '2026-03-12T15:00:00Z',
    confirmedAt: '2026-03-11T10:00:00Z',
    paidCents: 1200,
  });
  await insertBooking(ctx, cast.host.id, {
    bathroomId: newYork,
    guestId,
    startsAt: '2026-03-12T16:00:00Z',
    confirmedAt: '2026-03-11T20:00:00Z',
    paidCents: 2400,
  });
  await insertBooking(ctx, cast.host.id, {
    bathroomId: boston,
    guestId,
    startsAt: '2026-03-14T14:00:00Z',
    confirmedAt: '2026-03-13T09:00:00Z',
    paidCents: 1200,
    cancelledAt: '2026-03-13T12:00:00Z',
  });
  // The previous period: one booking on the 5th.
  await insertBooking(ctx, cast.host.id, {
    bathroomId: boston,
    guestId,
    startsAt: '2026-03-06T15:00:00Z',
    confirmedAt: '2026-03-05T10:00:00Z',
    paidCents: 1200,
  });
  // A hold never paid is no booking.
  await db
    .insertInto('bookings')
    .values({
      bathroom_id: newYork,
      guest_id: guestId,
      status: 'pending_payment',
      starts_at: new Date('2026-03-15T15:00:00Z'),
      ends_at: new Date('2026-03-15T15:30:00Z'),
      duration_minutes: 30,
      cleaning_buffer_minutes: 0,
      hourly_price_cents: 2400,
      price_cents: 1200,
      hold_expires_at: new Date('2026-03-15T14:00:00Z'),
      created_at: new Date('2026-03-14T10:00:00Z'),
    })
    .execute();

  await db
    .insertInto('search_events')
    .values([
      {
        searched_hour: new Date('2026-03-11T14:00:00Z'),
        lat_e2: 4071,
        lng_e2: -7401,
        result_count: 0,
        kind: 'search',
      },
      {
        searched_hour: new Date('2026-03-11T15:00:00Z'),
        lat_e2: 4071,
        lng_e2: -7401,
        result_count: 0,
        kind: 'go_now',
      },
      {
        searched_hour: new Date('2026-03-11T15:00:00Z'),
        lat_e2: 4075,
        lng_e2: -7399,
        result_count: 5,
        kind: 'search',
      },
      {
        searched_hour: new Date('2026-03-04T09:00:00Z'),
        lat_e2: 4236,
        lng_e2: -7106,
        result_count: 2,
        kind: 'search',
      },
    ])
    .execute();

  // Sign-ups: everyone long ago, but two guests in the period and one account in the previous one.
  await db
    .updateTable('profiles')
    .set({ created_at: new Date('2026-01-01T00:00:00Z') })
    .execute();
  await db
    .updateTable('profiles')
    .set({ created_at: new Date('2026-03-12T08:00:00Z') })
    .where('id', 'in', [cast.guest.id, cast.otherGuest.id])
    .execute();
  await db
    .updateTable('profiles')
    .set({ created_at: new Date('2026-03-04T08:00:00Z') })
    .where('id', '=', cast.otherHost.id)
    .execute();
  await db
    .insertInto('provider_requests')
    .values({
      user_id: cast.host.id,
      first_name: 'Hank',
      last_name: 'Host',
      email: 'host@example.com',
      status: 'approved',
      decided_at: new Date('2026-03-15T09:00:00Z'),
      created_at: new Date('2026-03-14T09:00:00Z'),
    })
    .execute();
  return { newYork, boston };
}
