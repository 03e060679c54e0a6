import { sql } from 'kysely';
import { PREPARED } from '../../db/callback-query-pool.ts';
import type { Db } from '../../db/database.ts';

/**
 * Counts hits against their keys, any number in one statement: a new or expired budget starts over
 * with a window of its `windowMs`. Two processes counting the same key at once both land (the row
 * lock orders them). Answers each hit, in order, with the hits so far including it and the
 * milliseconds until the window ends; hits on one key in one call count up one by one.
 */
export async function countHits(
  db: Db,
  hits: Array<{ key: string; windowMs: number }>,
): Promise<Array<{ hits: number; ttlMs: number }>> {
  const perKey = new Map<string, { count: number; windowMs: number }>();
  for (const { key, windowMs } of hits) {
    const entry = perKey.get(key);
    if (entry) entry.count++;
    else perKey.set(key, { count: 1, windowMs });
  }
  const keys = [...perKey.keys()];
  // Prepared (ADR 102): every rate-limited request runs this very text. One row per key, so the
  // upsert never touches a row twice.
  const { rows } = await sql<{ key: string; hits: number; ttl_ms: number }>`${sql.raw(PREPARED)}
    insert into rate_limits as budget (key, hits, resets_at)
    select t.key, t.hits, now() + t.window_ms * interval '1 millisecond'
    from unnest(${keys}::text[], ${keys.map((key) => perKey.get(key)?.count)}::integer[],
      ${keys.map((key) => perKey.get(key)?.windowMs)}::bigint[]) as t(key, hits, window_ms)
    on conflict (key) do update set
      hits = case when budget.resets_at <= now() then excluded.hits else budget.hits + excluded.hits end,
      resets_at = case when budget.resets_at <= now() then excluded.resets_at else budget.resets_at end
    returning key, hits, ceil(extract(epoch from (resets_at - now())) * 1000)::integer as ttl_ms`.execute(db);
  const totals = new Map(rows.map((row) => [row.key, row]));
  const given = new Map<string, number>();
  return hits.map(({ key }) => {
    const total = totals.get(key) as { hits: number; ttl_ms: number };
    const before = given.get(key) ?? 0;
    given.set(key, before + 1);
    const batch = perKey.get(key)?.count ?? 1;
    return { hits: total.hits - batch + before + 1, ttlMs: Math.max(0, total.ttl_ms) };
  });
}

/** Counts one hit against `key` (countHits for one). */
export async function countHit(
  db: Db,
  key: string,
  windowMs: number,
): Promise<{ hits: number; ttlMs: number }> {
  return (await countHits(db, [{ key, windowMs }]))[0] as { hits: number; ttlMs: number };
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
