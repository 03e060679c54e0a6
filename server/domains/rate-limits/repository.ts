import { sql } from 'kysely';
import { PREPARED } from '../../db/callback-query-pool.ts';
import type { Db } from '../../db/database.ts';

/**
 * Counts one hit against `key`: a new or expired budget starts over with a window of `windowMs`.
 * One statement, so two processes counting the same key at once both land (the row lock orders
 * them). Returns the hits so far and the milliseconds until the window ends.
 */
export async function countHit(
  db: Db,
  key: string,
  windowMs: number,
): Promise<{ hits: number; ttlMs: number }> {
  // Prepared (ADR 102): every rate-limited request runs this very text.
  const { rows } = await sql<{ hits: number; ttl_ms: number }>`${sql.raw(PREPARED)}
    insert into rate_limits as budget (key, hits, resets_at)
    values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      hits = case when budget.resets_at <= now() then 1 else budget.hits + 1 end,
      resets_at = case when budget.resets_at <= now() then excluded.resets_at else budget.resets_at end
    returning hits, ceil(extract(epoch from (resets_at - now())) * 1000)::integer as ttl_ms`.execute(db);
  const row = rows[0] as { hits: number; ttl_ms: number };
  return { hits: row.hits, ttlMs: Math.max(0, row.ttl_ms) };
}

/** The budget as it stands, without counting a hit. */
export async function readBudget(db: Db, key: string): Promise<{ hits: number; ttlMs: number }> {
  const { rows } = await sql<{ hits: number; ttl_ms: number }>`
    select hits, ceil(extract(epoch from (resets_at - now())) * 1000)::integer as ttl_ms
    from rate_limits where key = ${key} and resets_at > now()`.execute(db);
  const row = rows[0];
  return row ? { hits: row.hits, ttlMs: Math.max(0, row.ttl_ms) } : { hits: 0, ttlMs: 0 };
}

export async function deleteExpiredBudgets(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('rate_limits')
    .where('resets_at', '<=', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
