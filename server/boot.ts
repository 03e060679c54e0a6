import { rm } from 'node:fs/promises';
import { type Config, ConfigError } from './config.ts';
import { connectionErrorReason, maskDatabaseUrl } from './db/connection-errors.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import {
  copySnapshotCluster,
  copySnapshotFiles,
  DEFAULT_SNAPSHOT_ROOT,
  findSnapshot,
  isNewPgliteFolder,
  readSnapshotDatabase,
  type Snapshot,
  type SnapshotKind,
  snapshotKey,
} from './db/snapshot.ts';
import type { SeedResult } from './seed/seed-demo.ts';
import type { AppServices, ServiceLogger } from './services.ts';

export type BootOptions = {
  log: ServiceLogger;
  /** Where database snapshots are stored; null never uses one (building a snapshot from scratch). */
  snapshotRoot?: string | null;
};

export type Booted = {
  database: DatabaseHandle;
  services: AppServices;
  /** Migrations this boot applied. */
  migrations: string[];
  /** What the seed created on this boot (null: nothing, e.g. it came with the snapshot). */
  seeded: SeedResult | null;
  /** The snapshot the new database was loaded from, if any. */
  snapshot: Pick<Snapshot, 'kind' | 'key' | 'dir'> | null;
  /** Milliseconds per step, for the start-up log line and bench/cold-start.ts. */
  timings: Record<string, number>;
};

/** Which snapshots would do for a new database under this config, best first. */
function usableKinds(config: Config): SnapshotKind[] {
  return config.seedDemo ? ['seeded', 'migrated'] : ['migrated'];
}

async function pickSnapshot(config: Config, root: string, log: ServiceLogger): Promise<Snapshot | null> {
  for (const kind of usableKinds(config)) {
    try {
      const snapshot = await findSnapshot(kind, await snapshotKey(kind), root);
      if (snapshot) return snapshot;
    } catch (error) {
      log.warn({ err: error, kind }, 'database snapshot unreadable; not using it');
    }
  }
  return null;
}

/**
 * Opens the database, starting it from the snapshot when there is one (the database is new), and
 * puts the snapshot's files (the seed's uploads) into DATA_DIR. A snapshot that fails to load is
 * dropped and the database created the ordinary way; `loaded` says which happened.
 */
async function openWithSnapshot(
  config: Config,
  snapshot: Snapshot | null,
  log: ServiceLogger,
): Promise<{ database: DatabaseHandle; loaded: boolean }> {
  const target = config.database;
  const open = (pgliteSnapshot?: Blob) =>
    openDatabase(target, { log, ...(pgliteSnapshot ? { pgliteSnapshot } : {}) });
  if (!snapshot || target.kind !== 'pglite') return { database: await open(), loaded: false };
  const inMemory = target.dataPath === 'memory://';
  try {
    copySnapshotFiles(snapshot, config.dataDir);
    if (inMemory) {
      const database = await open(await readSnapshotDatabase(snapshot));
      return { database, loaded: true };
    }
    copySnapshotCluster(snapshot, target.dataPath);
    return { database: await open(), loaded: true };
  } catch (error) {
    log.warn(
      { err: error, snapshot: snapshot.dir },
      'database snapshot failed to load; creating the database',
    );
    if (!inMemory) await rm(target.dataPath, { recursive: true, force: true });
    return { database: await open(), loaded: false };
  }
}

/**
 * A server that cannot reach its database at start says so in one line naming the variable (the
 * password masked) rather than a driver's stack trace from the first migration (ADR 107). Later
 * outages are survived instead (server/db/database-health.ts).
 */
async function assertReachable(database: DatabaseHandle, url: string): Promise<void> {
  try {
    await database.pool?.query('select 1');
  } catch (error) {
    await database.close().catch(() => {});
    throw new ConfigError(
      `DATABASE_URL: cannot connect to ${maskDatabaseUrl(url)}: ${connectionErrorReason(error)}`,
    );
  }
}

/**
 * The start-up sequence shared by main.ts and the snapshot build (server/db/build-snapshot.ts), so
 * a snapshot is exactly what a first start would have made: open (or load) the database, migrate,
 * create the services, seed the demo data when the config asks for it. A loaded snapshot skips the
 * migrator: its key covers every migration file, so it holds exactly the current ones.
 */
export async function bootServices(config: Config, options: BootOptions): Promise<Booted> {
  const { log } = options;
  const snapshotRoot = options.snapshotRoot === undefined ? DEFAULT_SNAPSHOT_ROOT : options.snapshotRoot;
  const timings: Record<string, number> = {};
  let since = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - since);
    since = now;
  };

  const target = config.database;
  const isNew =
    target.kind === 'pglite' &&
    (target.dataPath === 'memory://' || (await isNewPgliteFolder(target.dataPath)));
  const candidate = isNew && snapshotRoot ? await pickSnapshot(config, snapshotRoot, log) : null;
  lap('snapshotLookup');
  // The services' modules (most of the server) load while PGlite compiles its WebAssembly.
  const modules = Promise.all([import('./services.ts'), import('./seed/seed-demo.ts')]);
  modules.catch(() => {}); // awaited below; this only keeps a failure from counting as unhandled
  const { database, loaded } = await openWithSnapshot(config, candidate, log);
  const snapshot = loaded ? candidate : null;
  if (target.kind === 'postgres') await assertReachable(database, target.url);
  lap(snapshot ? 'databaseFromSnapshot' : 'database');
  const migrations = snapshot ? [] : await migrateToLatest(database.db);
  lap('migrate');
  const [{ createServices }, { seedDemoData }] = await modules;
  const services = await createServices(config, database, log);
  lap('services');
  const seeded = config.seedDemo ? await seedDemoData(services) : null;
  lap('seed');
  return {
    database,
    services,
    migrations,
    seeded,
    snapshot: snapshot ? { kind: snapshot.kind, key: snapshot.key, dir: snapshot.dir } : null,
    timings,
  };
}
