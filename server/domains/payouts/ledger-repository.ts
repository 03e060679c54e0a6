import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, LedgerAccount, LedgerKind } from '../../db/types.ts';

/** The only place with SQL for the ledger (ADR 128). Entries are never updated or deleted. */

export type Executor = Db | Transaction<Database>;

export type JournalEntry = {
  account: LedgerAccount;
  amountCents: number;
};

export type Journal = {
  key: string;
  kind: LedgerKind;
  hostId: string;
  bookingId?: string | null;
  payoutId?: string | null;
  entries: JournalEntry[];
};

/**
 * Posts a journal once: its key is the event's, so a second post (a retried webhook, a resumed
 * run) finds the first and adds nothing. Returns whether this call posted it. Zero entries are
 * left out; the database checks at commit that the journal sums to zero.
 */
export async function insertJournal(trx: Transaction<Database>, journal: Journal): Promise<boolean> {
  const entries = journal.entries.filter((entry) => entry.amountCents !== 0);
  if (!entries.length) return false;
  const rows = await trx
    .insertInto('ledger_entries')
    .values(
      entries.map((entry) => ({
        journal_key: journal.key,
        kind: journal.kind,
        account: entry.account,
        host_id: journal.hostId,
        booking_id: journal.bookingId ?? null,
        payout_id: journal.payoutId ?? null,
        amount_cents: entry.amountCents,
      })),
    )
    .onConflict((conflict) => conflict.columns(['journal_key', 'account']).doNothing())
    .returning('id')
    .execute();
  if (rows.length !== 0 && rows.length !== entries.length) {
    throw new Error(`ledger journal ${journal.key} was partly posted before`);
  }
  return rows.length > 0;
}

/** What posting a booking's money needs: the payment, its split, and the ledger so far. */
export async function findBookingMoney(db: Executor, bookingId: string) {
  return db
    .selectFrom('bookings as k')
    .innerJoin('bathrooms as b', 'b.id', 'k.bathroom_id')
    .select((eb) => [
      'k.id',
      'b.host_id',
      'k.status',
      'k.amount_paid_cents',
      'k.commission_bps',
      eb
        .selectFrom('ledger_entries as e')
        .select(sql<string>`coalesce(sum(-e.amount_cents) filter (where e.account = 'cash'), 0)`.as('v'))
        .whereRef('e.booking_id', '=', 'k.id')
        .where('e.kind', '=', 'refund')
        .as('refunded_cents'),
      eb
        .selectFrom('ledger_entries as e')
        .select(
          sql<string>`coalesce(sum(e.amount_cents) filter (where e.account in ('host_pending', 'host_payable')), 0)`.as(
            'v',
          ),
        )
        .whereRef('e.booking_id', '=', 'k.id')
        .where('e.kind', '=', 'refund')
        .as('host_refunded_cents'),
      eb
        .selectFrom('ledger_entries as e')
        .select(sql<string>`coalesce(sum(e.amount_cents), 0)`.as('v'))
        .whereRef('e.booking_id', '=', 'k.id')
        .where('e.account', '=', 'host_pending')
        .as('pending_cents'),
      eb
        .selectFrom('ledger_entries as e')
        .select(sql<boolean>`count(*) > 0`.as('v'))
        .whereRef('e.booking_id', '=', 'k.id')
        .where('e.kind', '=', 'capture')
        .as('captured'),
      eb
        .selectFrom('ledger_entries as e')
        .select(sql<boolean>`count(*) > 0`.as('v'))
        .whereRef('e.booking_id', '=', 'k.id')
        .where('e.kind', '=', 'release')
        .as('released'),
    ])
    .where('k.id', '=', bookingId)
    .executeTakeFirst();
}

export async function findRefundAmount(db: Executor, refundId: string) {
  return db
    .selectFrom('booking_refunds')
    .select(['id', 'booking_id', 'amount_cents'])
    .where('id', '=', refundId)
    .executeTakeFirst();
}

/** The host's part of a posted refund (what a refund request records as taken from earnings). */
export async function findHostPartOfRefund(db: Executor, refundId: string): Promise<number | null> {
  const row = await db
    .selectFrom('ledger_entries')
    .select(
      sql<string>`sum(amount_cents) filter (where account in ('host_pending', 'host_payable'))`.as('host'),
    )
    .where('journal_key', '=', `refund:${refundId}`)
    .executeTakeFirst();
  return row?.host == null ? null : Number(row.host);
}

/** Cancelled bookings whose time is over with earnings still pending: the sweep releases them. */
export async function listReleasableCancellations(db: Executor, now: Date, limit: number) {
  return db
    .selectFrom('bookings as k')
    .select('k.id')
    .where('k.status', 'in', ['cancelled', 'expired'])
    .where('k.ends_at', '<=', now)
    .where('k.amount_paid_cents', '>', sql<number>`k.amount_refunded_cents`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('ledger_entries as e')
            .select(sql`1`.as('one'))
            .where('e.journal_key', '=', sql<string>`'release:' || k.id`),
        ),
      ),
    )
    .orderBy('k.ends_at')
    .limit(limit)
    .execute();
}

export type HostLedgerTotals = {
  pendingCents: number;
  payableCents: number;
  inTransitCents: number;
  paidCents: number;
  refundedCents: number;
  grossCents: number;
  commissionCents: number;
};

/**
 * A host's figures, each a sum over their rows: pending and payable are what the platform owes
 * (credits, so negated), paid is what left for their account, refunded what refunds took back.
 */
