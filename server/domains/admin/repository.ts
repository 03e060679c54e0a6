import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import type { Database } from '../../db/types.ts';

type Executor = Db | Transaction<Database>;

/** Head counts over every account, in one pass over profiles. */
export async function countAccounts(db: Db, signedUpSince: Date) {
  const row = await db
    .selectFrom('profiles')
    .select((eb) => [
      eb.fn.countAll<string>().as('users'),
      eb.fn.countAll<string>().filterWhere('is_provider', '=', true).as('providers'),
      eb.fn.countAll<string>().filterWhere('is_admin', '=', true).as('admins'),
      eb.fn.countAll<string>().filterWhere('is_deleted', '=', true).as('disabled'),
      eb.fn
        .countAll<string>()
        .filterWhere((w) => w.and([w('is_active', '=', false), w('is_deleted', '=', false)]))
        .as('under_review'),
      eb.fn.countAll<string>().filterWhere('created_at', '>=', signedUpSince).as('recent_signups'),
    ])
    .executeTakeFirstOrThrow();
  return {
    users: Number(row.users),
    providers: Number(row.providers),
    admins: Number(row.admins),
    disabled: Number(row.disabled),
    under_review: Number(row.under_review),
    recent_signups: Number(row.recent_signups),
  };
}

const ACCOUNT_COLUMNS = [
  'profiles.id',
  'profiles.first_name',
  'profiles.last_name',
  'profiles.profile_picture_url',
  'profiles.is_provider',
  'profiles.is_admin',
  'profiles.is_active',
  'profiles.is_deleted',
  'profiles.created_at',
  'user.email',
  'user.emailVerified',
  'user.phoneNumber',
] as const;

export async function listNewestAccounts(db: Db, limit: number) {
  return db
    .selectFrom('profiles')
    .innerJoin('user', 'user.id', 'profiles.id')
    .select(ACCOUNT_COLUMNS)
    .orderBy('profiles.created_at', 'desc')
    .orderBy('profiles.id')
    .limit(limit)
    .execute();
}

export type AccountFilter = {
  q?: string | undefined;
  status: 'all' | 'active' | 'under_review' | 'disabled';
  role: 'all' | 'guest' | 'host' | 'admin';
};

/** /admin/users: one page of accounts, newest first, and how many match in all. */
export async function listAccounts(db: Db, filter: AccountFilter, page: { limit: number; offset: number }) {
  const needle = filter.q ? containsPattern(filter.q) : null;
  const matching = db
    .selectFrom('profiles')
    .innerJoin('user', 'user.id', 'profiles.id')
    .$if(needle !== null, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb(sql<string>`profiles.first_name || ' ' || profiles.last_name`, 'ilike', needle as string),
          eb('user.email', 'ilike', needle as string),
          eb('user.phoneNumber', 'ilike', needle as string),
        ]),
      ),
    )
    .$if(filter.status === 'active', (qb) =>
      qb.where('profiles.is_deleted', '=', false).where('profiles.is_active', '=', true),
    )
    .$if(filter.status === 'under_review', (qb) =>
      qb.where('profiles.is_deleted', '=', false).where('profiles.is_active', '=', false),
    )
    .$if(filter.status === 'disabled', (qb) => qb.where('profiles.is_deleted', '=', true))
    .$if(filter.role === 'guest', (qb) =>
      qb.where('profiles.is_provider', '=', false).where('profiles.is_admin', '=', false),
    )
    .$if(filter.role === 'host', (qb) => qb.where('profiles.is_provider', '=', true))
    .$if(filter.role === 'admin', (qb) => qb.where('profiles.is_admin', '=', true));
  const [rows, count] = await Promise.all([
    matching
      .select(ACCOUNT_COLUMNS)
      .orderBy('profiles.created_at', 'desc')
      .orderBy('profiles.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    matching.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

// Provider requests (spec §3): one open request per user, decided by an admin.

export type ProviderRequestFilter = {
  status: 'pending' | 'approved' | 'rejected' | 'revoked' | 'all';
  q?: string | undefined;
};

const PROVIDER_REQUEST_COLUMNS = [
  'id',
  'user_id',
  'first_name',
  'last_name',
  'email',
  'status',
  'decided_by',
  'decided_at',
  'announced_at',
  'created_at',
] as const;

export async function insertProviderRequest(
  executor: Executor,
  request: { user_id: string; first_name: string; last_name: string; email: string },
) {
  return executor
    .insertInto('provider_requests')
    .values(request)
    .returning(PROVIDER_REQUEST_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function findLatestProviderRequest(db: Db, userId: string) {
  return db
    .selectFrom('provider_requests')
    .select(PROVIDER_REQUEST_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function listProviderRequests(db: Db, filter: ProviderRequestFilter, limit = 200) {
  const needle = filter.q ? containsPattern(filter.q) : null;
  return db
    .selectFrom('provider_requests')
    .select(PROVIDER_REQUEST_COLUMNS)
    .$if(filter.status !== 'all', (qb) => qb.where('status', '=', filter.status as 'pending'))
    .$if(needle !== null, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('first_name', 'ilike', needle as string),
          eb('last_name', 'ilike', needle as string),
          eb('email', 'ilike', needle as string),
        ]),
      ),
    )
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function markProviderRequestAnnounced(executor: Executor, id: string) {
  return executor
    .updateTable('provider_requests')
    .set({ announced_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('announced_at', 'is', null)
    .returning(PROVIDER_REQUEST_COLUMNS)
    .executeTakeFirst();
}

/** Moves a request on only from the state the decision expects, so a repeat has no second effect. */
export async function transitionProviderRequest(
  executor: Executor,
  id: string,
  from: 'pending' | 'approved',
  to: 'approved' | 'rejected' | 'revoked',
  adminId: string,
) {
  return executor
    .updateTable('provider_requests')
    .set({ status: to, decided_by: adminId, decided_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', '=', from)
    .returning(PROVIDER_REQUEST_COLUMNS)
    .executeTakeFirst();
}

export async function findProviderRequest(executor: Executor, id: string) {
  return executor
    .selectFrom('provider_requests')
    .select(PROVIDER_REQUEST_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The dashboard's figure: requests to become a provider that no admin has decided yet. */
export async function countPendingProviderRequests(db: Db) {
  const row = await db
    .selectFrom('provider_requests')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
