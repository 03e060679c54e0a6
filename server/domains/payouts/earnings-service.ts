import {
  EARNINGS_CHART_PERIODS,
  EARNINGS_PAGE_SIZE,
  EARNINGS_PAYOUT_LINES,
  EARNINGS_PAYOUTS_SHOWN,
  type EarningBooking,
  type EarningsChart,
  type EarningsOverview,
  type EarningsPayout,
  type EarningsStatus,
  type EarningsUnit,
  type MonthlyStatement,
} from '../../../common/schemas/earnings.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { earningsCsv } from './earnings-csv.ts';
import { coveringRange, localDate, nextMonth, periodLabel, periodStarts } from './earnings-periods.ts';
import {
  countEarningBookings,
  countPayoutBookings,
  type EarningBookingRow,
  findHostTimeZone,
  findLedgerMark,
  hasLedgerEntries,
  listActiveMonths,
  listEarningBookings,
  listHostPayouts,
  listPayoutBookings,
  type PayoutRow,
  sumEarningsByPeriod,
} from './earnings-repository.ts';
import { sumHostLedger } from './ledger-repository.ts';

/**
 * /earnings (ADR 132): a host's totals, chart, bookings, payouts, CSV and monthly statements, all
 * read from the ledger (ADR 128). The viewer's own only: a provider, or anyone the ledger holds
 * money for (a host whose provider rights were revoked still sees what is owed and paid).
 */

export type EarningsViewer = {
  userId: string;
  isProvider: boolean;
  /** A linked Stripe Connect account (spec §4: connected and with an id). */
  linked: boolean;
  name: string;
  email: string | null;
};

export const NOT_A_HOST_MESSAGE =
  'Earnings are for hosts. Apply to become one at /become-a-provider, list your bathroom, and your earnings show here.';

async function requireHost(db: Db, viewer: EarningsViewer): Promise<void> {
  if (viewer.isProvider) return;
  if (await hasLedgerEntries(db, viewer.userId)) return;
  throw new AppError('forbidden', NOT_A_HOST_MESSAGE);
}

/** Whether /earnings shows the viewer earnings, or how to become a host. */
export async function canSeeEarnings(db: Db, viewer: Pick<EarningsViewer, 'userId' | 'isProvider'>) {
  return viewer.isProvider || hasLedgerEntries(db, viewer.userId);
}

function earningsStatusOf(row: EarningBookingRow): EarningsStatus {
  if (!row.released) return 'pending';
  if (row.payout_status === 'paid') return 'paid';
  if (row.payout_status === 'pending') return 'in_transit';
  return 'payable';
}

