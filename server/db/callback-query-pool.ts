import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/**
 * The pool Kysely talks to: node-postgres's own, except that queries go through pg's callback
 * form of `client.query` instead of its promise form (ADR 101).
 *
 * Why: with the promise form, what a query returned stayed reachable through the next
 * young-generation garbage collections, so V8 copied and promoted it instead of dropping it. A
 * loop of 2 km searches through Kysely kept 24–27% of everything it allocated past a scavenge, the
 * same loop on pg's callback form 2%; in the server that was 6.4 MB copied per scavenge, and GC
 * pauses of ~25 ms every ~0.4 s under load (docs/PERFORMANCE.md, "Search load"). Same SQL, same
 * results, same errors; only the way the answer is handed back differs.
 */
export function callbackQueryPool(pool: pg.Pool): PostgresPool {
  // Kysely keeps per-connection state keyed by the client object, so one wrapper per client.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let wrapper = wrappers.get(client);
    if (!wrapper) {
      wrapper = {
        get processID() {
          return (client as pg.PoolClient & { processID?: number }).processID;
        },
        query: ((sqlOrCursor: string | PostgresCursor<unknown>, parameters?: ReadonlyArray<unknown>) => {
          // A cursor (Kysely's streaming) is a submittable: pg drives it as before.
          if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor as never);
          return new Promise<PostgresQueryResult<unknown>>((resolve, reject) => {
            client.query(sqlOrCursor, parameters as unknown[], (error, result) =>
              error ? reject(error) : resolve(result as unknown as PostgresQueryResult<unknown>),
            );
          });
        }) as PostgresPoolClient['query'],
        // pg-pool gives the client a fresh release function at each checkout: look it up each time.
        release: (destroy?: boolean) => client.release(destroy),
      };
      wrappers.set(client, wrapper);
    }
    return wrapper;
  };
  return {
    Client: (pool as pg.Pool & { Client?: unknown }).Client as PostgresPool['Client'],
    options: pool.options,
    connect: async () => wrap(await pool.connect()),
    end: () => pool.end(),
  };
}
