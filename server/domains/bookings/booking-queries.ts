import {
  ADMIN_PAGE_SIZE,
  type AdminBookingsPage,
  type AdminBookingsQuery,
} from '../../../common/schemas/admin.ts';
import {
  type BookingDetail,
  type BookingListItem,
  type GuestTabName,
  HOST_FILTERS,
  type HostFilter,
} from '../../../common/schemas/booking-pages.ts';
import type { BookingView } from '../../../common/schemas/bookings.ts';
import type { Db } from '../../db/database.ts';
import type { BookingStatus } from '../../db/types.ts';
import { AppError } from '../../http/errors.ts';
import {
  countGuestBookingsByTab,
  countHostBookingsByFilter,
  findBookingDetail,
  findHostTimezone,
  listAllBookings,
  listGuestBookings,
  listHostBookings,
  listHostBookingsOnDays,
} from './queries-repository.ts';
import { listBookingRefunds } from './refunds-repository.ts';

/**
 * What the booking pages read (ADR 092). Who may see what: a booking's guest, the host of its
 * bathroom and admins; the exact address goes to the guest of a confirmed booking and to the host,
 * the access instructions to that guest alone.
 */

type Actor = { userId: string; isAdmin: boolean };

const HOST_STATUSES: Record<HostFilter, readonly BookingStatus[]> = {
  upcoming: ['pending_payment', 'confirmed', 'checked_in'],
  confirmed: ['confirmed'],
  checked_in: ['checked_in'],
  completed: ['completed'],
  cancelled: ['cancelled', 'expired'],
  all: ['pending_payment', 'confirmed', 'checked_in', 'completed', 'cancelled', 'expired'],
};

type ListRow =
  | Awaited<ReturnType<typeof listHostBookings>>[number]
  | Awaited<ReturnType<typeof listHostBookingsOnDays>>[number]
  | Awaited<ReturnType<typeof listGuestBookings>>[number];

/** What "today" on the dashboard counts: paid bookings; unpaid holds come and go in minutes. */
const TODAY_STATUSES: readonly BookingStatus[] = ['confirmed', 'checked_in', 'completed'];

/** 'YYYY-MM-DD' plus n days (calendar arithmetic in UTC, which has no daylight saving). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function toListItem(row: ListRow): BookingListItem {
  return {
    id: row.id,
    bathroom_id: row.bathroom_id,
    bathroom_title: row.bathroom_title,
    timezone: row.timezone,
    city: row.city,
    state_code: row.state_code,
    status: row.status,
    starts_at: new Date(row.starts_at).toISOString(),
    ends_at: new Date(row.ends_at).toISOString(),
    duration_minutes: row.duration_minutes,
    price_cents: row.price_cents,
    amount_refunded_cents: row.amount_refunded_cents,
    amount_refund_settled_cents: row.amount_refund_settled_cents,
    // Only an unpaid hold has an expiry that means anything to the reader.
    hold_expires_at:
      row.status === 'pending_payment' && row.hold_expires_at
        ? new Date(row.hold_expires_at).toISOString()
        : null,
    ...('guest_first_name' in row ? { guest_first_name: row.guest_first_name ?? null } : {}),
  };
}

/**
 * A host is not shown holds that ran out: they are not bookings, and will be expired (or, if paid
 * at the last moment, confirmed) within minutes (ADR 115).
 */
function withoutLapsedHolds(items: BookingListItem[], now: Date): BookingListItem[] {
  return items.filter(
    (item) =>
      item.status !== 'pending_payment' ||
      (item.hold_expires_at !== null && new Date(item.hold_expires_at) > now),
  );
}

