import type { Compilable, Kysely, Transaction } from 'kysely';
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
