import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { enableCompileCache, flushCompileCache } from '../compile-cache.ts';
import type { ServiceLogger } from '../services.ts';
import {
  DEFAULT_SNAPSHOT_ROOT,
  findSnapshot,
  PROJECT_ROOT,
  type Snapshot,
  type SnapshotKind,
  saveSnapshot,
  snapshotKey,
} from './snapshot.ts';

/**
 * `node server/db/build-snapshot.ts [--root DIR] [--warm] [migrated|seeded …]` (both kinds by
 * default), run at the end of `npm run build` and by the test setup: makes the database snapshots
 * (ADR 079) for the current sources unless they are stored already. `--warm` then loads every
 * module a start loads, the built web app included, to fill Node's compile cache for it.
 *
 * Only Node's own modules are imported statically here: the rest loads after the compile cache is
 * on (and after the keys are computed, see below).
 *
 * Each kind's key is computed before the boot's modules are loaded (they are imported lazily) and
 * again after the boot: if a source file changed in between (the tree is shared and edited while
 * builds run), the snapshot might not match its key, so it is not stored. It is made next time.
 */

export type BuildResult = { snapshot: Snapshot | null; built: boolean; milliseconds: number };

async function buildSnapshot(
  kind: SnapshotKind,
  key: string,
  root: string,
  log: ServiceLogger,
): Promise<BuildResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const existing = await findSnapshot(kind, key, root);
  if (existing) return { snapshot: existing, built: false, milliseconds: elapsed() };

  const [{ bootServices }, { loadConfig }, { openDatabase }] = await Promise.all([
    import('../boot.ts'),
    import('../config.ts'),
    import('./database.ts'),
  ]);
  const dataDir = await mkdtemp(path.join(tmpdir(), `privy-snapshot-${kind}-`));
  try {
    // What a first start does, on a throwaway configuration: the seed must not depend on it.
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: 'memory://',
      AUTH_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: kind === 'seeded' ? 'true' : 'false',
      LOG_LEVEL: 'warn',
    });
    // The seeded build starts from the migrated snapshot when there is one, as a first start does.
    const booted = await bootServices(config, { log, snapshotRoot: root });
    try {
      const pglite = booted.database.pglite;
      if (!pglite) throw new Error('a snapshot needs the embedded database');
      if (kind === 'seeded') {
        // A first start installs the job scheduler's tables right after listening. Test databases
        // (the migrated kind) stay without them, as the suites expect.
        await booted.services.jobs.start();
        await booted.services.jobs.stop();
      }
      // Everything on disk, so the loaded copy has no write-ahead log to replay.
      await pglite.exec('checkpoint');
      const database = await pglite.dumpDataDir('none');
      // The folder form, unpacked by PGlite itself and shut down cleanly.
      const cluster = path.join(dataDir, 'snapshot-cluster');
      await (await openDatabase({ kind: 'pglite', dataPath: cluster }, { pgliteSnapshot: database })).close();
      if ((await snapshotKey(kind)) !== key) return { snapshot: null, built: false, milliseconds: elapsed() };
      const snapshot = await saveSnapshot({
        kind,
        key,
        database,
        cluster,
        dataDir,
        skip: ['auth-secret', 'snapshot-cluster'],
        root,
      });
      return { snapshot, built: true, milliseconds: elapsed() };
    } finally {
      await booted.services.close();
      await booted.database.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** What main.ts loads before it listens, so that `--warm` compiles all of it. */
async function loadStartModules(): Promise<void> {
  await Promise.all([
    import('fastify'),
    import('../config.ts'),
    import('../http/operations.ts'),
    import('../boot.ts'),
    import('../services.ts'),
    import('../seed/seed-demo.ts'),
    import('../app.ts'),
  ]);
  const serverBuild = path.join(PROJECT_ROOT, 'build', 'server', 'index.js');
  if (existsSync(serverBuild)) await import(serverBuild);
}

if (import.meta.main) {
  enableCompileCache();
  const { values, positionals } = parseArgs({
    options: {
      root: { type: 'string', default: DEFAULT_SNAPSHOT_ROOT },
      warm: { type: 'boolean', default: false },
    },
    allowPositionals: true,
  });
  const kinds = (positionals.length ? positionals : ['migrated', 'seeded']) as SnapshotKind[];
  for (const kind of kinds) {
    if (kind !== 'migrated' && kind !== 'seeded') {
      console.error(`Unknown snapshot kind ${kind}: use migrated or seeded.`);
      process.exit(1);
    }
  }
  const root = path.resolve(values.root);
  // Keys first, before any of the code they cover is loaded.
  const keys = await Promise.all(kinds.map((kind) => snapshotKey(kind)));
  const log: ServiceLogger = {
    error: (obj, msg) => console.error(msg, obj),
    warn: (obj, msg) => console.warn(msg, obj),
    info: () => {},
  };
  for (const [index, kind] of kinds.entries()) {
    const { snapshot, built, milliseconds } = await buildSnapshot(kind, keys[index] as string, root, log);
    const seconds = (milliseconds / 1000).toFixed(1);
    if (!snapshot) {
      console.warn(
        `database snapshot (${kind}) not stored: sources changed while it was built (${seconds} s)`,
      );
      continue;
    }
    const where = path.relative(process.cwd(), snapshot.dir);
    console.info(
      built
        ? `database snapshot (${kind}) built in ${seconds} s: ${where}`
        : `database snapshot (${kind}) up to date: ${where}`,
    );
  }
  if (values.warm) {
    await loadStartModules();
    console.info('compile cache filled for the server and the built web app');
  }
  flushCompileCache();
  // Services may leave timers behind (the realtime bus, the places index): the work is done.
  process.exit(0);
}
