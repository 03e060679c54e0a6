import { createHash } from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/**
 * SQL that starts with this comment runs as a named prepared statement: parsed once per connection,
 * and once PostgreSQL has seen it a few times, planned once too (ADR 102). For the busiest reads
 * only, whose text depends on the shape of the request, never on its values.
 */
export const PREPARED = '/* prepared */ ';
/** Statement names handed out at most: a bound on what each connection keeps (pg caches by name). */
const MAX_PREPARED_STATEMENTS = 256;
const statementNames = new Map<string, string>();

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_PREPARED_STATEMENTS) {
    name = `privy_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

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
export function callbackQueryPool(
  pool: pg.Pool,
  onClientError: (error: Error) => void = () => {},
): PostgresPool {
  // Kysely keeps per-connection state keyed by the client object, so one wrapper per client.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let wrapper = wrappers.get(client);
    if (!wrapper) {
      // A checked-out connection has no pool listener: dropped between two statements of a
      // transaction, it would emit an unheard 'error' and end the process (ADR 107). The next
      // statement on it fails, and Kysely hands it back to the pool, which discards it.
      client.on('error', onClientError);
      wrapper = {
        get processID() {
          return (client as pg.PoolClient & { processID?: number }).processID;
        },
        query: ((sqlOrCursor: string | PostgresCursor<unknown>, parameters?: ReadonlyArray<unknown>) => {
          // A cursor (Kysely's streaming) is a submittable: pg drives it as before.
          if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor as never);
          const name = sqlOrCursor.startsWith(PREPARED) ? statementName(sqlOrCursor) : undefined;
          return new Promise<PostgresQueryResult<unknown>>((resolve, reject) => {
            const done = (error: Error | null, result: pg.QueryResult) =>
              error ? reject(error) : resolve(result as unknown as PostgresQueryResult<unknown>);
            if (name) client.query({ name, text: sqlOrCursor, values: parameters as unknown[] }, done);
            else client.query(sqlOrCursor, parameters as unknown[], done);
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
