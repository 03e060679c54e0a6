import { sql } from 'kysely';
import { containsPattern } from '../../db/like-pattern.ts';
import type { BookingStatus } from '../../db/types.ts';
import type { Executor } from './repository.ts';

/**
 * SQL for the booking pages' reads (ADR 092): a guest's tabs, a host's list, one booking's page,
 * and the host's day views ("today" and a week calendar). Days are the bathroom's own
 * calendar days, so the test runs in SQL against each bathroom's zone rather than in UTC.
 */

/** Either a span of local dates ('YYYY-MM-DD', inclusive) or the local "today" as of `now`. */
export type LocalDays = { from: string; to: string } | { todayAt: Date };

const DAY_MS = 86_400_000;

export async function listHostBookingsOnDays(
  db: Executor,
  filter: {
    /** null: every host's (admins). */
    hostId: string | null;
    bathroomId?: string | undefined;
    statuses: readonly BookingStatus[];
    days: LocalDays;
  },
) {
  const { days } = filter;
  // A UTC window a day wider than the local one on each side (no zone is more than 14 h off),
  // so the starts_at index narrows the rows before the per-zone date test runs.
  const [low, high] =
    'todayAt' in days
      ? [new Date(days.todayAt.getTime() - DAY_MS), new Date(days.todayAt.getTime() + DAY_MS)]
      : [
          new Date(Date.parse(`${days.from}T00:00:00Z`) - DAY_MS),
          new Date(Date.parse(`${days.to}T00:00:00Z`) + 2 * DAY_MS),
        ];
  const localStart = sql<string>`(k.starts_at at time zone b.timezone)::date`;
  const onDays =
    'todayAt' in days
      ? sql<boolean>`${localStart} = (${days.todayAt.toISOString()}::timestamptz at time zone b.timezone)::date`
      : sql<boolean>`${localStart} between ${days.from}::date and ${days.to}::date`;
  return db
    .selectFrom('bookings as k')
    .innerJoin('bathrooms as b', 'b.id', 'k.bathroom_id')
    .leftJoin('profiles as g', 'g.id', 'k.guest_id')
    .select([
      'k.id',
      'k.bathroom_id',
      'k.status',
      'k.starts_at',
      'k.ends_at',
      'k.duration_minutes',
      'k.price_cents',
      'k.amount_refunded_cents',
      'k.amount_refund_settled_cents',
      'k.hold_expires_at',
      'b.title as bathroom_title',
      'b.timezone',
      'b.city',
      'b.state_code',
      'g.first_name as guest_first_name',
    ])
    .$if(filter.hostId !== null, (query) => query.where('b.host_id', '=', filter.hostId as string))
    .$if(filter.bathroomId !== undefined, (query) =>
      query.where('k.bathroom_id', '=', filter.bathroomId as string),
    )
    .where('k.status', 'in', filter.statuses)
    .where('k.starts_at', '>=', low)
    .where('k.starts_at', '<', high)
    .where(onDays)
    .orderBy('k.starts_at', 'asc')
    .limit(500)
    .execute();
}

