import { randomUUID } from 'node:crypto';
import { IMAGE_DENSITIES } from '../../../common/constants.ts';
import type { Db } from '../../db/database.ts';
import { type ImagePurpose, type ImageVariant, processImage } from './image-pipeline.ts';
import type { ObjectStorage } from './object-storage.ts';
import { deleteOwnedStoredImages, insertStoredImages } from './repository.ts';

export type StoredImage = {
  /** The 1x image: what `src` (and profile_picture_url) points at. */
  url: string;
  /** `<1x url> 1x, <2x url> 2x`, for `srcset`. */
  srcset: string;
  keys: string[];
};

/** An image already checked and re-encoded by the pipeline, not yet stored (see prepareImage). */
export type PreparedImage = { purpose: ImagePurpose; variants: ImageVariant[] };

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
   * Checks and re-encodes an image (the pipeline) without storing it, for an image that is then
   * stored several times (the demo seed gives many listings copies of a few generated photos).
   */
  async function prepareImage(data: Buffer, purpose: ImagePurpose): Promise<PreparedImage> {
    return { purpose, variants: await processImage(data, purpose) };
  }

  /**
   * Checks, re-encodes and stores an uploaded image for its owner, and records each file in
   * stored_images. A refused file throws before anything is written; a failure while writing
   * removes whatever was already written.
   */
  async function storeImage(input: { ownerId: string; purpose: ImagePurpose; data: Buffer }) {
    return storePreparedImage({
      ownerId: input.ownerId,
      image: await prepareImage(input.data, input.purpose),
    });
  }

  /**
   * Stores a prepared image for its owner under a new id: every call writes files and rows of its
   * own, so deleting one copy (deleteImage) never touches another.
   */
  async function storePreparedImage(input: { ownerId: string; image: PreparedImage }): Promise<StoredImage> {
    const [stored] = await storePreparedImages([input]);
    if (!stored) throw new Error('no image was stored');
    return stored;
  }

  /**
   * Stores many prepared images at once, each under its own new id (the demo seed stores hundreds):
   * the files first, then every stored_images row in one transaction. If anything fails, every
   * file already written is removed again and nothing is recorded.
   */
  async function storePreparedImages(
    entries: { ownerId: string; image: PreparedImage }[],
  ): Promise<StoredImage[]> {
    if (!entries.length) return [];
    const images = entries.map(({ ownerId, image }) => {
      const id = randomUUID();
      const files = image.variants.map((variant) => ({
        ...variant,
        key: imageKey(image.purpose, id, variant.density),
      }));
      if (!files.length) throw new Error('image pipeline produced no variants');
      return { ownerId, purpose: image.purpose, files };
    });
    const written: string[] = [];
    try {
      const files = images.flatMap((image) => image.files);
      // A few writes at a time: enough to keep the disk busy without opening hundreds of files.
      for (let start = 0; start < files.length; start += 16) {
        // allSettled: every write of the slice has finished (and is listed) before a failure is thrown.
        const results = await Promise.allSettled(
          files.slice(start, start + 16).map(async (file) => {
            await objects.put(file.key, file.data, { contentType: 'image/webp' });
            written.push(file.key);
          }),
        );
        const failed = results.find((result) => result.status === 'rejected');
        if (failed) throw failed.reason;
      }
      await db.transaction().execute((trx) =>
        insertStoredImages(
          trx,
          images.flatMap((image) =>
            image.files.map((file) => ({
              owner_id: image.ownerId,
              purpose: image.purpose,
              storage_key: file.key,
              width: file.width,
              height: file.height,
              bytes: file.data.length,
            })),
          ),
        ),
      );
    } catch (error) {
      await removeObjects(written);
      throw error;
    }
    return images.map(({ files }) => ({
      url: objects.url((files[0] as (typeof files)[number]).key),
      srcset: files.map((file) => `${objects.url(file.key)} ${file.density}x`).join(', '),
      keys: files.map((file) => file.key),
    }));
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

  return {
    objects,
    storeImage,
    prepareImage,
    storePreparedImage,
    storePreparedImages,
    deleteImage,
    srcsetFor,
  };
}

export type StorageService = ReturnType<typeof createStorageService>;
