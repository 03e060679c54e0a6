import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

/** The payments domain's SQL, and only here. */

type Executor = Db | Transaction<Database>;

/** Remembers a provider event id; false when it was already there (a replay). */
export async function recordEvent(
  trx: Executor,
  event: { id: string; provider: 'stripe' | 'test'; type: string },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('payment_events')
    .values(event)
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(inserted);
}

export async function countEvents(db: Executor, id: string): Promise<number> {
  const rows = await db.selectFrom('payment_events').select('id').where('id', '=', id).execute();
  return rows.length;
}

// The test provider's own state (what Stripe would keep on its side).

export type TestSessionInsert = {
  id: string;
  reference: string;
  amount_cents: number;
  currency: string;
  description: string;
  customer_email: string | null;
  success_url: string;
  cancel_url: string;
  expires_at: Date;
};

export async function insertTestSession(db: Executor, session: TestSessionInsert) {
  await db.insertInto('test_checkout_sessions').values(session).execute();
}

export async function findTestSession(db: Executor, id: string) {
  return db.selectFrom('test_checkout_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks an open, unexpired session paid; undefined when it is not payable any more. */
export async function completeTestSession(trx: Executor, id: string, paymentIntentId: string, now: Date) {
  return trx
    .updateTable('test_checkout_sessions')
    .set({ status: 'complete', payment_intent_id: paymentIntentId, completed_at: now })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

/** Closes an open session; undefined when it was already paid or expired. */
export async function expireTestSession(trx: Executor, id: string) {
  return trx
    .updateTable('test_checkout_sessions')
    .set({ status: 'expired' })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returningAll()
    .executeTakeFirst();
}

export async function listLapsedTestSessions(db: Executor, now: Date, limit: number) {
  const rows = await db
    .selectFrom('test_checkout_sessions')
    .select('id')
    .where('status', '=', 'open')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

export async function findTestSessionByPaymentIntent(db: Executor, paymentIntentId: string) {
  return db
    .selectFrom('test_checkout_sessions')
    .selectAll()
    .where('payment_intent_id', '=', paymentIntentId)
    .executeTakeFirst();
}

/** One test account per user: a second call returns the first account. */
export async function insertTestAccount(
  db: Executor,
  account: { id: string; user_id: string; email: string | null },
) {
  await db
    .insertInto('test_connect_accounts')
    .values(account)
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return db
    .selectFrom('test_connect_accounts')
    .selectAll()
    .where('user_id', '=', account.user_id)
    .executeTakeFirstOrThrow();
}

export async function findTestAccount(db: Executor, id: string) {
  return db.selectFrom('test_connect_accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function setTestAccountLink(
  db: Executor,
  id: string,
  urls: { refresh_url: string; return_url: string },
) {
  return db
    .updateTable('test_connect_accounts')
    .set({ ...urls, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function completeTestAccount(trx: Executor, id: string) {
  return trx
    .updateTable('test_connect_accounts')
    .set({
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Test mode's stand-in for Stripe restricting an account: it can no longer be paid out. */
export async function restrictTestAccount(trx: Executor, id: string) {
  return trx
    .updateTable('test_connect_accounts')
    .set({ payouts_enabled: false, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Stores a refund unless its idempotency key is known; returns the stored one either way. */
export async function insertTestRefund(
  db: Executor,
  refund: {
    id: string;
    idempotency_key: string;
    payment_intent_id: string;
    amount_cents: number;
    reference: string;
    status: string;
  },
) {
  await db
    .insertInto('test_refunds')
    .values(refund)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
  return db
    .selectFrom('test_refunds')
    .selectAll()
    .where('idempotency_key', '=', refund.idempotency_key)
    .executeTakeFirstOrThrow();
}

export async function findTestRefund(db: Executor, id: string) {
  return db.selectFrom('test_refunds').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findTestRefundByKey(db: Executor, idempotencyKey: string) {
  return db
    .selectFrom('test_refunds')
    .selectAll()
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

export async function sumTestRefunds(db: Executor, paymentIntentId: string): Promise<number> {
  const row = await db
    .selectFrom('test_refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount_cents'), sql<string>`0`).as('total'))
    .where('payment_intent_id', '=', paymentIntentId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function insertTestTransfer(
  db: Executor,
  transfer: {
    id: string;
    idempotency_key: string;
    account_id: string;
    amount_cents: number;
    reference: string;
  },
) {
  await db
    .insertInto('test_transfers')
    .values(transfer)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
  return db
    .selectFrom('test_transfers')
    .selectAll()
    .where('idempotency_key', '=', transfer.idempotency_key)
    .executeTakeFirstOrThrow();
}