export function toEarningBooking(row: EarningBookingRow): EarningBooking {
  return {
    id: row.id,
    bathroomId: row.bathroom_id,
    bathroomTitle: row.bathroom_title,
    startsAt: new Date(row.starts_at).toISOString(),
    bookingStatus: row.status,
    commissionPercent: row.commission_bps / 100,
    grossCents: row.gross_cents,
    commissionCents: row.gross_cents - row.refunded_cents - row.net_cents,
    refundedCents: row.refunded_cents,
    netCents: row.net_cents,
    earningsStatus: earningsStatusOf(row),
    payoutId: row.payout_id,
  };
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

async function payoutsWithBookings(
  db: Db,
  payouts: PayoutRow[],
  perPayout?: number,
): Promise<EarningsPayout[]> {
  const ids = payouts.map((payout) => payout.id);
  const [lines, counts] = await Promise.all([
    listPayoutBookings(db, ids, perPayout),
    countPayoutBookings(db, ids),
  ]);
  return payouts.map((payout) => ({
    id: payout.id,
    amountCents: payout.amount_cents,
    status: payout.status as EarningsPayout['status'],
    createdAt: new Date(payout.created_at).toISOString(),
    sentAt: iso(payout.sent_at),
    failedAt: iso(payout.failed_at),
    bookingCount: counts.get(payout.id) ?? 0,
    bookings: lines
      .filter((line) => line.payout_id === payout.id)
      .map((line) => ({
        bookingId: line.booking_id,
        bathroomTitle: line.bathroom_title,
        startsAt: new Date(line.starts_at).toISOString(),
        amountCents: line.amount_cents,
      })),
  }));
}

async function earningsChart(
  db: Db,
  hostId: string,
  unit: EarningsUnit,
  timeZone: string,
  now: Date,
): Promise<EarningsChart> {
  const starts = periodStarts(unit, localDate(now, timeZone), EARNINGS_CHART_PERIODS);
  // Bookings open 60 days ahead: the current period may hold some still to come.
  const range = coveringRange(
    starts[0] as string,
    localDate(new Date(now.getTime() + 62 * 86_400_000), 'UTC'),
  );
  const rows = await sumEarningsByPeriod(db, hostId, { unit, timeZone, ...range });
  const known = new Set(starts);
  const series = new Map<string, string>();
  const cents = new Map(starts.map((start) => [start, {} as Record<string, number>]));
  for (const row of rows) {
    if (!known.has(row.period)) continue;
    series.set(row.bathroom_id, row.bathroom_title);
    const period = cents.get(row.period) as Record<string, number>;
    period[row.bathroom_id] = (period[row.bathroom_id] ?? 0) + row.net_cents;
  }
  return {
    unit,
    series: [...series].map(([key, title]) => ({ key, title })),
    periods: starts.map((start) => ({
      start,
      label: periodLabel(unit, start),
      cents: cents.get(start) ?? {},
    })),
  };
}

export async function earningsOverview(
  db: Db,
  viewer: EarningsViewer,
  options: { unit: EarningsUnit; page: number; now: Date },
): Promise<EarningsOverview> {
  await requireHost(db, viewer);
  const hostId = viewer.userId;
  const timeZone = await findHostTimeZone(db, hostId);
  const [totals, chart, rows, total, payouts, months] = await Promise.all([
    sumHostLedger(db, hostId),
    earningsChart(db, hostId, options.unit, timeZone, options.now),
    listEarningBookings(db, hostId, {
      limit: EARNINGS_PAGE_SIZE,
      offset: (options.page - 1) * EARNINGS_PAGE_SIZE,
    }),
    countEarningBookings(db, hostId),
    listHostPayouts(db, hostId, { limit: EARNINGS_PAYOUTS_SHOWN }).then((list) =>
      payoutsWithBookings(db, list, EARNINGS_PAYOUT_LINES),
    ),
    listActiveMonths(db, hostId, timeZone),
  ]);
  return {
    timeZone,
    totals,
    chart,
    bookings: { rows: rows.map(toEarningBooking), page: options.page, pageSize: EARNINGS_PAGE_SIZE, total },
    payouts,
    months,
    connect: { linked: viewer.linked },
  };
}

/** Every paid booking starting in the month on the host's wall clock, newest first. */
async function bookingsOfMonth(db: Db, hostId: string, month: string, timeZone: string) {
  const rows = await listEarningBookings(db, hostId, {
    range: coveringRange(`${month}-01`, nextMonth(month)),
  });
  return rows
    .filter((row) => localDate(new Date(row.starts_at), timeZone).startsWith(month))
    .map(toEarningBooking);
}

/** The CSV of every paid booking, or of one month's. */
export async function earningsCsvOf(db: Db, viewer: EarningsViewer, month?: string) {
  await requireHost(db, viewer);
  const timeZone = await findHostTimeZone(db, viewer.userId);
  const rows = month
    ? await bookingsOfMonth(db, viewer.userId, month, timeZone)
    : (await listEarningBookings(db, viewer.userId, {})).map(toEarningBooking);
  return {
    filename: `privy-earnings${month ? `-${month}` : ''}.csv`,
    body: earningsCsv(rows, timeZone),
  };
}

/** A month's statement: the bookings that started in it, their money, and the payouts made in it. */
export async function monthlyStatement(
  db: Db,
  viewer: EarningsViewer,
  month: string,
): Promise<MonthlyStatement> {
  await requireHost(db, viewer);
  const timeZone = await findHostTimeZone(db, viewer.userId);
  const bookings = await bookingsOfMonth(db, viewer.userId, month, timeZone);
  const payoutRows = (
    await listHostPayouts(db, viewer.userId, {
      limit: 1000,
      range: coveringRange(`${month}-01`, nextMonth(month)),
    })
  ).filter((payout) => localDate(new Date(payout.created_at), timeZone).startsWith(month));
  const payouts = await payoutsWithBookings(db, payoutRows);
  const sum = (pick: (row: EarningBooking) => number) =>
    bookings.reduce((total, row) => total + pick(row), 0);
  return {
    month,
    timeZone,
    host: { name: viewer.name, email: viewer.email },
    totals: {
      bookings: bookings.length,
      grossCents: sum((row) => row.grossCents),
      commissionCents: sum((row) => row.commissionCents),
      refundedCents: sum((row) => row.refundedCents),
      netCents: sum((row) => row.netCents),
      paidOutCents: payouts
        .filter((payout) => payout.status === 'paid')
        .reduce((total, payout) => total + payout.amountCents, 0),
    },
    bookings,
    payouts,
  };
}

/** How long a cached read may serve at most (titles and booking states change without the ledger). */
const CACHE_MS = 60_000;
const CACHE_ENTRIES = 500;

/**
 * A host's /earnings read costs a few hundred milliseconds of sums at 10,000 bookings on PGlite
 * (docs/PERFORMANCE.md, "Earnings"). Each process keeps the last reads, keyed by host, view and
 * the host's local date, and serves one again only while the host's ledger mark (their newest
 * ledger row, one index lookup) is the same: any payment, refund, release or payout step moves
 * it, in whichever process it happened.
 */
function createMarkedCache<T>() {
  const entries = new Map<string, { mark: string; at: number; value: T }>();
  return {
    get(key: string, mark: string, now: number) {
      const hit = entries.get(key);
      if (!hit || hit.mark !== mark || now - hit.at > CACHE_MS) return null;
      return hit.value;
    },
    set(key: string, mark: string, now: number, value: T) {
      entries.delete(key);
      entries.set(key, { mark, at: now, value });
      // Oldest first in a Map: drop the oldest beyond the bound.
      while (entries.size > CACHE_ENTRIES) entries.delete(entries.keys().next().value as string);
    },
  };
}

export function createEarningsService(deps: { db: Db; now: () => Date }) {
  const { db } = deps;
  const cache = createMarkedCache<EarningsOverview>();
  const totalsCache = createMarkedCache<Awaited<ReturnType<typeof sumHostLedger>>>();
  return {
    canSee: (viewer: Pick<EarningsViewer, 'userId' | 'isProvider'>) => canSeeEarnings(db, viewer),
    async overview(viewer: EarningsViewer, options: { unit: EarningsUnit; page: number }) {
      const now = deps.now();
      const [mark, timeZone] = await Promise.all([
        findLedgerMark(db, viewer.userId),
        findHostTimeZone(db, viewer.userId),
      ]);
      const key = `${viewer.userId}|${options.unit}|${options.page}|${timeZone}|${localDate(now, timeZone)}`;
      const cached = mark !== '0' ? cache.get(key, mark, now.getTime()) : null;
      // The Connect state is the viewer's own, read with the session: never from the cache.
      if (cached) return { ...cached, connect: { linked: viewer.linked } };
      const value = await earningsOverview(db, viewer, { ...options, now });
      cache.set(key, mark, now.getTime(), value);
      return value;
    },
    csv: (viewer: EarningsViewer, month?: string) => earningsCsvOf(db, viewer, month),
    statement: (viewer: EarningsViewer, month: string) => monthlyStatement(db, viewer, month),
    /** The ledger totals /dashboard shows a provider. */
    async totals(hostId: string) {
      const now = Date.now();
      const mark = await findLedgerMark(db, hostId);
      const cached = totalsCache.get(hostId, mark, now);
      if (cached) return cached;
      const totals = await sumHostLedger(db, hostId);
      totalsCache.set(hostId, mark, now, totals);
      return totals;
    },
  };
}

export type EarningsService = ReturnType<typeof createEarningsService>;

/** The viewer as the earnings service takes it, from the auth service's viewer. */
export function earningsViewerOf(viewer: {
  userId: string;
  email: string | null;
  profile: {
    is_provider: boolean;
    is_stripe_connected: boolean;
    stripe_connect_id: string | null;
    first_name: string;
    last_name: string;
  };
}): EarningsViewer {
  const { profile } = viewer;
  return {
    userId: viewer.userId,
    isProvider: profile.is_provider,
    linked: profile.is_stripe_connected && Boolean(profile.stripe_connect_id),
    name: `${profile.first_name} ${profile.last_name}`.trim(),
    email: viewer.email,
  };
}
