import type { Kysely } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import * as accounts from './migrations/2026-11-21-01-accounts.ts';

/**
 * Migrations are listed here rather than discovered on disk, so the list is the same under Node,
 * Vitest and any bundler. Names sort by date; never rename or edit one that has shipped.
 */
const migrations: Record<string, Migration> = {
  '2026-11-21-01-accounts': accounts,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

// biome-ignore lint/suspicious/noExplicitAny: migrations run on any database shape
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
