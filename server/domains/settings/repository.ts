import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

export type Executor = Db | Transaction<Database>;

/** The only SQL for platform_settings (ADR 131): one row per key, its value JSON. */

export type SettingRow = { key: string; value: unknown; updated_by: string | null; updated_at: Date };

export async function listSettings(db: Executor): Promise<SettingRow[]> {
  return db.selectFrom('platform_settings').select(['key', 'value', 'updated_by', 'updated_at']).execute();
}

export async function findSetting(db: Executor, key: string): Promise<unknown> {
  const row = await db
    .selectFrom('platform_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value;
}

/** Writes one key (inserting it if the row is missing, as after a test's truncate). */
export async function upsertSetting(db: Executor, key: string, value: unknown, updatedBy: string | null) {
  const json = JSON.stringify(value);
  await db
    .insertInto('platform_settings')
    .values({ key, value: json, updated_by: updatedBy })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({ value: json, updated_by: updatedBy, updated_at: sql`now()` }),
    )
    .execute();
}

/** Serialises admins' changes: each reads the values the one before it left (ADR 140). */
export async function lockSettings(db: Executor) {
  await sql`select pg_advisory_xact_lock(hashtext('platform_settings'))`.execute(db);
}