export function createBookingQueries(deps: {
  db: Db;
  now: () => Date;
  /** The booking as its guest, host or an admin may see it (404 for anyone else). */
  visibleBooking: (actor: Actor, bookingId: string) => Promise<BookingView & { host_id?: string }>;
  hostOf: (bookingId: string) => Promise<string | null>;
}) {
  const { db } = deps;
  return {
    async listForGuest(actor: Actor, tab: GuestTabName): Promise<BookingListItem[]> {
      return (await listGuestBookings(db, actor.userId, tab, deps.now())).map(toListItem);
    },

    /** How many bookings each tab of /bookings holds (the tabs show them). */
    async countsForGuest(actor: Actor): Promise<Record<GuestTabName, number>> {
      return countGuestBookingsByTab(db, actor.userId, deps.now());
    },

    /**
     * How many bookings each status filter of /manage/bookings holds, over what the list shows:
     * the rolling list (upcoming from now, the others 90 days back) or one week.
     */
    async countsForHost(
      actor: Actor,
      filter: { bathroomId?: string | undefined; week?: string | undefined },
    ): Promise<Record<HostFilter, number>> {
      const hostId = actor.isAdmin ? null : actor.userId;
      if (filter.week) {
        const rows = await listHostBookingsOnDays(db, {
          hostId,
          bathroomId: filter.bathroomId,
          statuses: HOST_STATUSES.all,
          days: { from: filter.week, to: addDays(filter.week, 6) },
        });
        const count = (name: HostFilter) =>
          rows.filter((row) => HOST_STATUSES[name].includes(row.status)).length;
        return Object.fromEntries(HOST_FILTERS.map((name) => [name, count(name)])) as Record<
          HostFilter,
          number
        >;
      }
      return countHostBookingsByFilter(db, {
        hostId,
        ...(filter.bathroomId ? { bathroomId: filter.bathroomId } : {}),
        now: deps.now(),
        since: new Date(deps.now().getTime() - 90 * 86_400_000),
      });
    },

    /** A host's bookings (an admin sees every host's); the last day's past ones stay visible. */
    async listForHost(
      actor: Actor,
      filter: { status: HostFilter; bathroomId?: string | undefined; week?: string | undefined },
    ) {
      if (filter.week) {
        const rows = await listHostBookingsOnDays(db, {
          hostId: actor.isAdmin ? null : actor.userId,
          bathroomId: filter.bathroomId,
          statuses: HOST_STATUSES[filter.status],
          days: { from: filter.week, to: addDays(filter.week, 6) },
        });
        return withoutLapsedHolds(rows.map(toListItem), deps.now());
      }
      const from =
        filter.status === 'upcoming' ? deps.now() : new Date(deps.now().getTime() - 90 * 86_400_000);
      const rows = await listHostBookings(db, {
        hostId: actor.isAdmin ? null : actor.userId,
        ...(filter.bathroomId ? { bathroomId: filter.bathroomId } : {}),
        statuses: HOST_STATUSES[filter.status],
        from,
      });
      return withoutLapsedHolds(rows.map(toListItem), deps.now());
    },

    /** /admin/bookings: every booking, most recently made first (admins only). */
    async listForAdmin(actor: Actor, query: AdminBookingsQuery): Promise<AdminBookingsPage> {
      if (!actor.isAdmin) throw new AppError('forbidden', 'Only admins can list every booking.');
      const { rows, total } = await listAllBookings(db, {
        q: query.q || undefined,
        statuses: HOST_STATUSES[query.status],
        limit: ADMIN_PAGE_SIZE,
        offset: (query.page - 1) * ADMIN_PAGE_SIZE,
      });
      const name = (first: string | null, last: string | null, email: string | null) =>
        [first, last].filter(Boolean).join(' ') || email || 'Unnamed';
      return {
        bookings: rows.map((row) => ({
          ...toListItem(row),
          amount_paid_cents: row.amount_paid_cents,
          guest_id: row.guest_id,
          guest_name: name(row.guest_first_name, row.guest_last_name, row.guest_email),
          host_id: row.host_id,
          host_name: name(row.host_first_name, row.host_last_name, row.host_email),
          created_at: new Date(row.created_at).toISOString(),
        })),
        total,
        page: query.page,
        page_size: ADMIN_PAGE_SIZE,
      };
    },

    /**
     * The dashboard's "Today's bookings": paid bookings of the actor's own bathrooms starting on
     * today's date in each bathroom's zone. Admins too see only their own here: it is their day.
     */
    async todayForHost(actor: Actor): Promise<BookingListItem[]> {
      const rows = await listHostBookingsOnDays(db, {
        hostId: actor.userId,
        statuses: TODAY_STATUSES,
        days: { todayAt: deps.now() },
      });
      return rows.map(toListItem);
    },

    /** Today's date ('YYYY-MM-DD') on the wall clock of the actor's newest bathroom, else in UTC. */
    async hostToday(actor: Actor): Promise<string> {
      const timeZone = (await findHostTimezone(db, actor.userId)) ?? 'UTC';
      return new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(deps.now());
    },

    async detail(actor: Actor, bookingId: string): Promise<BookingDetail> {
      const booking = await deps.visibleBooking(actor, bookingId);
      const extra = await findBookingDetail(db, bookingId);
      const hostId = await deps.hostOf(bookingId);
      if (!extra || !hostId) throw new AppError('not_found', 'There is no such booking.');
      const role = booking.guest_id === actor.userId ? 'guest' : hostId === actor.userId ? 'host' : 'admin';
      const confirmed = booking.status === 'confirmed' || booking.status === 'checked_in';
      const seesAddress = (role === 'guest' && confirmed) || role === 'host';
      const refunds = await listBookingRefunds(db, bookingId);
      return {
        ...booking,
        role,
        host_id: hostId,
        host_first_name: extra.host_first_name ?? null,
        guest_first_name: extra.guest_first_name ?? null,
        city: extra.city,
        state_code: extra.state_code,
        area: { latitude: extra.public_latitude, longitude: extra.public_longitude },
        address: seesAddress
          ? { formatted: extra.location.formatted, latitude: extra.latitude, longitude: extra.longitude }
          : null,
        access_instructions: role === 'guest' && confirmed ? extra.access_instructions || null : null,
        refunds: refunds.map((refund) => ({
          amount_cents: refund.amount_cents,
          status: refund.status,
          created_at: new Date(refund.created_at).toISOString(),
        })),
      };
    },
  };
}
