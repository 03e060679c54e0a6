import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import sharp, { type Metadata } from 'sharp';
import { IMAGE_DENSITIES, IMAGE_MAX_BYTES, IMAGE_QUALITY } from '../../../common/constants.ts';
import { IMAGE_SIZE_MESSAGE, IMAGE_TYPE_MESSAGE } from '../../../common/schemas/profile.ts';
import { AppError } from '../../http/errors.ts';

export type ImageFormat = 'jpeg' | 'png' | 'webp';

/** How big an image of each purpose is shown, in CSS pixels; 2x doubles both sides. See ADR 031. */
export const IMAGE_PURPOSES = {
  avatar: { width: 256, height: 256 },
  /** A listing photo, 4:3 (ADR 067). */
  bathroom: { width: 800, height: 600 },
  /** A refund request's evidence photo (ADR 126): shown like a listing photo. */
  refund_photo: { width: 800, height: 600 },
} as const satisfies Record<string, { width: number; height: number }>;

export type ImagePurpose = keyof typeof IMAGE_PURPOSES;

/** A phone's 50-megapixel photo passes; a decompression bomb does not. */
export const IMAGE_MAX_PIXELS = 100_000_000;

/**
 * The file's real type from its first bytes, whatever its name or declared type says.
 * JPEG: FF D8 FF. PNG: the 8-byte PNG signature. WebP: "RIFF", a length, then "WEBP".
 */
export function detectImageFormat(data: Uint8Array): ImageFormat | null {
  const starts = (bytes: number[], offset = 0) =>
    data.length >= offset + bytes.length && bytes.every((byte, i) => data[offset + i] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

export type ImageVariant = { density: number; data: Buffer; width: number; height: number };

// libvips keeps recent images in a cache for repeated operations; an upload is processed once, so
// the cache would only hold decoded pixels (hundreds of MB after a few large photos) for nothing.
sharp.cache(false);

/**
 * Uploads decoded at once, at most. sharp works on libuv's thread pool, which password hashing and
 * file I/O share: four 100-megapixel decodes together would hold every thread and the memory of
 * all four. Half the cores (at least one) leaves the rest to everything else; later uploads wait
 * their turn (ADR 109).
 */
export const IMAGE_DECODES_AT_ONCE = Math.max(1, Math.floor(availableParallelism() / 2));
const decodeTurn = pLimit(IMAGE_DECODES_AT_ONCE);

/** Uploads being decoded now and waiting for a turn (tests, and a place to look under load). */
export const imageDecodes = () => ({ active: decodeTurn.activeCount, waiting: decodeTurn.pendingCount });

/**
 * Checks an upload and re-encodes it to WebP at every density of spec §9. Re-encoding drops all
 * metadata (EXIF location, camera serials) and anything smuggled after the image data.
 * Throws a 413 or 415 AppError for a file we will not take; nothing is written here.
 */
export async function processImage(data: Buffer, purpose: ImagePurpose): Promise<ImageVariant[]> {
  if (data.length > IMAGE_MAX_BYTES) throw new AppError('payload_too_large', IMAGE_SIZE_MESSAGE);
  const format = detectImageFormat(data);
  if (!format) throw new AppError('unsupported_media_type', IMAGE_TYPE_MESSAGE);
  return decodeTurn(() => renderVariants(data, format, purpose));
}

async function renderVariants(
  data: Buffer,
  format: ImageFormat,
  purpose: ImagePurpose,
): Promise<ImageVariant[]> {
  const input = () => sharp(data, { limitInputPixels: IMAGE_MAX_PIXELS, animated: false });
  let metadata: Metadata;
  try {
    metadata = await input().metadata();
  } catch (error) {
    throw unreadable(error);
  }
  // The decoder must agree with the signature, so a file dressed up as another type is refused.
  if (metadata.format !== format) throw new AppError('unsupported_media_type', IMAGE_TYPE_MESSAGE);
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > IMAGE_MAX_PIXELS) {
    throw new AppError('payload_too_large', 'This image has too many pixels. Please choose a smaller one.');
  }
  const size = IMAGE_PURPOSES[purpose];
  const largest = Math.max(...IMAGE_DENSITIES);
  try {
    // The original is decoded once, straight to the largest size; the smaller sizes are made from
    // those pixels (a few MB) rather than by decoding the original again.
    const { data: pixels, info } = await input()
      .autoOrient()
      .resize({ width: size.width * largest, height: size.height * largest, fit: 'cover' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    return await Promise.all(
      IMAGE_DENSITIES.map(async (density) => {
        const variant = sharp(pixels, raw);
        if (density !== largest)
          variant.resize({ width: size.width * density, height: size.height * density });
        const { data: output, info: encoded } = await variant
          .webp({ quality: IMAGE_QUALITY })
          .toBuffer({ resolveWithObject: true });
        return { density, data: output, width: encoded.width, height: encoded.height };
      }),
    );
  } catch (error) {
    throw unreadable(error);
  }
}

function unreadable(error: unknown): AppError {
  if (error instanceof Error && /pixel limit/i.test(error.message)) {
    return new AppError('payload_too_large', 'This image has too many pixels. Please choose a smaller one.');
  }
  return new AppError(
    'unsupported_media_type',
    'We could not read this image; it may be damaged. Please choose another JPEG, PNG or WebP file.',
  );
}