export async function sumHostLedger(db: Executor, hostId: string): Promise<HostLedgerTotals> {
  const row = await db
    .selectFrom('ledger_entries')
    .select([
      sql<string>`coalesce(-sum(amount_cents) filter (where account = 'host_pending'), 0)`.as('pending'),
      sql<string>`coalesce(-sum(amount_cents) filter (where account = 'host_payable'), 0)`.as('payable'),
      sql<string>`coalesce(-sum(amount_cents) filter (where account = 'payout_in_transit'), 0)`.as(
        'in_transit',
      ),
      sql<string>`coalesce(-sum(amount_cents) filter (where account = 'cash' and kind in ('payout_paid', 'payout_reversed')), 0)`.as(
        'paid',
      ),
      sql<string>`coalesce(sum(amount_cents) filter (where kind = 'refund' and account in ('host_pending', 'host_payable')), 0)`.as(
        'refunded',
      ),
      sql<string>`coalesce(sum(amount_cents) filter (where kind = 'capture' and account = 'cash'), 0)`.as(
        'gross',
      ),
      sql<string>`coalesce(-sum(amount_cents) filter (where account = 'commission'), 0)`.as('commission'),
    ])
    .where('host_id', '=', hostId)
    .executeTakeFirstOrThrow();
  return {
    pendingCents: Number(row.pending),
    payableCents: Number(row.payable),
    inTransitCents: Number(row.in_transit),
    paidCents: Number(row.paid),
    refundedCents: Number(row.refunded),
    grossCents: Number(row.gross),
    commissionCents: Number(row.commission),
  };
}

/** Journals that do not sum to zero (the deferred trigger makes this empty; a check proves it). */
export async function listUnbalancedJournals(db: Executor) {
  return db
    .selectFrom('ledger_entries')
    .select(['journal_key', sql<string>`sum(amount_cents)`.as('total')])
    .groupBy('journal_key')
    .having(sql`sum(amount_cents)`, '<>', 0)
    .execute();
}

/** Bookings whose entries do not sum to zero over every journal that names them. */
export async function listUnbalancedBookings(db: Executor) {
  return db
    .selectFrom('ledger_entries')
    .select(['booking_id', sql<string>`sum(amount_cents)`.as('total')])
    .where('booking_id', 'is not', null)
    .groupBy('booking_id')
    .having(sql`sum(amount_cents)`, '<>', 0)
    .execute();
}

/**
 * Captures (and, for bookings already over, releases) of many paid bookings at once, with the
 * arithmetic of splitCapture in SQL (half a cent rounds up): the demo seed's thousands of past
 * visits, which one postCapture and postRelease each would slow by seconds. No refunds: a booking
 * with one goes through postRefund. Journals already posted are left alone.
 */
export async function insertSettledJournals(
  trx: Transaction<Database>,
  bookingIds: string[],
): Promise<number> {
  if (!bookingIds.length) return 0;
  const ids = sql.join(bookingIds.map((id) => sql`${id}::uuid`));
  const captured = await sql`
    insert into ledger_entries (journal_key, kind, account, host_id, booking_id, amount_cents, created_at)
    select 'capture:' || f.id, 'capture', e.account, f.host_id, f.id, e.amount, f.captured_at
      from (select k.id, b.host_id, k.amount_paid_cents as paid,
                   (k.amount_paid_cents::bigint * k.commission_bps + 5000) / 10000 as commission,
                   coalesce(k.confirmed_at, k.created_at) as captured_at
              from bookings k join bathrooms b on b.id = k.bathroom_id
             where k.id in (${ids}) and k.amount_paid_cents > 0 and k.amount_refunded_cents = 0) f
     cross join lateral (values ('cash', f.paid), ('commission', -f.commission),
                                ('host_pending', -(f.paid - f.commission))) as e (account, amount)
     where e.amount <> 0
    on conflict (journal_key, account) do nothing`.execute(trx);
  await sql`
    insert into ledger_entries (journal_key, kind, account, host_id, booking_id, amount_cents, created_at)
    select 'release:' || p.booking_id, 'release', e.account, p.host_id, p.booking_id, e.amount, p.released_at
      from (select l.booking_id, l.host_id, -sum(l.amount_cents) as left_pending,
                   coalesce(k.completed_at, k.ends_at) as released_at
              from ledger_entries l join bookings k on k.id = l.booking_id
             where l.booking_id in (${ids}) and l.account = 'host_pending' and k.status = 'completed'
             group by l.booking_id, l.host_id, k.completed_at, k.ends_at
            having sum(l.amount_cents) <> 0) p
     cross join lateral (values ('host_pending', p.left_pending), ('host_payable', -p.left_pending)) as e (account, amount)
    on conflict (journal_key, account) do nothing`.execute(trx);
  return Number(captured.numAffectedRows ?? 0);
}

/**
 * The platform's money since an instant (the admin dashboard, ADR 133): what guests paid, what went
 * back to them, and the commission kept net of refunds. Served by ledger_entries_created_at_idx.
 */
export async function sumPlatformLedgerSince(db: Executor, since: Date) {
  const row = await db
    .selectFrom('ledger_entries')
    .select([
      sql<string>`coalesce(sum(amount_cents) filter (where account = 'cash' and kind = 'capture'), 0)`.as(
        'gross',
      ),
      sql<string>`coalesce(-sum(amount_cents) filter (where account = 'cash' and kind = 'refund'), 0)`.as(
        'refunded',
      ),
      sql<string>`coalesce(-sum(amount_cents) filter (where account = 'commission'), 0)`.as('commission'),
    ])
    .where('account', 'in', ['cash', 'commission'])
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return {
    grossCents: Number(row.gross),
    refundedCents: Number(row.refunded),
    commissionCents: Number(row.commission),
  };
}
