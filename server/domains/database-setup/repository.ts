import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';

export type Executor = Kysely<Database> | Transaction<Database>;

export async function selectVersion(db: Executor): Promise<string> {
  const { rows } = await sql<{ version: string }>`select version() as version`.execute(db);
  return rows[0]?.version ?? 'unknown';
}

export async function selectAppliedMigrations(db: Executor) {
  const { rows } = await sql<{ name: string; timestamp: string }>`
    select name, timestamp from kysely_migration order by name`.execute(db);
  return rows;
}

export async function selectChecksums(db: Executor) {
  return db.selectFrom('migration_checksums').selectAll().execute();
}

export async function insertFirstSeenChecksums(db: Executor, rows: { name: string; sha256: string }[]) {
  if (rows.length === 0) return;
  await db
    .insertInto('migration_checksums')
    .values(rows.map((row) => ({ ...row, recorded_when: 'first_seen' as const })))
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
}

/**
 * The app's tables in the current schema with their size on disk (indexes and TOAST included) and
 * PostgreSQL's row estimate (null until the table is first analyzed).
 */
export async function selectTableSizes(db: Executor) {
  const { rows } = await sql<{ name: string; bytes: string; rows: string | null }>`
    select c.relname as name, pg_total_relation_size(c.oid)::bigint as bytes,
      case when c.reltuples >= 0 then c.reltuples::bigint end as rows
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind in ('r', 'p')
    order by pg_total_relation_size(c.oid) desc, c.relname`.execute(db);
  return rows;
}

/** Exact row counts, for the embedded database, whose tables are small and rarely analyzed. */
export async function countRows(db: Executor, tables: string[]): Promise<Map<string, number>> {
  if (tables.length === 0) return new Map();
  const { rows } = await sql<{ name: string; count: number }>`${sql.join(
    tables.map(
      (table) => sql`select ${table}::text as name, count(*)::int as count from ${sql.table(table)}`,
    ),
    sql` union all `,
  )}`.execute(db);
  return new Map(rows.map((row) => [row.name, row.count]));
}

export async function selectJobCounts(db: Executor, schema: string) {
  const { rows } = await sql<{ name: string; state: string; count: number }>`
    select name, state::text as state, count(*)::int as count
    from ${sql.table(`${schema}.job`)} group by name, state order by name, state`.execute(db);
  return rows;
}

export async function selectFailedJobs(db: Executor, schema: string, limit: number) {
  const { rows } = await sql<{
    id: string;
    name: string;
    completed_on: Date | null;
    retry_count: number;
    output: unknown;
  }>`
    select id, name, completed_on, retry_count, output
    from ${sql.table(`${schema}.job`)} where state = 'failed'
    order by completed_on desc nulls last limit ${limit}`.execute(db);
  return rows;
}

/** pg-boss's own retry (plans.js retryJobs), run here so it commits with its audit entry. */
export async function retryFailedJob(trx: Executor, schema: string, name: string, id: string) {
  const { rows } = await sql<{ id: string }>`
    update ${sql.table(`${schema}.job`)}
    set state = 'retry', retry_limit = retry_limit + 1, completed_on = null
    where name = ${name} and id = ${id}::uuid and state = 'failed'
    returning id`.execute(trx);
  return rows.length > 0;
}

/** Tables a reseed keeps: migration bookkeeping, checksums and the audit log (which records the reseed). */
const KEPT = ['kysely_migration', 'kysely_migration_lock', 'migration_checksums', 'admin_audit_log'];

export async function truncateAppData(trx: Executor): Promise<number> {
  const { rows } = await sql<{ tablename: string }>`
    select tablename from pg_tables where schemaname = current_schema()`.execute(trx);
  const names = rows.map((row) => row.tablename).filter((name) => !KEPT.includes(name));
  if (names.length === 0) return 0;
  await sql`truncate ${sql.join(names.map((name) => sql.table(name)))} restart identity cascade`.execute(trx);
  return names.length;
}
