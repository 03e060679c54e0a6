import { type Compilable, type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import { PREPARED } from './callback-query-pool.ts';
import type { Database } from './types.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Runs a query built with Kysely as a named prepared statement (ADR 102): for the busiest
 * statements only, whose text depends on the request's shape, never on its values. On PGlite the
 * marker is an ordinary comment.
 */
export async function runPrepared<Row>(db: Executor, query: Compilable<Row>): Promise<Row[]> {
  const compiled = query.compile();
  const result = await db.executeQuery<Row>({ ...compiled, sql: PREPARED + compiled.sql });
  return result.rows;
}

/** The first row of a prepared query, or undefined. */
export async function firstPrepared<Row>(db: Executor, query: Compilable<Row>): Promise<Row | undefined> {
  return (await runPrepared(db, query))[0];
}

/** The element types batch statements pass as arrays. */
type ArrayElement = 'uuid' | 'text' | 'integer' | 'jsonb';

/**
 * A prepared statement's array parameter whose length the planner cannot see:
 * `(select $1::uuid[])` instead of `$1::uuid[]`. PostgreSQL plans a prepared statement once
 * (its generic plan) only while the plans made for each execution's values cost no less; with
 * the bare parameter those saw the batch's real length (3 rows, cheaper than the generic plan's
 * guess of 10), so the statement was planned again at every execution: a quarter of
 * PostgreSQL's CPU in the chat benchmark (ADR 153). Hidden, every execution costs the same and
 * the generic plan is kept. Only for statements written to be planned once (lookups driven from
 * the array, ADR 148), never for ones whose plan should follow the values.
 */
export function batchArray(values: readonly unknown[], type: ArrayElement): RawBuilder<unknown[]> {
  return sql<unknown[]>`(select ${values}::${sql.raw(type)}[])`;
}
