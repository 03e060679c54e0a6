import { sql, type Transaction } from 'kysely';
import type { Database, PayoutStatus } from '../../db/types.ts';
import type { Executor } from './ledger-repository.ts';

/** The only place with SQL for payouts (ADR 129). Balances come from the ledger (ADR 128). */

/**
 * Serialises everything that pays one host: two "Pay all" runs, the weekly job and an admin's
 * "Pay" meet here, and the second reads the balance only after the first has moved it to transit.
 */
export async function lockHostForPayout(trx: Transaction<Database>, hostId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`payout:${hostId}`}, 0))`.execute(trx);
}

/** What the platform owes the host now: the credit on host_payable (negative after a late refund). */
export async function sumPayable(db: Executor, hostId: string): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select(sql<string>`coalesce(-sum(amount_cents), 0)`.as('payable'))
    .where('host_id', '=', hostId)
    .where('account', '=', 'host_payable')
    .executeTakeFirstOrThrow();
  return Number(row.payable);
}

/**
 * The bookings whose payable rows make up the balance: what each released (less refunds after
 * that), less what a pending or paid payout already carried of it. Failed and reversed payouts
 * carried nothing, so their bookings are payable again.
 */
export async function listOutstandingBookings(db: Executor, hostIds: readonly string[]) {
  if (!hostIds.length) return [];
  const carried = db
    .selectFrom('payout_bookings as pb')
    .innerJoin('payouts as p', 'p.id', 'pb.payout_id')
    .select(['pb.booking_id', sql<string>`sum(pb.amount_cents)`.as('carried')])
    .where('p.status', 'in', ['pending', 'paid'])
    .where('p.host_id', 'in', hostIds)
    .groupBy('pb.booking_id');
  const rows = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('bookings as k', 'k.id', 'e.booking_id')
    .innerJoin('bathrooms as b', 'b.id', 'k.bathroom_id')
    .leftJoin(carried.as('c'), 'c.booking_id', 'e.booking_id')
    .select([
      'e.host_id',
      'k.id as booking_id',
      'k.starts_at',
      'k.status',
      'b.title as bathroom_title',
      sql<string>`-sum(e.amount_cents) - coalesce(max(c.carried), 0)`.as('amount'),
    ])
    .where('e.account', '=', 'host_payable')
    .where('e.host_id', 'in', hostIds)
    .groupBy(['e.host_id', 'k.id', 'k.starts_at', 'k.status', 'b.title'])
    .having(sql`-sum(e.amount_cents) - coalesce(max(c.carried), 0)`, '<>', 0)
    .orderBy('k.starts_at')
    .execute();
  return rows.map((row) => ({ ...row, amount_cents: Number(row.amount) }));
}

export type PayableHost = {
  host_id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  stripe_connect_id: string | null;
  is_stripe_connected: boolean;
  payable_cents: number;
  pending_payout_id: string | null;
};

/** Every host whose payable balance is not zero, or who has a payout in flight; largest first. */
export async function listPayableHosts(db: Executor, options: { limit?: number } = {}) {
  const balances = db
    .selectFrom('ledger_entries')
    .select(['host_id', sql<string>`-sum(amount_cents)`.as('payable')])
    .where('account', '=', 'host_payable')
    .groupBy('host_id');
  const rows = await db
    .selectFrom(balances.as('l'))
    .innerJoin('profiles as p', 'p.id', 'l.host_id')
    .innerJoin('user as u', 'u.id', 'l.host_id')
    .select([
      'l.host_id',
      'p.first_name',
      'p.last_name',
      'u.email',
      'p.stripe_connect_id',
      'p.is_stripe_connected',
      'l.payable',
      (eb) =>
        eb
          .selectFrom('payouts as q')
          .select('q.id')
          .whereRef('q.host_id', '=', 'l.host_id')
          .where('q.status', '=', 'pending')
          .as('pending_payout_id'),
    ])
    .where((eb) =>
      eb.or([
        eb('l.payable', '<>', sql<string>`0`),
        eb.exists(
          eb
            .selectFrom('payouts as q')
            .select(sql`1`.as('one'))
            .whereRef('q.host_id', '=', 'l.host_id')
            .where('q.status', '=', 'pending'),
        ),
      ]),
    )
    .orderBy(sql`l.payable::bigint`, 'desc')
    .orderBy('l.host_id')
    .$if(options.limit !== undefined, (query) => query.limit(options.limit as number))
    .execute();
  return rows.map(
    (row): PayableHost => ({
      host_id: row.host_id,
      first_name: row.first_name,
      last_name: row.last_name,
      email: row.email,
      stripe_connect_id: row.stripe_connect_id,
      is_stripe_connected: row.is_stripe_connected,
      payable_cents: Number(row.payable),
      pending_payout_id: row.pending_payout_id ?? null,
    }),
  );
}

/** The hosts the ledger says have a positive payable balance: what "Pay all" walks. */
export async function listHostsWithPositivePayable(db: Executor): Promise<string[]> {
  const rows = await db
    .selectFrom('ledger_entries')
    .select('host_id')
    .where('account', '=', 'host_payable')
    .groupBy('host_id')
    .having(sql`sum(amount_cents)`, '<', 0)
    .orderBy('host_id')
    .execute();
  return rows.map((row) => row.host_id);
}

export async function findPayoutTarget(db: Executor, hostId: string) {
  return db
    .selectFrom('profiles')
    .select(['id', 'is_provider', 'stripe_connect_id', 'is_stripe_connected', 'is_deleted'])
    .where('id', '=', hostId)
    .executeTakeFirst();
}

export async function insertPayout(
  trx: Transaction<Database>,
  payout: {
    host_id: string;
    amount_cents: number;
    destination_account_id: string;
    requested_by: string | null;
    run_id: string | null;
  },
) {
  return trx.insertInto('payouts').values(payout).returningAll().executeTakeFirstOrThrow();
}

export async function insertPayoutBookings(
  trx: Transaction<Database>,
  rows: { payout_id: string; booking_id: string; amount_cents: number }[],
): Promise<void> {
  if (rows.length) await trx.insertInto('payout_bookings').values(rows).execute();
}

export async function findPayout(db: Executor, id: string) {
  return db.selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findPendingPayout(db: Executor, hostId: string) {
  return db
    .selectFrom('payouts')
    .selectAll()
    .where('host_id', '=', hostId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

export async function findPayoutByTransfer(db: Executor, transferId: string) {
  return db.selectFrom('payouts').selectAll().where('transfer_id', '=', transferId).executeTakeFirst();
}

/** Pending payouts (a run that died, or an answer that never came), oldest first. */
export async function listPendingPayoutIds(db: Executor, limit: number, before?: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('payouts')
    .select('id')
    .where('status', '=', 'pending')
    .$if(before !== undefined, (query) => query.where('updated_at', '<', before as Date))
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Counts an attempt before the provider is asked, so a crash mid-call still shows in attempts. */
export async function countAttempt(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('payouts')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), updated_at: sql<Date>`now()` }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

export async function noteUnknownOutcome(db: Executor, id: string, error: string): Promise<void> {
  await db
    .updateTable('payouts')
    .set({ last_error: error, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** Moves a payout on from `from`; undefined when it was not there any more (someone else did it). */
export async function settlePayout(
  trx: Transaction<Database>,
  id: string,
  from: PayoutStatus,
  to: { status: PayoutStatus; transfer_id?: string; last_error?: string | null; at: Date },
) {
  return trx
    .updateTable('payouts')
    .set({
      status: to.status,
      ...(to.transfer_id ? { transfer_id: to.transfer_id } : {}),
      ...(to.last_error !== undefined ? { last_error: to.last_error } : {}),
      ...(to.status === 'paid' ? { sent_at: to.at } : {}),
      ...(to.status === 'failed' ? { failed_at: to.at } : {}),
      updated_at: to.at,
    })
    .where('id', '=', id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst();
}

/** Claims the host's one notice of how the payout ended; false when they were told already. */
export async function claimPayoutNotice(trx: Transaction<Database>, id: string): Promise<boolean> {
  const row = await trx
    .updateTable('payouts')
    .set({ notified_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('notified_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/** Payout history, newest first, with the host's name. */
export async function listPayouts(db: Executor, options: { limit: number; hostId?: string }) {
  return db
    .selectFrom('payouts as p')
    .innerJoin('profiles as f', 'f.id', 'p.host_id')
    .select([
      'p.id',
      'p.host_id',
      'f.first_name',
      'f.last_name',
      'p.amount_cents',
      'p.status',
      'p.transfer_id',
      'p.attempts',
      'p.last_error',
      'p.run_id',
      'p.created_at',
      'p.sent_at',
      'p.failed_at',
      (eb) =>
        eb
          .selectFrom('payout_bookings as pb')
          .select(sql<string>`count(*)`.as('n'))
          .whereRef('pb.payout_id', '=', 'p.id')
          .as('booking_count'),
      // A failed payout can be retried until a later payout has paid its host.
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('payouts as later')
              .select(sql`1`.as('one'))
              .whereRef('later.host_id', '=', 'p.host_id')
              .whereRef('later.created_at', '>', 'p.created_at')
              .where('later.status', 'in', ['pending', 'paid']),
          )
          .as('superseded'),
    ])
    .$if(options.hostId !== undefined, (query) => query.where('p.host_id', '=', options.hostId as string))
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id')
    .limit(options.limit)
    .execute();
}

/** The connected account's host, for Connect events that name only the account. */
export async function findHostByAccount(db: Executor, accountId: string) {
  return db.selectFrom('profiles').select('id').where('stripe_connect_id', '=', accountId).executeTakeFirst();
}
