import type { Db } from '../../db/database.ts';
import type { BathroomStatus } from '../../db/types.ts';
import { type BathroomFixture, insertBathroom } from '../availability/search-test-support.ts';

/** Real points (GeoNames centres) the location-page tests place bathrooms at. */
export const AUSTIN = { latitude: 30.26715, longitude: -97.74306 };
export const ROUND_ROCK = { latitude: 30.50826, longitude: -97.6789 };
export const NEW_YORK = { latitude: 40.71427, longitude: -74.00597 };

/** A bathroom whose address names `city`, `state_code` (search-test-support always writes Austin, TX). */
export async function insertBathroomIn(
  db: Db,
  fixture: BathroomFixture & { city: string; stateCode: string; status?: BathroomStatus },
): Promise<string> {
  const id = await insertBathroom(db, fixture);
  await db
    .updateTable('bathrooms')
    .set({ city: fixture.city, state_code: fixture.stateCode })
    .where('id', '=', id)
    .execute();
  return id;
}
