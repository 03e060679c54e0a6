import { findSnapshot, snapshotKey } from '../db/snapshot.ts';
import { runSnapshotBuild } from './snapshots.ts';

/**
 * Once per `npm test` run, before any suite: makes sure the migrated-database snapshot for the
 * current migrations exists (ADR 079), so each suite's in-memory PGlite loads it in about a second
 * instead of running initdb and every migration (4–6 s). If that fails, suites still pass, only
 * slower: the harness creates each database from scratch when there is no snapshot.
 */
export default async function setup(): Promise<void> {
  if (process.env.TEST_DATABASE_ONLY === 'postgres') return;
  if (await findSnapshot('migrated', await snapshotKey('migrated'))) return;
  const { code, output } = await runSnapshotBuild(['migrated']);
  if (code !== 0)
    console.warn(`Could not build the test database snapshot; suites create their own.\n${output}`);
}
