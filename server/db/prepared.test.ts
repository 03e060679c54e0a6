import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, openTestDatabase } from '../test/harness.ts';
import { PREPARED } from './callback-query-pool.ts';
import { batchArray } from './prepared.ts';

// Plan caching is PostgreSQL's (PGlite plans each statement afresh): `npm run test:pg` runs this.
const kinds = databaseKinds().filter((kind) => kind === 'postgres');

for (const kind of kinds) {
  describe(`batch statements keep one plan [${kind}]`, () => {
    let handle: Awaited<ReturnType<typeof openTestDatabase>>;
    beforeAll(async () => {
      handle = await openTestDatabase(kind);
    });
    afterAll(async () => {
      await handle.drop();
    });

    /**
     * Runs a lookup shaped like the send batch's (each key probed on its own) twelve times with
     * batches of one to three keys, on one connection, and answers how often PostgreSQL planned
     * it for the values in hand (custom) and how often it reused its one generic plan.
     */
    const plansOf = (keys: (names: string[]) => RawBuilder<unknown[]>, marker: string) =>
      handle.db.transaction().execute(async (trx) => {
        const names = ['pg_class', 'pg_type', 'pg_proc'];
        for (let run = 0; run < 12; run++) {
          const batch = names.slice(0, 1 + (run % 3));
          const { rows } = await sql<{
            relname: string;
          }>`${sql.raw(PREPARED)}select c.relname ${sql.raw(`/* ${marker} */`)}
            from unnest(${keys(batch)}) as q(name)
            cross join lateral (select relname from pg_class where relname = q.name offset 0) as c`.execute(
            trx,
          );
          expect(rows.map((row) => row.relname)).toEqual(batch);
        }
        const { rows } = await sql<{ generic: number; custom: number }>`select generic_plans::int as generic,
            custom_plans::int as custom
          from pg_prepared_statements where statement like ${`%${marker}%`} and statement not like '%pg_prepared%'`.execute(
          trx,
        );
        return rows[0];
      });

    it('plans a batch lookup once when its array parameter is a batchArray', async () => {
      const plans = await plansOf((names) => batchArray(names, 'text'), 'hidden-length');
      // PostgreSQL always tries five custom plans first; then it keeps the generic one.
      expect(plans).toEqual({ generic: 7, custom: 5 });
    });

    it('plans it again at every run with the bare array parameter (why batchArray exists)', async () => {
      const plans = await plansOf((names) => sql<unknown[]>`${names}::text[]`, 'bare-length');
      expect(plans).toEqual({ generic: 0, custom: 12 });
    });
  });
}

if (!kinds.length) it.skip('runs on PostgreSQL only (npm run test:pg)', () => {});
