import type { Db } from '../../db/database.ts';

export type NewStoredImage = {
  owner_id: string;
  purpose: string;
  storage_key: string;
  width: number;
  height: number;
  bytes: number;
};

export async function insertStoredImages(db: Db, rows: NewStoredImage[]) {
  // In slices, so a large batch (the demo seed's) stays far below PostgreSQL's 65,535 parameters.
  for (let start = 0; start < rows.length; start += 1000) {
    await db
      .insertInto('stored_images')
      .values(rows.slice(start, start + 1000))
      .execute();
  }
}

/** Deletes the owner's rows among these keys and returns the keys that were theirs. */
export async function deleteOwnedStoredImages(db: Db, ownerId: string, keys: string[]): Promise<string[]> {
  if (!keys.length) return [];
  const rows = await db
    .deleteFrom('stored_images')
    .where('owner_id', '=', ownerId)
    .where('storage_key', 'in', keys)
    .returning('storage_key')
    .execute();
  return rows.map((row) => row.storage_key);
}

export async function findStoredImagesByOwner(db: Db, ownerId: string) {
  return db
    .selectFrom('stored_images')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('created_at')
    .execute();
}
