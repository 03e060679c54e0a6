import { sql } from 'kysely';
import type { Executor } from './ledger-repository.ts';

/**
 * The read model of /earnings (ADR 132): what a host earned, booking by booking and period by
 * period, read from the ledger (ADR 128) with the booking and bathroom beside it. Reads only.
 *
 * A booking's figures are sums over its journals: gross is the payment captured, refunds what went
 * back to the guest, net the host's share left after them (the credits to host_pending and
 * host_payable from capture and refund journals), and commission what the platform kept
 * (gross − refunds − net).
 */

export type EarningsStatus = 'pending' | 'payable' | 'in_transit' | 'paid';

/** The zone the host's dates are shown in: their newest bathroom's, else UTC. */
export async function findHostTimeZone(db: Executor, hostId: string): Promise<string> {
  const row = await db
    .selectFrom('bathrooms')
    .select('timezone')
    .where('host_id', '=', hostId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.timezone ?? 'UTC';
}

/**
 * The host's newest ledger row: every event that moves their money (a payment, a refund, a
 * release, each payout step) adds rows, so an unchanged mark means unchanged figures.
 */
export async function findLedgerMark(db: Executor, hostId: string): Promise<string> {
  const row = await db
    .selectFrom('ledger_entries')
    .select('id')
    .where('host_id', '=', hostId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return String(row?.id ?? 0);
}

export async function hasLedgerEntries(db: Executor, hostId: string): Promise<boolean> {
  const row = await db
    .selectFrom('ledger_entries')
    .select('id')
    .where('host_id', '=', hostId)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/** The host's paid bookings (those with a capture), newest start first, or those starting in [from, to). */
function capturedBookings(db: Executor, hostId: string, range?: { from: Date; to: Date }) {
  let query = db
    .selectFrom('ledger_entries as c')
    .innerJoin('bookings as k', 'k.id', 'c.booking_id')
    .innerJoin('bathrooms as b', 'b.id', 'k.bathroom_id')
    .where('c.host_id', '=', hostId)
    .where('c.kind', '=', 'capture')
    .where('c.account', '=', 'cash');
  if (range) query = query.where('k.starts_at', '>=', range.from).where('k.starts_at', '<', range.to);
  return query;
}

export async function countEarningBookings(db: Executor, hostId: string): Promise<number> {
  const row = await capturedBookings(db, hostId)
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type EarningBookingRow = {
  id: string;
  bathroom_id: string;
  bathroom_title: string;
  starts_at: Date;
  ends_at: Date;
  status: string;
  commission_bps: number;
  gross_cents: number;
  refunded_cents: number;
  net_cents: number;
  released: boolean;
  payout_id: string | null;
  payout_status: string | null;
};

/** One page of bookings, or every booking in a range (the CSV, a statement), with its money. */
export async function listEarningBookings(
  db: Executor,
  hostId: string,
  options: { limit?: number; offset?: number; range?: { from: Date; to: Date } },
): Promise<EarningBookingRow[]> {
  let query = capturedBookings(db, hostId, options.range)
    .select([
      'k.id',
      'k.bathroom_id',
      'b.title as bathroom_title',
      'k.starts_at',
      'k.ends_at',
      'k.status',
      'k.commission_bps',
      'c.amount_cents as gross_cents',
    ])
    .orderBy('k.starts_at', 'desc')
    .orderBy('k.id');
  if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
  const bookings = await query.execute();
  if (!bookings.length) return [];
  const ids = bookings.map((row) => row.id);
  const [sums, payouts] = await Promise.all([
    db
      .selectFrom('ledger_entries')
      .select([
        'booking_id',
        sql<string>`coalesce(-sum(amount_cents) filter (where kind = 'refund' and account = 'cash'), 0)`.as(
          'refunded',
        ),
        sql<string>`coalesce(-sum(amount_cents) filter (where kind in ('capture', 'refund') and account in ('host_pending', 'host_payable')), 0)`.as(
          'net',
        ),
        sql<boolean>`bool_or(kind = 'release')`.as('released'),
      ])
      .where('booking_id', 'in', ids)
      .groupBy('booking_id')
      .execute(),
    // The newest payout that carried the booking and did not fail (a failed one's balance is payable again).
    db
      .selectFrom('payout_bookings as pb')
      .innerJoin('payouts as p', 'p.id', 'pb.payout_id')
      .select(['pb.booking_id', 'p.id', 'p.status', 'p.created_at'])
      .where('pb.booking_id', 'in', ids)
      .where('p.status', '<>', 'failed')
      .orderBy('p.created_at', 'desc')
      .execute(),
  ]);
  const sumOf = new Map(sums.map((row) => [row.booking_id, row]));
  const payoutOf = new Map<string, { id: string; status: string }>();
  for (const row of payouts) if (!payoutOf.has(row.booking_id)) payoutOf.set(row.booking_id, row);
  return bookings.map((row) => {
    const sum = sumOf.get(row.id);
    const payout = payoutOf.get(row.id);
    return {
      ...row,
      gross_cents: Number(row.gross_cents),
      refunded_cents: Number(sum?.refunded ?? 0),
      net_cents: Number(sum?.net ?? 0),
      released: Boolean(sum?.released),
      payout_id: payout?.id ?? null,
      payout_status: payout?.status ?? null,
    };
  });
}

export type PeriodRow = { period: string; bathroom_id: string; bathroom_title: string; net_cents: number };

/**
 * The host's net earnings per bathroom and week (Monday) or month, by the booking's start on the
 * host's wall clock, for bookings starting in [from, to).
 */
export async function sumEarningsByPeriod(
  db: Executor,
  hostId: string,
  options: { unit: 'week' | 'month'; timeZone: string; from: Date; to: Date },
): Promise<PeriodRow[]> {
  const unit = options.unit === 'week' ? sql.lit('week') : sql.lit('month');
  const period = sql<string>`to_char(date_trunc(${unit}, k.starts_at at time zone ${options.timeZone}), 'YYYY-MM-DD')`;
  const rows = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('bookings as k', 'k.id', 'e.booking_id')
    .innerJoin('bathrooms as b', 'b.id', 'k.bathroom_id')
    .select([
      period.as('period'),
      'k.bathroom_id',
      'b.title as bathroom_title',
      sql<string>`-sum(e.amount_cents)`.as('net_cents'),
    ])
    .where('e.host_id', '=', hostId)
    .where('e.kind', 'in', ['capture', 'refund'])
    .where('e.account', 'in', ['host_pending', 'host_payable'])
    .where('k.starts_at', '>=', options.from)
    .where('k.starts_at', '<', options.to)
    // By position: the zone is a parameter, and PostgreSQL does not see two of them as one expression.
    .groupBy([sql`1`, 'k.bathroom_id', 'b.title'])
    .orderBy(sql`1`)
    .execute();
  return rows.map((row) => ({ ...row, net_cents: Number(row.net_cents) }));
}

export type PayoutRow = {
  id: string;
  amount_cents: number;
  status: string;
  created_at: Date;
  sent_at: Date | null;
  failed_at: Date | null;
};

/** The host's payouts, newest first, or those made in [from, to). */
export async function listHostPayouts(
  db: Executor,
  hostId: string,
  options: { limit: number; range?: { from: Date; to: Date } },
): Promise<PayoutRow[]> {
  let query = db
    .selectFrom('payouts')
    .select(['id', 'amount_cents', 'status', 'created_at', 'sent_at', 'failed_at'])
    .where('host_id', '=', hostId);
  if (options.range) {
    query = query.where('created_at', '>=', options.range.from).where('created_at', '<', options.range.to);
  }
  return query.orderBy('created_at', 'desc').limit(options.limit).execute();
}

export type PayoutBookingRow = {
  payout_id: string;
  booking_id: string;
  amount_cents: number;
  bathroom_title: string;
  starts_at: Date;
};

/** The bookings each payout carried, newest first; at most `perPayout` of each when given. */
export async function listPayoutBookings(
  db: Executor,
  payoutIds: string[],
  perPayout?: number,
): Promise<PayoutBookingRow[]> {
  if (!payoutIds.length) return [];
  const rows = db
    .selectFrom('payout_bookings as pb')
    .innerJoin('bookings as k', 'k.id', 'pb.booking_id')
    .innerJoin('bathrooms as b', 'b.id', 'k.bathroom_id')
    .select([
      'pb.payout_id',
      'pb.booking_id',
      'pb.amount_cents',
      'b.title as bathroom_title',
      'k.starts_at',
      sql<number>`row_number() over (partition by pb.payout_id order by k.starts_at desc)`.as('position'),
    ])
    .where('pb.payout_id', 'in', payoutIds);
  const query = db.selectFrom(rows.as('r')).selectAll();
  return (perPayout ? query.where('r.position', '<=', perPayout) : query)
    .orderBy('r.starts_at', 'desc')
    .execute();
}

/** How many bookings each payout carried. */
export async function countPayoutBookings(db: Executor, payoutIds: string[]): Promise<Map<string, number>> {
  if (!payoutIds.length) return new Map();
  const rows = await db
    .selectFrom('payout_bookings')
    .select(['payout_id', sql<string>`count(*)`.as('n')])
    .where('payout_id', 'in', payoutIds)
    .groupBy('payout_id')
    .execute();
  return new Map(rows.map((row) => [row.payout_id, Number(row.n)]));
}

/** The months (YYYY-MM, on the host's wall clock) in which the host has paid bookings, newest first. */
export async function listActiveMonths(db: Executor, hostId: string, timeZone: string): Promise<string[]> {
  const month = sql<string>`to_char(k.starts_at at time zone ${timeZone}, 'YYYY-MM')`;
  const rows = await capturedBookings(db, hostId)
    .select(month.as('month'))
    .groupBy(sql`1`)
    .orderBy(sql`1`, 'desc')
    .limit(36)
    .execute();
  return rows.map((row) => row.month);
}
