import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

export type Executor = Db | Transaction<Database>;

/** The only SQL for admin_audit_log (ADR 133). */

export type NewAuditRow = {
  actor_id: string | null;
  action: string;
  target_type: string;
  target_id: string;
  summary: string;
  reason: string | null;
  before: unknown;
  after: unknown;
};

const jsonOrNull = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

export async function insertAuditRow(db: Executor, row: NewAuditRow): Promise<string> {
  const inserted = await db
    .insertInto('admin_audit_log')
    .values({ ...row, before: jsonOrNull(row.before), after: jsonOrNull(row.after) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export type AuditFilter = {
  action?: string;
  targetType?: string;
  targetId?: string;
  actorId?: string;
  before?: string;
};

export async function selectAuditRows(db: Executor, filter: AuditFilter, limit: number) {
  let query = db
    .selectFrom('admin_audit_log as a')
    .leftJoin('profiles as p', 'p.id', 'a.actor_id')
    .leftJoin('user as u', 'u.id', 'a.actor_id')
    .select([
      'a.id',
      'a.actor_id',
      'a.action',
      'a.target_type',
      'a.target_id',
      'a.summary',
      'a.reason',
      'a.before',
      'a.after',
      'a.created_at',
      'p.first_name',
      'p.last_name',
      'u.email',
    ]);
  if (filter.action) query = query.where('a.action', '=', filter.action);
  if (filter.targetType) query = query.where('a.target_type', '=', filter.targetType);
  if (filter.targetId) query = query.where('a.target_id', '=', filter.targetId);
  if (filter.actorId) query = query.where('a.actor_id', '=', filter.actorId);
  if (filter.before) {
    const cursor = filter.before;
    // Keyset paging on (created_at, id): the entries strictly after the cursor in newest-first order.
    // The row is compared with a two-column subquery: compared with one composite column
    // `(c.created_at, c.id)` the query failed (500) once an entry matched; the API fuzz found it.
    query = query.where(
      sql<boolean>`(a.created_at, a.id) < (select c.created_at, c.id from admin_audit_log c where c.id = ${cursor})`,
    );
  }
  return query.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(limit).execute();
}
