import type pg from 'pg';

export type PlanCounts = { generic: number; custom: number };

/**
 * How PostgreSQL planned the prepared statements whose text contains `fragment`, on each of the
 * pool's connections that has one (pg_prepared_statements is per connection): `custom` plans
 * were made for one execution's values, `generic` executions reused the statement's one plan.
 * Every idle connection is checked out at once, so none is looked at twice (the realtime bus's
 * LISTEN connection is never idle, and holds no such statement).
 */
export async function planCounts(pool: pg.Pool, fragment: string): Promise<PlanCounts[]> {
  const clients = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()));
  try {
    const counts: PlanCounts[] = [];
    for (const client of clients) {
      const { rows } = await client.query<PlanCounts>(
        `select generic_plans::int as generic, custom_plans::int as custom
         from pg_prepared_statements where strpos(statement, $1) > 0`,
        [fragment],
      );
      counts.push(...rows);
    }
    return counts;
  } finally {
    for (const client of clients) client.release();
  }
}