/** The zone of the host's newest bathroom: whose wall clock "this week" follows for that host. */
export async function findHostTimezone(db: Executor, hostId: string): Promise<string | null> {
  const row = await db
    .selectFrom('bathrooms')
    .select('timezone')
    .where('host_id', '=', hostId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.timezone ?? null;
}

export type GuestTab = 'upcoming' | 'past' | 'cancelled';

const LIVE = ['pending_payment', 'confirmed', 'checked_in'] as const;

/** A guest's bookings on one tab of /bookings: upcoming soonest first, the others latest first. */
export async function listGuestBookings(db: Executor, guestId: string, tab: GuestTab, now: Date) {
  let query = db
    .selectFrom('bookings as k')
    .innerJoin('bathrooms as b', 'b.id', 'k.bathroom_id')
    .select([
      'k.id',
      'k.bathroom_id',
      'k.status',
      'k.starts_at',
      'k.ends_at',
      'k.duration_minutes',
      'k.price_cents',
      'k.amount_refunded_cents',
      'k.amount_refund_settled_cents',
      'k.hold_expires_at',
      'b.title as bathroom_title',
      'b.timezone',
      'b.city',
      'b.state_code',
    ])
    .where('k.guest_id', '=', guestId)
    .limit(100);
  if (tab === 'upcoming') {
    query = query.where('k.status', 'in', LIVE).where('k.ends_at', '>', now).orderBy('k.starts_at', 'asc');
  } else if (tab === 'past') {
    query = query
      .where((eb) =>
        eb.or([
          eb('k.status', '=', 'completed'),
          eb.and([eb('k.status', 'in', LIVE), eb('k.ends_at', '<=', now)]),
        ]),
      )
      .orderBy('k.starts_at', 'desc');
  } else {
    query = query.where('k.status', 'in', ['cancelled', 'expired']).orderBy('k.starts_at', 'desc');
  }
  return query.execute();
}

/** How many bookings each tab of /bookings holds, by the same rules as `listGuestBookings`. */
export async function countGuestBookingsByTab(db: Executor, guestId: string, now: Date) {
  const live = sql<boolean>`k.status in ('pending_payment', 'confirmed', 'checked_in')`;
  const row = await db
    .selectFrom('bookings as k')
    .select([
      sql<string>`count(*) filter (where ${live} and k.ends_at > ${now})`.as('upcoming'),
      sql<string>`count(*) filter (where k.status = 'completed' or (${live} and k.ends_at <= ${now}))`.as(
        'past',
      ),
      sql<string>`count(*) filter (where k.status in ('cancelled', 'expired'))`.as('cancelled'),
    ])
    .where('k.guest_id', '=', guestId)
    .executeTakeFirstOrThrow();
  return { upcoming: Number(row.upcoming), past: Number(row.past), cancelled: Number(row.cancelled) };
}

/**
 * How many bookings of a host's bathrooms (every host's for an admin) each status filter of
 * /manage/bookings holds: "upcoming" from `now`, the others from `since`, as `listHostBookings`.
 */
export async function countHostBookingsByFilter(
  db: Executor,
  filter: { hostId: string | null; bathroomId?: string; now: Date; since: Date },
) {
  const recent = sql<boolean>`k.ends_at > ${filter.since}`;
  const row = await db
    .selectFrom('bookings as k')
    .innerJoin('bathrooms as b', 'b.id', 'k.bathroom_id')
    .select([
      sql<string>`count(*) filter (where k.status in ('pending_payment', 'confirmed', 'checked_in') and k.ends_at > ${filter.now})`.as(
        'upcoming',
      ),
      sql<string>`count(*) filter (where k.status = 'confirmed' and ${recent})`.as('confirmed'),
      sql<string>`count(*) filter (where k.status = 'checked_in' and ${recent})`.as('checked_in'),
      sql<string>`count(*) filter (where k.status = 'completed' and ${recent})`.as('completed'),
      sql<string>`count(*) filter (where k.status in ('cancelled', 'expired') and ${recent})`.as('cancelled'),
      sql<string>`count(*) filter (where ${recent})`.as('all'),
    ])
    .$if(filter.hostId !== null, (query) => query.where('b.host_id', '=', filter.hostId as string))
    .$if(filter.bathroomId !== undefined, (query) =>
      query.where('k.bathroom_id', '=', filter.bathroomId as string),
    )
    .executeTakeFirstOrThrow();
  return {
    upcoming: Number(row.upcoming),
    confirmed: Number(row.confirmed),
    checked_in: Number(row.checked_in),
    completed: Number(row.completed),
    cancelled: Number(row.cancelled),
    all: Number(row.all),
  };
}

/** Bookings of a host's bathrooms (all bathrooms for an admin), with the guest's first name. */
export async function listHostBookings(
  db: Executor,
  filter: { hostId: string | null; bathroomId?: string; statuses: readonly BookingStatus[]; from: Date },
) {
  return db
    .selectFrom('bookings as k')
    .innerJoin('bathrooms as b', 'b.id', 'k.bathroom_id')
    .leftJoin('profiles as g', 'g.id', 'k.guest_id')
    .select([
      'k.id',
      'k.bathroom_id',
      'k.status',
      'k.starts_at',
      'k.ends_at',
      'k.duration_minutes',
      'k.price_cents',
      'k.amount_refunded_cents',
      'k.amount_refund_settled_cents',
      'k.hold_expires_at',
      'b.title as bathroom_title',
      'b.timezone',
      'b.city',
      'b.state_code',
      'g.first_name as guest_first_name',
    ])
    .$if(filter.hostId !== null, (query) => query.where('b.host_id', '=', filter.hostId as string))
    .$if(filter.bathroomId !== undefined, (query) =>
      query.where('k.bathroom_id', '=', filter.bathroomId as string),
    )
    .where('k.status', 'in', filter.statuses)
    .where('k.ends_at', '>', filter.from)
    .orderBy('k.starts_at', 'asc')
    .limit(300)
    .execute();
}

/** Everything the booking page shows; the caller decides what of it the viewer may see. */
export async function findBookingDetail(db: Executor, bookingId: string) {
  return db
    .selectFrom('bookings as k')
    .innerJoin('bathrooms as b', 'b.id', 'k.bathroom_id')
    .leftJoin('profiles as g', 'g.id', 'k.guest_id')
    .leftJoin('profiles as h', 'h.id', 'b.host_id')
    .select([
      'b.location',
      'b.latitude',
      'b.longitude',
      'b.public_latitude',
      'b.public_longitude',
      'b.access_instructions',
      'b.city',
      'b.state_code',
      'g.first_name as guest_first_name',
      'h.first_name as host_first_name',
    ])
    .where('k.id', '=', bookingId)
    .executeTakeFirst();
}

/**
 * /admin/bookings: one page of every booking, most recently made first, matching a text (bathroom
 * title, guest or host name or email, or the booking id) and statuses; with how many match in all.
 */
export async function listAllBookings(
  db: Executor,
  filter: { q?: string | undefined; statuses: readonly BookingStatus[]; limit: number; offset: number },
) {
  const needle = filter.q ? containsPattern(filter.q) : null;
  const matching = db
    .selectFrom('bookings as k')
    .innerJoin('bathrooms as b', 'b.id', 'k.bathroom_id')
    .innerJoin('profiles as g', 'g.id', 'k.guest_id')
    .innerJoin('user as gu', 'gu.id', 'k.guest_id')
    .innerJoin('profiles as h', 'h.id', 'b.host_id')
    .innerJoin('user as hu', 'hu.id', 'b.host_id')
    .where('k.status', 'in', filter.statuses)
    .$if(needle !== null, (query) =>
      query.where((eb) =>
        eb.or([
          eb('b.title', 'ilike', needle as string),
          eb(sql<string>`g.first_name || ' ' || g.last_name`, 'ilike', needle as string),
          eb('gu.email', 'ilike', needle as string),
          eb(sql<string>`h.first_name || ' ' || h.last_name`, 'ilike', needle as string),
          eb('hu.email', 'ilike', needle as string),
          eb(sql<string>`k.id::text`, '=', filter.q as string),
        ]),
      ),
    );
  const [rows, count] = await Promise.all([
    matching
      .select([
        'k.id',
        'k.bathroom_id',
        'k.status',
        'k.starts_at',
        'k.ends_at',
        'k.duration_minutes',
        'k.price_cents',
        'k.amount_paid_cents',
        'k.amount_refunded_cents',
        'k.amount_refund_settled_cents',
        'k.hold_expires_at',
        'k.guest_id',
        'k.created_at',
        'b.host_id',
        'b.title as bathroom_title',
        'b.timezone',
        'b.city',
        'b.state_code',
        'g.first_name as guest_first_name',
        'g.last_name as guest_last_name',
        'gu.email as guest_email',
        'h.first_name as host_first_name',
        'h.last_name as host_last_name',
        'hu.email as host_email',
      ])
      .orderBy('k.created_at', 'desc')
      .orderBy('k.id')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    matching.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
