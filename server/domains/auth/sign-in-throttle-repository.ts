import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

/** The SQL behind sign-in throttling (sign-in-throttle.ts, ADR 105). */

type Executor = Db | Transaction<Database>;

export type ThrottleKeys = { identifier: string; ip: string };

/** Failures in the window, and when the last of them happened, for one scope. */
export type FailureTally = { count: number; last: Date | null };

export type SignInRecord = {
  /** The database's clock, which the failure times are on. */
  now: Date;
  /** This account from this address. */
  pair: FailureTally;
  /** This account from every address. */
  account: FailureTally;
  /** This address on every account. */
  address: FailureTally;
  /** This address signed in to this account with the right password lately. */
  known: boolean;
};

/**
 * Runs `work` in one transaction holding this account's and this address's advisory locks, so
 * parallel sign-ins for either (in any process) are judged one after another.
 */
export async function withSignInLocks<T>(
  db: Db,
  keys: ThrottleKeys,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    // Always in the same order, so two sign-ins never wait for each other's second lock.
    for (const key of [`sign-in account ${keys.identifier}`, `sign-in address ${keys.ip}`].sort()) {
      await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
    }
    return work(trx);
  });
}

const tally = (count: string | number, last: Date | string | null): FailureTally => ({
  count: Number(count),
  last: last ? new Date(last) : null,
});

/** Everything one throttle decision needs, in one query (all three lookups are indexed). */
export async function readSignInRecord(
  db: Executor,
  keys: ThrottleKeys,
  windowSeconds: number,
  knownSeconds: number,
): Promise<SignInRecord> {
  const { identifier, ip } = keys;
  const { rows } = await sql<{
    now: Date | string;
    pair_count: string;
    pair_last: Date | string | null;
    account_count: string;
    account_last: Date | string | null;
    address_count: string;
    address_last: Date | string | null;
    known: boolean;
  }>`
    with recent as (
      select identifier, ip, failed_at from sign_in_failures
      where (identifier = ${identifier} or ip = ${ip})
        and failed_at > now() - make_interval(secs => ${windowSeconds}))
    select
      clock_timestamp() as now,
      count(*) filter (where identifier = ${identifier} and ip = ${ip}) as pair_count,
      max(failed_at) filter (where identifier = ${identifier} and ip = ${ip}) as pair_last,
      count(*) filter (where identifier = ${identifier}) as account_count,
      max(failed_at) filter (where identifier = ${identifier}) as account_last,
      count(*) filter (where ip = ${ip}) as address_count,
      max(failed_at) filter (where ip = ${ip}) as address_last,
      exists (
        select 1 from sign_in_successes
        where identifier = ${identifier} and ip = ${ip}
          and succeeded_at > now() - make_interval(secs => ${knownSeconds})) as known
    from recent`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('the sign-in record query returned no row');
  return {
    now: new Date(row.now),
    pair: tally(row.pair_count, row.pair_last),
    account: tally(row.account_count, row.account_last),
    address: tally(row.address_count, row.address_last),
    known: Boolean(row.known),
  };
}

/**
 * Counts an attempt as failed before its password is checked, so parallel guesses see each other;
 * the attempt's outcome then keeps, clears or withdraws it. Returns the row's id.
 */
export async function insertSignInFailure(db: Executor, keys: ThrottleKeys): Promise<string> {
  const row = await db
    .insertInto('sign_in_failures')
    // now() is when the transaction began, before it waited for the locks; a failure stamped with it
    // could sort before one that a racing sign-in committed meanwhile.
    .values({ identifier: keys.identifier, ip: keys.ip, failed_at: sql`clock_timestamp()` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** Withdraws one counted attempt; only ever one of this account's from this address. */
export async function deleteSignInFailure(db: Executor, keys: ThrottleKeys, id: string): Promise<void> {
  await db
    .deleteFrom('sign_in_failures')
    .where('id', '=', id)
    .where('identifier', '=', keys.identifier)
    .where('ip', '=', keys.ip)
    .execute();
}

/** Drops what no longer counts, for this account and this address only. */
export async function pruneSignInRecords(
  db: Executor,
  keys: ThrottleKeys,
  windowSeconds: number,
  knownSeconds: number,
): Promise<void> {
  await sql`
    delete from sign_in_failures
    where (identifier = ${keys.identifier} or ip = ${keys.ip})
      and failed_at <= now() - make_interval(secs => ${windowSeconds})`.execute(db);
  await sql`
    delete from sign_in_successes
    where identifier = ${keys.identifier} and succeeded_at <= now() - make_interval(secs => ${knownSeconds})`.execute(
    db,
  );
}

/** The right password from this address: its failures on this account are forgiven, and it is known. */
export async function recordSignInSuccess(db: Executor, keys: ThrottleKeys): Promise<void> {
  await db
    .deleteFrom('sign_in_failures')
    .where('identifier', '=', keys.identifier)
    .where('ip', '=', keys.ip)
    .execute();
  await db
    .insertInto('sign_in_successes')
    .values({ identifier: keys.identifier, ip: keys.ip })
    .onConflict((oc) => oc.columns(['identifier', 'ip']).doUpdateSet({ succeeded_at: sql`now()` }))
    .execute();
}
