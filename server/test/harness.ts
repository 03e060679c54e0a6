import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { findSnapshot, readSnapshotDatabase, snapshotKey } from '../db/snapshot.ts';
import { type AppServices, createServices } from '../services.ts';
import { captureLog } from './captured-log.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** Every integration suite runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export function databaseKinds(): DatabaseKind[] {
  if (!process.env.TEST_DATABASE_URL) return ['pglite'];
  // `npm run test:pg` runs the suites on PostgreSQL alone; `npm test` with the URL set runs both.
  return process.env.TEST_DATABASE_ONLY === 'postgres' ? ['postgres'] : ['pglite', 'postgres'];
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'privy-test-'));
  const base = loadConfig({
    APP_ENV: 'test',
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    APP_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
  });
  return { ...base, ...overrides };
}

let migratedSnapshot: Promise<Blob | undefined> | undefined;

/**
 * The migrated-database snapshot (server/test/global-setup.ts makes it once per run), read once per
 * test file. Checked against the current migrations like any snapshot: if they changed since (a
 * watch run), there is none and each database is created and migrated from scratch.
 */
function migratedDatabaseSnapshot(): Promise<Blob | undefined> {
  migratedSnapshot ??= (async () => {
    const snapshot = await findSnapshot('migrated', await snapshotKey('migrated'));
    return snapshot ? await readSnapshotDatabase(snapshot) : undefined;
  })().catch(() => undefined);
  return migratedSnapshot;
}

/** A fresh, migrated database: an in-memory PGlite, or a new schema on the shared PostgreSQL. */
export async function openTestDatabase(
  kind: DatabaseKind,
): Promise<DatabaseHandle & { drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const pgliteSnapshot = await migratedDatabaseSnapshot();
    const target = { kind: 'pglite', dataPath: 'memory://' } as const;
    // A snapshot removed under a long run (a newer build pruned it) only costs the slow way.
    const loaded = pgliteSnapshot ? await openDatabase(target, { pgliteSnapshot }).catch(() => null) : null;
    const handle = loaded ?? (await openDatabase(target));
    // The snapshot holds exactly the current migrations (its key covers them); a new one needs them all.
    if (!loaded) await migrateToLatest(handle.db);
    return { ...handle, drop: () => handle.close() };
  }
  const url = process.env.TEST_DATABASE_URL as string;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  // Extensions are database-wide: create them once in public, so no suite's schema owns (and on
  // drop, takes away) the earthdistance functions every other suite uses.
  for (const extension of ['cube', 'earthdistance', 'btree_gist']) {
    await admin.query(`create extension if not exists ${extension} schema public`).catch(() => {});
  }
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const handle = await openDatabase({ kind: 'postgres', url }, { searchPath: schema, poolSize: 5 });
  await migrateAlongsideOtherSuites(handle.db, schema);
  return {
    ...handle,
    drop: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop schema ${schema} cascade`);
      await cleanup.query(`drop schema if exists pgboss_${schema} cascade`);
      await cleanup.end();
    },
  };
}

/**
 * Kysely's migrator looks for its bookkeeping table by listing every table in the database (with
 * pg_get_serial_sequence on each); when another suite drops its schema at that moment, PostgreSQL
 * answers "schema … does not exist" (3F000), "relation … does not exist" (42P01) or, for a table
 * caught half made or half dropped, "column … of relation … does not exist" (42703) for the
 * vanished one. The migrations run in one transaction, so trying again is safe.
 */
const VANISHED = new Set(['3F000', '42P01', '42703']);
async function migrateAlongsideOtherSuites(db: DatabaseHandle['db'], schema: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await migrateToLatest(db, { schema });
      return;
    } catch (error) {
      const vanished =
        VANISHED.has((error as { code?: string }).code ?? '') && !String(error).includes(schema);
      if (!vanished || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/** Empties every table the app owns, so each test starts from nothing without re-migrating. */
export async function truncateAll(handle: DatabaseHandle): Promise<void> {
  const { rows } = await sql<{ tablename: string }>`
    select tablename from pg_tables
    where schemaname = current_schema() and tablename not like 'kysely_%'`.execute(handle.db);
  if (!rows.length) return;
  const names = rows.map((row) => `"${row.tablename}"`).join(', ');
  // A job the previous test set off (a sweep, a notice fan-out) can still hold row locks here; on
  // PostgreSQL the truncate then loses a deadlock to it. Trying again once that job is done is safe.
  for (let attempt = 1; ; attempt++) {
    try {
      await sql.raw(`truncate ${names} restart identity cascade`).execute(handle.db);
      return;
    } catch (error) {
      const deadlock = (error as { code?: string }).code === '40P01';
      if (!deadlock || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

export type TestContext = {
  kind: DatabaseKind;
  app: FastifyInstance;
  services: AppServices;
  database: DatabaseHandle;
  /** What the app logged during the current test (cleared before each); nothing is printed. */
  log: ReturnType<typeof captureLog>;
};

/**
 * Declares a suite once per database kind. Each suite gets one app and database; each test starts
 * from empty tables.
 */
export function describeWithApp(
  name: string,
  body: (ctx: () => TestContext) => void,
  options: { config?: Partial<Config>; web?: boolean } = {},
): void {
  for (const kind of databaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      let current: TestContext | undefined;
      let drop: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        const database = await openTestDatabase(kind);
        drop = database.drop;
        const log = captureLog();
        const services = await createServices(testConfig(options.config), database, log);
        const app = Fastify({ logger: false });
        await buildApp(app, { services });
        await app.ready();
        current = { kind, app, services, database, log };
      });
      beforeEach(async () => {
        current?.log.clear();
        if (current) {
          await truncateAll(current.database);
          // A truncate tells no process: drop the settings copy the last test may have left (ADR 140).
          current.services.settings.invalidate();
        }
      });
      afterAll(async () => {
        await current?.app.close();
        await current?.services.close();
        await drop?.();
      });
      body(() => {
        if (!current) throw new Error('test app not ready');
        return current;
      });
    });
  }
}
