import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type Booted, bootServices } from '../boot.ts';
import type { Config } from '../config.ts';
import { UPLOADS_URL_PREFIX } from '../domains/storage/object-storage.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../seed/seed-demo.ts';
import { testConfig } from '../test/harness.ts';
import { TestAgent } from '../test/http-client.ts';
import { ensureSnapshot, runSnapshotBuild } from '../test/snapshots.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import {
  findSnapshot,
  isNewPgliteFolder,
  PROJECT_ROOT,
  readSnapshotDatabase,
  saveSnapshot,
  snapshotKey,
} from './snapshot.ts';

const silent = { error: () => {}, warn: () => {}, info: () => {} };
const MIGRATION_NAMES = (await readdir(path.join(import.meta.dirname, 'migrations')))
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.replace(/\.ts$/, ''))
  .sort();

const cleanup: string[] = [];
const booted: Booted[] = [];
afterAll(async () => {
  for (const boot of booted) {
    await boot.services.close();
    await boot.database.close();
  }
  for (const dir of cleanup) await rm(dir, { recursive: true, force: true });
});

async function temporaryDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  cleanup.push(dir);
  return dir;
}

/** A config as main.ts would load it, with its own DATA_DIR (the PGlite folder inside it). */
function firstStartConfig(overrides: Partial<Config>): Config {
  const config = testConfig(overrides);
  cleanup.push(config.dataDir);
  return config;
}

async function boot(config: Config, snapshotRoot: string | null | undefined): Promise<Booted> {
  const result = await bootServices(config, {
    log: silent,
    ...(snapshotRoot === undefined ? {} : { snapshotRoot }),
  });
  booted.push(result);
  return result;
}

async function appliedMigrations(result: Booted): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
    result.database.db,
  );
  return rows.rows.map((row) => row.name);
}

async function tableExists(result: Booted, table: string): Promise<boolean> {
  const rows = await sql<{ found: string | null }>`select to_regclass(${table}) as found`.execute(
    result.database.db,
  );
  return rows.rows[0]?.found !== null;
}

/** Every file under `dir`, relative, with its size. */
async function fileSizes(dir: string): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    sizes.set(path.relative(dir, file), (await stat(file)).size);
  }
  return sizes;
}

