import { type Insertable, type Selectable, sql, type Transaction, type Updateable } from 'kysely';
import type { SavedListingStep } from '../../../common/listing-steps.ts';
import type { Db } from '../../db/database.ts';
import type { BathroomPhotoTable, BathroomTable, Database } from '../../db/types.ts';

/** The only place with SQL for bathrooms, their opening hours and their photos. */

type Executor = Db | Transaction<Database>;

export type BathroomRow = Selectable<BathroomTable>;
export type PhotoRow = Selectable<BathroomPhotoTable>;
export type NewBathroom = Insertable<BathroomTable> & { id: string };
export type BathroomChanges = Updateable<BathroomTable>;
export type OpeningRangeRow = { weekday: number; opens: string; closes: string };

export async function insertBathroom(db: Executor, row: NewBathroom) {
  return db.insertInto('bathrooms').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findBathroom(db: Executor, id: string) {
  return db.selectFrom('bathrooms').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Locks the row for the rest of the transaction, so concurrent photo or hour edits queue up. */
export async function lockBathroom(trx: Transaction<Database>, id: string) {
  return trx.selectFrom('bathrooms').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateBathroom(db: Executor, id: string, changes: BathroomChanges) {
  return db
    .updateTable('bathrooms')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Adds steps to the ones the host has saved (ADR 117); each is kept once. */
export async function markStepsCompleted(db: Executor, id: string, steps: readonly SavedListingStep[]) {
  if (!steps.length) return;
  await db
    .updateTable('bathrooms')
    .set({
      completed_steps: sql<SavedListingStep[]>`array(
        select distinct step from unnest(completed_steps || ${sql.val(steps)}::text[]) as step order by step)`,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteBathroom(db: Executor, id: string) {
  await db.deleteFrom('bathrooms').where('id', '=', id).execute();
}

export async function listBathroomsByHost(db: Executor, hostId: string) {
  return db
    .selectFrom('bathrooms')
    .selectAll()
    .where('host_id', '=', hostId)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function findPhotos(db: Executor, bathroomIds: string[]) {
  if (!bathroomIds.length) return [];
  return db
    .selectFrom('bathroom_photos')
    .selectAll()
    .where('bathroom_id', 'in', bathroomIds)
    .orderBy('bathroom_id')
    .orderBy('position')
    .execute();
}

export async function insertPhoto(db: Executor, row: Insertable<BathroomPhotoTable>) {
  return db.insertInto('bathroom_photos').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function deletePhoto(db: Executor, bathroomId: string, photoId: string) {
  return db
    .deleteFrom('bathroom_photos')
    .where('bathroom_id', '=', bathroomId)
    .where('id', '=', photoId)
    .returningAll()
    .executeTakeFirst();
}

export async function updatePhotoAlt(db: Executor, bathroomId: string, photoId: string, alt: string) {
  return db
    .updateTable('bathroom_photos')
    .set({ alt })
    .where('bathroom_id', '=', bathroomId)
    .where('id', '=', photoId)
    .returningAll()
    .executeTakeFirst();
}

/** Sets every photo's position from its place in the list; (bathroom, position) is checked at commit. */
export async function setPhotoPositions(trx: Transaction<Database>, bathroomId: string, photoIds: string[]) {
  for (const [position, id] of photoIds.entries()) {
    await trx
      .updateTable('bathroom_photos')
      .set({ position })
      .where('bathroom_id', '=', bathroomId)
      .where('id', '=', id)
      .execute();
  }
}

export async function findOpeningHours(
  db: Executor,
  bathroomIds: string[],
): Promise<(OpeningRangeRow & { bathroom_id: string })[]> {
  if (!bathroomIds.length) return [];
  return db
    .selectFrom('bathroom_opening_hours')
    .select(['bathroom_id', 'weekday', 'opens', 'closes'])
    .where('bathroom_id', 'in', bathroomIds)
    .orderBy('weekday')
    .orderBy('opens')
    .execute();
}

export async function replaceOpeningHours(
  trx: Transaction<Database>,
  bathroomId: string,
  ranges: OpeningRangeRow[],
) {
  await trx.deleteFrom('bathroom_opening_hours').where('bathroom_id', '=', bathroomId).execute();
  if (!ranges.length) return;
  await trx
    .insertInto('bathroom_opening_hours')
    .values(ranges.map((range) => ({ bathroom_id: bathroomId, ...range })))
    .execute();
}

/** Hides every published bathroom of a host (their hosting rights were revoked). */
export async function unlistAllForHost(db: Executor, hostId: string) {
  const rows = await db
    .updateTable('bathrooms')
    .set({ status: 'unlisted', updated_at: new Date() })
    .where('host_id', '=', hostId)
    .where('status', '=', 'published')
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

// ---- Many listings at once (the demo seed): multi-row statements, in slices that keep each
// statement far below PostgreSQL's 65,535 parameters.

const SLICE = 500;

async function inSlices<T>(rows: T[], write: (slice: T[]) => Promise<void>) {
  for (let start = 0; start < rows.length; start += SLICE) await write(rows.slice(start, start + SLICE));
}

export async function insertBathrooms(db: Executor, rows: NewBathroom[]): Promise<BathroomRow[]> {
  const inserted: BathroomRow[] = [];
  await inSlices(rows, async (slice) => {
    inserted.push(...(await db.insertInto('bathrooms').values(slice).returningAll().execute()));
  });
  return inserted;
}

export async function insertOpeningRanges(db: Executor, rows: (OpeningRangeRow & { bathroom_id: string })[]) {
  await inSlices(rows, async (slice) => {
    await db.insertInto('bathroom_opening_hours').values(slice).execute();
  });
}

export async function insertPhotos(db: Executor, rows: Insertable<BathroomPhotoTable>[]) {
  await inSlices(rows, async (slice) => {
    await db.insertInto('bathroom_photos').values(slice).execute();
  });
}

/** Publishes these bathrooms; a bathroom published before keeps its first publication date. */
export async function publishBathrooms(db: Executor, ids: string[]) {
  await inSlices(ids, async (slice) => {
    await db
      .updateTable('bathrooms')
      .set((eb) => ({
        status: 'published',
        published_at: eb.fn.coalesce('published_at', sql<Date>`now()`),
        updated_at: new Date(),
      }))
      .where('id', 'in', slice)
      .execute();
  });
}

/**
 * The hosts among these whose payout (Stripe Connect) account is linked and can be paid: both
 * stripe_connect_id set and is_stripe_connected true (PRODUCT.md "unlinked provider").
 */
export async function findPayoutLinkedHosts(db: Executor, hostIds: string[]): Promise<Set<string>> {
  if (!hostIds.length) return new Set();
  const rows = await db
    .selectFrom('profiles')
    .select('id')
    .where('id', 'in', [...new Set(hostIds)])
    .where('is_stripe_connected', '=', true)
    .where('stripe_connect_id', 'is not', null)
    .execute();
  return new Set(rows.map((row) => row.id));
}
