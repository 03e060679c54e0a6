import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, openTestDatabase } from '../test/harness.ts';
import { PREPARED } from './callback-query-pool.ts';

// The adapter only serves PostgreSQL servers; `npm run test:pg` runs this.
const kinds = databaseKinds().filter((kind) => kind === 'postgres');

for (const kind of kinds) {
  describe(`Kysely over pg's callback queries [${kind}]`, () => {
    let handle: Awaited<ReturnType<typeof openTestDatabase>>;
    beforeAll(async () => {
      handle = await openTestDatabase(kind);
    });
    afterAll(async () => {
      await handle.drop();
    });

    it('returns rows with their parameters bound', async () => {
      const { rows } = await sql<{
        n: number;
        t: string;
      }>`select ${41}::int + 1 as n, ${'a'}::text as t`.execute(handle.db);
      expect(rows).toEqual([{ n: 42, t: 'a' }]);
    });

    it("rejects with PostgreSQL's own error, and the connection stays usable", async () => {
      const failed = await sql`select 1 / ${0}::int`.execute(handle.db).catch((error: unknown) => error);
      expect(failed).toMatchObject({ code: '22012' });
      const { rows } = await sql<{ ok: number }>`select 1 as ok`.execute(handle.db);
      expect(rows).toEqual([{ ok: 1 }]);
    });

    it('runs SQL marked PREPARED as one named statement per connection, reused with new values', async () => {
      const outcome = await handle.db.transaction().execute(async (trx) => {
        const doubled = [];
        for (const value of [1, 2, 3]) {
          const { rows } = await sql<{
            n: number;
          }>`${sql.raw(PREPARED)}select ${value}::int * 2 as n`.execute(trx);
          doubled.push(rows[0]?.n);
        }
        const { rows } = await sql<{ name: string }>`select name from pg_prepared_statements
          where statement like ${`${PREPARED}%`}`.execute(trx);
        return { doubled, names: rows.map((row) => row.name) };
      });
      expect(outcome.doubled).toEqual([2, 4, 6]);
      expect(outcome.names).toHaveLength(1);
      expect(outcome.names[0]).toMatch(/^privy_[0-9a-f]{24}$/);
    });

    it('keeps a transaction on one connection and rolls it back on failure', async () => {
      const outcome = await handle.db
        .transaction()
        .execute(async (trx) => {
          const pid = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          const again = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          expect(again.rows[0]?.pid).toBe(pid.rows[0]?.pid);
          throw new Error('roll back');
        })
        .catch((error: Error) => error.message);
      expect(outcome).toBe('roll back');
    });
  });
}

if (!kinds.length) it.skip('runs on PostgreSQL only (npm run test:pg)', () => {});
