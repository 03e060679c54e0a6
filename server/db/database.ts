import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Config } from '../config.ts';
import { callbackQueryPool } from './callback-query-pool.ts';
import { createDatabaseHealth, type DatabaseHealth } from './database-health.ts';
import type { Database } from './types.ts';

export type Db = Kysely<Database>;

export type DatabaseHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded instance, when there is one: pg-boss and LISTEN/NOTIFY need it directly. */
  pglite: PGlite | null;
  /** A pool for raw access (LISTEN/NOTIFY, pg-boss) when on a PostgreSQL server. */
  pool: pg.Pool | null;
  /**
   * The LISTEN/NOTIFY channel for realtime events. Channels are database-wide, so suites that
   * share one PostgreSQL in separate schemas get a channel each.
   */
  notifyChannel: string;
  /** The schema tests isolate themselves in, when they do (null: the default search path). */
  schema: string | null;
  /** Whether the database answers; a PostgreSQL server can go away and come back (ADR 107). */
  health: DatabaseHealth;
  close: () => Promise<void>;
};

const NOTIFY_CHANNEL = 'privy_realtime';

/** The contrib extensions the migrations create; a database snapshot is only valid for this set. */
const PGLITE_EXTENSIONS = { btree_gist, cube, earthdistance };

// timestamptz and bigint come back as JS values that serialise predictably.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export type OpenDatabaseOptions = {
  /** A PostgreSQL schema to work in (tests isolate each suite this way on a shared server). */
  searchPath?: string;
  poolSize?: number;
  /**
   * PGlite only: a data-folder tarball (from `dumpDataDir`) to start a NEW database from instead
   * of running initdb (seconds in WebAssembly). See server/db/snapshot.ts.
   */
  pgliteSnapshot?: Blob;
  log?: { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
};

/**
 * A connection attempt that gets no answer fails after this, so a request waiting for a pool slot
 * while PostgreSQL is unreachable ends in a 503 instead of hanging (ADR 107).
 */
const CONNECT_TIMEOUT_MS = 5_000;

export async function openDatabase(
  target: Config['database'],
  options: OpenDatabaseOptions = {},
): Promise<DatabaseHandle> {
  if (target.kind === 'pglite') {
    const pglite = await PGlite.create(target.dataPath === 'memory://' ? undefined : target.dataPath, {
      extensions: PGLITE_EXTENSIONS,
      ...(options.pgliteSnapshot ? { loadDataDir: options.pgliteSnapshot } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    const health = createDatabaseHealth({ ping: () => pglite.query('select 1'), log: options.log });
    return {
      db,
      kind: 'pglite',
      pglite,
      pool: null,
      notifyChannel: NOTIFY_CHANNEL,
      schema: null,
      health,
      close: async () => {
        health.close();
        // Kysely's driver closes the PGlite instance for us.
        await db.destroy();
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath},public` } : {}),
  });
  const health = createDatabaseHealth({ ping: () => pool.query('select 1'), log: options.log });
  // An idle connection that PostgreSQL drops (a restart, a failover, pg_terminate_backend) is
  // reported here; without a listener node would end the process (ADR 107). The pool replaces it.
  pool.on('error', (error) => {
    if (!health.report(error)) options.log?.warn({ err: error }, 'idle database connection failed');
  });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: callbackQueryPool(pool, (error) => health.report(error)) }),
  });
  return {
    db,
    kind: 'postgres',
    pglite: null,
    pool,
    notifyChannel: options.searchPath ? `${NOTIFY_CHANNEL}_${options.searchPath}` : NOTIFY_CHANNEL,
    schema: options.searchPath ?? null,
    health,
    close: async () => {
      health.close();
      await db.destroy();
    },
  };
}
