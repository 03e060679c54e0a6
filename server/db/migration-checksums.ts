import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type Kysely, sql } from 'kysely';

/**
 * The sha256 of each migration file's source (ADR 139). Kysely records names only; this records
 * what a migration's file said when it ran, so /admin/database-setup can tell an edited migration
 * from the one the database ran. It reads the .ts file beside this module: the server runs from
 * source, so what it hashes is what it imported. A file that cannot be read answers null.
 */
export async function migrationSourceChecksum(name: string): Promise<string | null> {
  try {
    const source = await readFile(new URL(`./migrations/${name}.ts`, import.meta.url));
    return createHash('sha256').update(source).digest('hex');
  } catch {
    return null;
  }
}

/** Called by migrateToLatest with the migrations it has just run. */
export async function recordAppliedChecksums(
  // biome-ignore lint/suspicious/noExplicitAny: migrations run on any database shape
  db: Kysely<any>,
  names: string[],
  schema: string | null,
): Promise<void> {
  const table = schema ? sql.id(schema, 'migration_checksums') : sql.id('migration_checksums');
  for (const name of names) {
    const sha256 = await migrationSourceChecksum(name);
    if (!sha256) continue;
    await sql`
      insert into ${table} (name, sha256, recorded_when) values (${name}, ${sha256}, 'applied')
      on conflict (name) do update set sha256 = excluded.sha256, recorded_when = 'applied',
        recorded_at = now()`.execute(db);
  }
}
