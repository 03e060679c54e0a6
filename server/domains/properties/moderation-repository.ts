import { type Selectable, sql, type Transaction } from 'kysely';
import type { AdminListingsFilters, ReportListingInput } from '../../../common/schemas/listing-moderation.ts';
import type { Db } from '../../db/database.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import type { BathroomModerationTable, Database } from '../../db/types.ts';

/** SQL of listing moderation (ADR 136): holds, featured listings, reports and the admin list. */

type Executor = Db | Transaction<Database>;
export type ModerationRow = Selectable<BathroomModerationTable>;

export async function findModeration(db: Executor, bathroomId: string) {
  return db
    .selectFrom('bathroom_moderation')
    .selectAll()
    .where('bathroom_id', '=', bathroomId)
    .executeTakeFirst();
}

/** Which of these bathrooms an admin holds (a host's own list marks them). */
export async function findHeldIds(db: Executor, bathroomIds: string[]): Promise<Set<string>> {
  if (!bathroomIds.length) return new Set();
  const rows = await db
    .selectFrom('bathroom_moderation')
    .select('bathroom_id')
    .where('bathroom_id', 'in', bathroomIds)
    .where('hold_reason', 'is not', null)
    .execute();
  return new Set(rows.map((row) => row.bathroom_id));
}

export async function upsertModeration(
  db: Executor,
  bathroomId: string,
  changes: Partial<Omit<ModerationRow, 'bathroom_id' | 'updated_at'>>,
) {
  return db
    .insertInto('bathroom_moderation')
    .values({ bathroom_id: bathroomId, ...changes })
    .onConflict((conflict) =>
      conflict.column('bathroom_id').doUpdateSet({ ...changes, updated_at: new Date() }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

const openReports = (db: Executor) =>
  db
    .selectFrom('bathroom_reports')
    .select(['bathroom_id', sql<number>`count(*)::int`.as('open_reports')])
    .where('status', '=', 'open')
    .groupBy('bathroom_id');

/** One page of every listing for /admin/properties, newest first, with the total that matches. */
export async function selectAdminListings(
  db: Executor,
  filters: AdminListingsFilters,
  limit: number,
  offset: number,
) {
  let query = db
    .selectFrom('bathrooms as b')
    .innerJoin('profiles as p', 'p.id', 'b.host_id')
    .innerJoin('user as u', 'u.id', 'b.host_id')
    .leftJoin('bathroom_moderation as m', 'm.bathroom_id', 'b.id')
    .leftJoin(openReports(db).as('r'), 'r.bathroom_id', 'b.id')
    .leftJoin('bathroom_photos as ph', (join) =>
      join.onRef('ph.bathroom_id', '=', 'b.id').on('ph.position', '=', 0),
    );
  if (filters.status === 'held') query = query.where('m.hold_reason', 'is not', null);
  else if (filters.status !== 'all') query = query.where('b.status', '=', filters.status);
  if (filters.q) query = query.where('b.title', 'ilike', containsPattern(filters.q));
  if (filters.city) query = query.where('b.city', 'ilike', containsPattern(filters.city));
  if (filters.host) {
    const needle = containsPattern(filters.host);
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`p.first_name || ' ' || p.last_name`, 'ilike', needle),
        eb('u.email', 'ilike', needle),
      ]),
    );
  }
  if (filters.reported === true) query = query.where('r.open_reports', '>', 0);
  if (filters.reported === false) query = query.where('r.open_reports', 'is', null);
  if (filters.featured === true) query = query.where('m.featured_at', 'is not', null);
  if (filters.featured === false) query = query.where('m.featured_at', 'is', null);
  const rows = await query
    .select([
      'b.id',
      'b.title',
      'b.status',
      'b.city',
      'b.state_code',
      'b.hourly_price_cents',
      'b.host_id',
      'b.created_at',
      'p.first_name',
      'p.last_name',
      'u.email',
      'm.hold_reason',
      'm.featured_at',
      'ph.key_1x as cover_key',
      sql<number>`coalesce(r.open_reports, 0)`.as('open_reports'),
      sql<number>`count(*) over ()`.as('total'),
    ])
    .orderBy('b.created_at', 'desc')
    .orderBy('b.id')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows;
}

/** One listing with its host, for the admin's detail page and the moderation actions' summaries. */
export async function findAdminListing(db: Executor, bathroomId: string) {
  return db
    .selectFrom('bathrooms as b')
    .innerJoin('profiles as p', 'p.id', 'b.host_id')
    .innerJoin('user as u', 'u.id', 'b.host_id')
    .leftJoin('bathroom_moderation as m', 'm.bathroom_id', 'b.id')
    .leftJoin(openReports(db).as('r'), 'r.bathroom_id', 'b.id')
    .select([
      'b.id',
      'b.title',
      'b.status',
      'b.description',
      'b.city',
      'b.state_code',
      'b.timezone',
      'b.location',
      'b.hourly_price_cents',
      'b.host_id',
      'b.created_at',
      'b.published_at',
      'p.first_name',
      'p.last_name',
      'u.email',
      'm.hold_reason',
      'm.held_at',
      'm.featured_at',
      sql<number>`coalesce(r.open_reports, 0)`.as('open_reports'),
    ])
    .where('b.id', '=', bathroomId)
    .executeTakeFirst();
}

export async function insertReport(
  db: Executor,
  row: { bathroom_id: string; reporter_id: string } & Required<ReportListingInput>,
) {
  return db
    .insertInto('bathroom_reports')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['bathroom_id', 'reporter_id']).where('status', '=', 'open').doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
}

export async function selectReports(db: Executor, bathroomId: string, limit: number) {
  return db
    .selectFrom('bathroom_reports as r')
    .innerJoin('profiles as p', 'p.id', 'r.reporter_id')
    .select([
      'r.id',
      'r.reason',
      'r.details',
      'r.status',
      'r.reporter_id',
      'r.created_at',
      'r.resolved_at',
      'p.first_name',
      'p.last_name',
    ])
    .where('r.bathroom_id', '=', bathroomId)
    .orderBy(sql`r.status = 'open'`, 'desc')
    .orderBy('r.created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Closes one open report (dismissed) or every open one of a listing (acted on); answers the ids. */
export async function resolveReports(
  db: Executor,
  target: { bathroomId: string; reportId?: string },
  status: 'dismissed' | 'actioned',
  adminId: string,
) {
  let query = db
    .updateTable('bathroom_reports')
    .set({ status, resolved_by: adminId, resolved_at: new Date() })
    .where('bathroom_id', '=', target.bathroomId)
    .where('status', '=', 'open');
  if (target.reportId) query = query.where('id', '=', target.reportId);
  const rows = await query.returning('id').execute();
  return rows.map((row) => row.id);
}

export async function findReport(db: Executor, bathroomId: string, reportId: string) {
  return db
    .selectFrom('bathroom_reports')
    .selectAll()
    .where('bathroom_id', '=', bathroomId)
    .where('id', '=', reportId)
    .executeTakeFirst();
}
