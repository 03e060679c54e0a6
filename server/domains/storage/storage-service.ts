import { randomUUID } from 'node:crypto';
import { IMAGE_DENSITIES } from '../../../common/constants.ts';
import type { Db } from '../../db/database.ts';
import { type ImagePurpose, processImage } from './image-pipeline.ts';
import type { ObjectStorage } from './object-storage.ts';
import { deleteOwnedStoredImages, insertStoredImages } from './repository.ts';

export type StoredImage = {
  /** The 1x image: what `src` (and profile_picture_url) points at. */
  url: string;
  /** `<1x url> 1x, <2x url> 2x`, for `srcset`. */
  srcset: string;
  keys: string[];
};

// One image is stored once per density under one random id: images/<purpose>/<id>@<density>x.webp.
const IMAGE_KEY = /^images\/([a-z_]+)\/([0-9a-f-]{36})@(\d)x\.webp$/;

function imageKey(purpose: string, id: string, density: number): string {
  return `images/${purpose}/${id}@${density}x.webp`;
}

export function createStorageService(deps: { db: Db; objects: ObjectStorage }) {
  const { db, objects } = deps;

  async function removeObjects(keys: string[]) {
    await Promise.all(
      keys.map((key) =>
        objects.delete(key).catch((error: unknown) => {
          // An orphaned file wastes space but hurts nobody; the request still succeeds.
          console.warn(`Could not delete stored object ${key}`, error);
        }),
      ),
    );
  }

  /** Every density's key for an image we stored, found from any one of its URLs. */
  function imageKeysForUrl(url: string): string[] {
    const key = objects.keyForUrl(url);
    const match = key ? IMAGE_KEY.exec(key) : null;
    if (!match) return [];
    const [, purpose, id] = match as unknown as [string, string, string];
    return IMAGE_DENSITIES.map((density) => imageKey(purpose, id, density));
  }

  /**
   * Checks, re-encodes and stores an uploaded image for its owner, and records each file in
   * stored_images. A refused file throws before anything is written; a failure while writing
   * removes whatever was already written.
   */
  async function storeImage(input: { ownerId: string; purpose: ImagePurpose; data: Buffer }) {
    const variants = await processImage(input.data, input.purpose);
    const id = randomUUID();
    const files = variants.map((variant) => ({
      ...variant,
      key: imageKey(input.purpose, id, variant.density),
    }));
    const written: string[] = [];
    try {
      for (const file of files) {
        await objects.put(file.key, file.data, { contentType: 'image/webp' });
        written.push(file.key);
      }
      await db.transaction().execute((trx) =>
        insertStoredImages(
          trx,
          files.map((file) => ({
            owner_id: input.ownerId,
            purpose: input.purpose,
            storage_key: file.key,
            width: file.width,
            height: file.height,
            bytes: file.data.length,
          })),
        ),
      );
    } catch (error) {
      await removeObjects(written);
      throw error;
    }
    const urls = files.map((file) => `${objects.url(file.key)} ${file.density}x`);
    const first = files[0];
    if (!first) throw new Error('image pipeline produced no variants');
    return { url: objects.url(first.key), srcset: urls.join(', '), keys: written } satisfies StoredImage;
  }

  /**
   * Deletes an image (every density) by one of its URLs, only if it belongs to this owner.
   * Returns whether anything was deleted.
   */
  async function deleteImage(input: { ownerId: string; url: string }): Promise<boolean> {
    const owned = await deleteOwnedStoredImages(db, input.ownerId, imageKeysForUrl(input.url));
    await removeObjects(owned);
    return owned.length > 0;
  }

  /** The srcset for an image URL we stored; null for anything else (an external URL, say). */
  function srcsetFor(url: string | null): string | null {
    if (!url) return null;
    const keys = imageKeysForUrl(url);
    if (!keys.length) return null;
    return keys.map((key, index) => `${objects.url(key)} ${IMAGE_DENSITIES[index]}x`).join(', ');
  }

  return { objects, storeImage, deleteImage, srcsetFor };
}

export type StorageService = ReturnType<typeof createStorageService>;
