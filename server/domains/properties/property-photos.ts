import type { Transaction } from 'kysely';
import {
  MAX_PHOTOS,
  PHOTO_ALT_MAX,
  PHOTO_ALT_TOO_LONG,
  type PropertyView,
} from '../../../common/schemas/properties.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../http/errors.ts';
import { IMAGE_PURPOSES } from '../storage/image-pipeline.ts';
import type { StorageService } from '../storage/storage-service.ts';
import type { Actor } from './property-service.ts';
import {
  type BathroomRow,
  deletePhoto,
  findPhotos,
  insertPhoto,
  setPhotoPositions,
  updateBathroom,
  updatePhotoAlt,
} from './repository.ts';

type PhotoDeps = {
  db: Db;
  storage: StorageService;
  urlFor: (key: string) => string;
  lockManageable: (trx: Transaction<Database>, actor: Actor, id: string) => Promise<BathroomRow>;
  loadView: (row: BathroomRow) => Promise<PropertyView>;
};

const tooMany = () =>
  new AppError('conflict', `A listing holds at most ${MAX_PHOTOS} photos. Remove one to add another.`, [
    { field: 'file', message: `At most ${MAX_PHOTOS} photos.` },
  ]);

// The route's schema says this first; the service repeats it for callers without one (the seed).
const altTooLong = () =>
  new AppError('validation_error', PHOTO_ALT_TOO_LONG, [{ field: 'alt', message: PHOTO_ALT_TOO_LONG }]);

/** A listing's photos: 1–10 WebP images from the storage pipeline, position 0 is the cover. */
export function createPropertyPhotos(deps: PhotoDeps) {
  const { db, storage } = deps;

  /**
   * Checks the rights and the count first (so a refused upload costs nothing), stores the image
   * through the pipeline (a wrong type or size throws 415/413 before anything is written), then
   * appends it; if the append fails, the stored files are removed again. `options.alt` describes
   * the photo (the seed passes one); without it the photo is named from the title until the host
   * writes a description.
   */
  async function addPhoto(
    actor: Actor,
    id: string,
    data: Buffer,
    options: { alt?: string } = {},
  ): Promise<PropertyView> {
    const alt = (options.alt ?? '').trim();
    if (alt.length > PHOTO_ALT_MAX) throw altTooLong();
    const before = await db.transaction().execute(async (trx) => {
      const row = await deps.lockManageable(trx, actor, id);
      if ((await findPhotos(trx, [id])).length >= MAX_PHOTOS) throw tooMany();
      return row;
    });
    const stored = await storage.storeImage({ ownerId: before.host_id, purpose: 'bathroom', data });
    try {
      const row = await db.transaction().execute(async (trx) => {
        await deps.lockManageable(trx, actor, id);
        const existing = await findPhotos(trx, [id]);
        if (existing.length >= MAX_PHOTOS) throw tooMany();
        const [key1x, key2x] = stored.keys;
        if (!key1x || !key2x) throw new Error('the image pipeline stored fewer than two densities');
        await insertPhoto(trx, {
          bathroom_id: id,
          position: existing.length,
          key_1x: key1x,
          key_2x: key2x,
          width: IMAGE_PURPOSES.bathroom.width,
          height: IMAGE_PURPOSES.bathroom.height,
          alt,
        });
        return updateBathroom(trx, id, {});
      });
      return deps.loadView(row);
    } catch (error) {
      await storage.deleteImage({ ownerId: before.host_id, url: stored.url });
      throw error;
    }
  }

  async function removePhoto(actor: Actor, id: string, photoId: string): Promise<PropertyView> {
    const { row, removed } = await db.transaction().execute(async (trx) => {
      const current = await deps.lockManageable(trx, actor, id);
      const photos = await findPhotos(trx, [id]);
      if (current.status === 'published' && photos.length === 1 && photos[0]?.id === photoId) {
        throw new AppError(
          'conflict',
          'A published listing needs at least one photo. Add another first, or unpublish the listing.',
        );
      }
      const deleted = await deletePhoto(trx, id, photoId);
      if (!deleted) throw new AppError('not_found', 'This listing has no such photo.');
      await setPhotoPositions(
        trx,
        id,
        photos.filter((photo) => photo.id !== photoId).map((photo) => photo.id),
      );
      return { row: await updateBathroom(trx, id, {}), removed: deleted };
    });
    await storage.deleteImage({ ownerId: row.host_id, url: deps.urlFor(removed.key_1x) });
    return deps.loadView(row);
  }

  /** The new order names every photo exactly once; the first becomes the cover. */
  async function reorderPhotos(actor: Actor, id: string, photoIds: string[]): Promise<PropertyView> {
    const row = await db.transaction().execute(async (trx) => {
      await deps.lockManageable(trx, actor, id);
      const current = (await findPhotos(trx, [id])).map((photo) => photo.id);
      const same =
        photoIds.length === current.length &&
        new Set(photoIds).size === photoIds.length &&
        photoIds.every((photoId) => current.includes(photoId));
      if (!same) {
        throw new AppError('validation_error', 'List every photo of this listing exactly once.', [
          { field: 'photo_ids', message: 'List every photo of this listing exactly once.' },
        ]);
      }
      await setPhotoPositions(trx, id, photoIds);
      return updateBathroom(trx, id, {});
    });
    return deps.loadView(row);
  }

  /** Sets a photo's alt text; an empty one brings back the default made from the title. */
  async function describePhoto(
    actor: Actor,
    id: string,
    photoId: string,
    alt: string,
  ): Promise<PropertyView> {
    const text = alt.trim();
    if (text.length > PHOTO_ALT_MAX) throw altTooLong();
    const row = await db.transaction().execute(async (trx) => {
      await deps.lockManageable(trx, actor, id);
      const updated = await updatePhotoAlt(trx, id, photoId, text);
      if (!updated) throw new AppError('not_found', 'This listing has no such photo.');
      return updateBathroom(trx, id, {});
    });
    return deps.loadView(row);
  }

  return { addPhoto, removePhoto, reorderPhotos, describePhoto };
}