// PGlite's own start-up paths: the PostgreSQL-only run (`npm run test:pg`) would only repeat them.
describe.skipIf(process.env.TEST_DATABASE_ONLY === 'postgres')(
  'database snapshots',
  { timeout: 300_000 },
  () => {
    it('first start from the seeded snapshot: all migrations, demo accounts sign in, the photos come along', async () => {
      // As `npm run build` makes it (reused when the cache holds it for these sources already).
      const snapshot = await ensureSnapshot('seeded');
      expect(snapshot.manifest.files).toBeGreaterThan(0);

      // A first start as `npm start` runs it: an empty DATA_DIR, PGlite persisted in it, seeding on.
      const config = firstStartConfig({ seedDemo: true });
      const result = await boot(config, undefined);
      expect(result.snapshot).toMatchObject({ kind: 'seeded', key: snapshot.key });
      expect(result.migrations).toEqual([]);
      expect(await appliedMigrations(result)).toEqual(MIGRATION_NAMES);
      // The seed found its data in place and did not run again.
      expect(result.seeded).toBeNull();

      const app = Fastify({ logger: false });
      await buildApp(app, { services: result.services });
      await app.ready();
      try {
        for (const account of DEMO_ACCOUNTS) {
          const agent = new TestAgent(app);
          const signIn = await agent.post('/api/account/sign-in', {
            email: account.email,
            password: DEMO_PASSWORD,
          });
          expect(signIn.statusCode, account.email).toBe(200);
          const me = await agent.get('/api/account/me');
          expect(me.json().profile.is_admin).toBe(account.is_admin);
        }

        // The files the seed stored under DATA_DIR are all there, byte for byte in size...
        const stored = await fileSizes(path.join(snapshot.dir, 'files'));
        const copied = await fileSizes(config.dataDir);
        for (const [file, size] of stored) expect(copied.get(file), file).toBe(size);
        // ...and served: an upload the database refers to answers 200.
        const upload = [...stored.keys()].find((file) => file.startsWith(`uploads${path.sep}`)) as string;
        const url = UPLOADS_URL_PREFIX + path.relative('uploads', upload).split(path.sep).join('/');
        const served = await app.inject({ method: 'GET', url });
        expect(served.statusCode, url).toBe(200);
        expect(served.rawPayload.length).toBe(stored.get(upload));
      } finally {
        await app.close();
      }
    });

    it('builds the migrated snapshot once per key and starts a SEED_DEMO=false database from it, on disk', async () => {
      const root = await temporaryDir('privy-snapshots-');
      const first = await runSnapshotBuild(['migrated'], root);
      expect(first.output).toMatch(/database snapshot \(migrated\) built in/);
      const second = await runSnapshotBuild(['migrated'], root);
      expect(second.output).toMatch(/database snapshot \(migrated\) up to date/);
      const stored = await findSnapshot('migrated', await snapshotKey('migrated'), root);
      expect(stored).not.toBeNull();

      const config = firstStartConfig({ seedDemo: false });
      const result = await boot(config, root);
      expect(result.snapshot).toMatchObject({ kind: 'migrated', key: stored?.key });
      // The cluster was copied beside the folder and renamed in: nothing else is left in DATA_DIR.
      expect((await readdir(config.dataDir)).filter((entry) => entry.startsWith('pglite'))).toEqual([
        'pglite',
      ]);
      expect(await appliedMigrations(result)).toEqual(MIGRATION_NAMES);
      expect(await tableExists(result, 'profiles')).toBe(true);
      expect(result.seeded).toBeNull();

      // The loaded folder is an ordinary database: writes survive a restart, which loads nothing.
      await sql`create table restart_probe (value text)`.execute(result.database.db);
      await sql`insert into restart_probe values ('kept')`.execute(result.database.db);
      await result.services.close();
      await result.database.close();
      booted.splice(booted.indexOf(result), 1);
      const again = await boot(config, root);
      expect(again.snapshot).toBeNull();
      const kept = await sql<{ value: string }>`select value from restart_probe`.execute(again.database.db);
      expect(kept.rows).toEqual([{ value: 'kept' }]);
    });

    it('ignores a snapshot stored under another key and creates the database the ordinary way', async () => {
      const root = await temporaryDir('privy-snapshots-');
      const key = await snapshotKey('migrated');
      // A database that is recognisably not what initdb + migrate make: it has an extra table.
      const current = await findSnapshot('migrated', key);
      const source = await openDatabase(
        { kind: 'pglite', dataPath: 'memory://' },
        current ? { pgliteSnapshot: await readSnapshotDatabase(current) } : {},
      );
      await migrateToLatest(source.db);
      await sql`create table from_the_snapshot (id int)`.execute(source.db);
      const database = await (source.pglite as NonNullable<typeof source.pglite>).dumpDataDir('none');
      await source.close();
      const dataDir = await temporaryDir('privy-snapshot-files-');
      const cluster = path.join(dataDir, 'cluster');
      await (await openDatabase({ kind: 'pglite', dataPath: cluster }, { pgliteSnapshot: database })).close();
      const stored = await saveSnapshot({
        kind: 'migrated',
        key,
        database,
        cluster,
        dataDir,
        skip: ['cluster'],
        root,
      });

      // With the current key it is used (so the check below would notice if it were)...
      const used = await boot(firstStartConfig({ seedDemo: false }), root);
      expect(used.snapshot?.dir).toBe(stored.dir);
      expect(await tableExists(used, 'from_the_snapshot')).toBe(true);

      // ...made for other migrations or another PGlite, its key differs and it is not.
      const manifestFile = path.join(stored.dir, 'manifest.json');
      const manifest = JSON.parse(await readFile(manifestFile, 'utf8'));
      await writeFile(
        manifestFile,
        JSON.stringify({ ...manifest, key: `${key.slice(0, 16)}${'0'.repeat(48)}` }),
      );
      const ignored = await boot(firstStartConfig({ seedDemo: false }), root);
      expect(ignored.snapshot).toBeNull();
      expect(await tableExists(ignored, 'from_the_snapshot')).toBe(false);
      expect(ignored.migrations).toEqual(MIGRATION_NAMES);
    });

    it('keys a snapshot by what determines it: migrations change the key, pages do not', async () => {
      const root = await temporaryDir('privy-project-');
      for (const entry of ['server', 'common', 'package-lock.json']) {
        await cp(path.join(PROJECT_ROOT, entry), path.join(root, entry), { recursive: true });
      }
      const migrated = await snapshotKey('migrated', { root });
      const seeded = await snapshotKey('seeded', { root });
      expect(migrated).toBe(await snapshotKey('migrated'));

      // A route handler and a test are not reached by the boot: neither key moves.
      await writeFile(path.join(root, 'server', 'domains', 'auth', 'routes.ts'), '// changed\n', {
        flag: 'a',
      });
      await writeFile(path.join(root, 'server', 'db', 'extra.test.ts'), 'export {};\n');
      expect(await snapshotKey('migrated', { root })).toBe(migrated);
      expect(await snapshotKey('seeded', { root })).toBe(seeded);

      // A seed file moves the seeded key only; a migration moves both.
      const seedFile = path.join(root, 'server', 'seed', 'seed-demo.ts');
      await writeFile(seedFile, '// changed\n', { flag: 'a' });
      const seededAfterSeedEdit = await snapshotKey('seeded', { root });
      expect(seededAfterSeedEdit).not.toBe(seeded);
      expect(await snapshotKey('migrated', { root })).toBe(migrated);
      const migration = path.join(root, 'server', 'db', 'migrations', `${MIGRATION_NAMES[0]}.ts`);
      await writeFile(migration, '// changed\n', { flag: 'a' });
      expect(await snapshotKey('migrated', { root })).not.toBe(migrated);
      expect(await snapshotKey('seeded', { root })).not.toBe(seededAfterSeedEdit);

      // Seeded data may be dated from the day it was made: another day, another key.
      const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
      expect(await snapshotKey('seeded', { root, now: tomorrow })).not.toBe(
        await snapshotKey('seeded', { root }),
      );
    });

    it('treats a missing or empty PGlite folder as new, and clears what an interrupted copy left', async () => {
      const dataDir = await temporaryDir('privy-interrupted-');
      const folder = path.join(dataDir, 'pglite');
      expect(await isNewPgliteFolder(folder)).toBe(true);
      await mkdir(folder);
      expect(await isNewPgliteFolder(folder)).toBe(true);
      await writeFile(path.join(folder, 'PG_VERSION'), '17\n');
      expect(await isNewPgliteFolder(folder)).toBe(false);

      // A copy cut short (the process died) is thrown away, never mistaken for the database.
      await mkdir(path.join(dataDir, 'pglite.partial-0123456789ab', 'base'), { recursive: true });
      await rm(folder, { recursive: true });
      expect(await isNewPgliteFolder(folder)).toBe(true);
      expect(await readdir(dataDir)).toEqual([]);
    });
  },
);
