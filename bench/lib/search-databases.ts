import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';

/**
 * Throwaway databases for the search benchmark, each dropped by `drop()` whatever happened: a
 * PostgreSQL database of its own (extensions are database-wide, so a schema in a shared database
 * would not do), or a PGlite folder laid out as the server's DATA_DIR (`<dir>/pglite`).
 */

export type BenchDatabase = {
  /** Migrated and open for the setup; close it before the server opens a PGlite folder. */
  handle: DatabaseHandle;
  /** What the server gets: a DATABASE_URL, or a DATA_DIR holding the PGlite folder. */
  server: { databaseUrl: string } | { dataDir: string };
  drop: () => Promise<void>;
};

export async function createPostgresDatabase(adminUrl: string): Promise<BenchDatabase> {
  const name = `privy_search_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  const url = target.toString();
  let handle: DatabaseHandle | null = null;
  const drop = async () => {
    await handle?.close().catch(() => {});
    handle = null;
    // force: a server killed mid-request may leave a connection behind.
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  try {
    handle = await openDatabase({ kind: 'postgres', url }, { poolSize: 2 });
    // pg's pool.end() resolves before its sockets close; the forced drop may then cut one.
    handle.pool?.on('error', () => {});
    await migrateToLatest(handle.db);
    return { handle, server: { databaseUrl: url }, drop };
  } catch (error) {
    await drop();
    throw error;
  }
}

export async function createPgliteDatabase(): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'privy-search-pglite-'));
  let handle: DatabaseHandle | null = null;
  const drop = async () => {
    await handle?.close().catch(() => {});
    handle = null;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    handle = await openDatabase({ kind: 'pglite', dataPath: path.join(dataDir, 'pglite') });
    await migrateToLatest(handle.db);
    return { handle, server: { dataDir }, drop };
  } catch (error) {
    await drop();
    throw error;
  }
}
