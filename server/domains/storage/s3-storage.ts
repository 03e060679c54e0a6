import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  contentTypeForKey,
  keyForUploadsUrl,
  type ObjectStorage,
  safeStorageKey,
  uploadsUrl,
} from './object-storage.ts';

export type S3Settings = {
  /** The service's address: https://s3.<region>.amazonaws.com, or a MinIO, R2 or Ceph endpoint. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Both or neither; without them the SDK's own chain (environment, instance role) is used. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** bucket in the path (`host/bucket/key`), as most S3-compatible servers want. */
  forcePathStyle: boolean;
};

/**
 * Uploads in an S3-compatible bucket, so every server process reads what any of them wrote
 * (ADR 111). Browsers still load them from `/uploads/<key>` on our own origin (the uploads route
 * streams them from the bucket): URLs do not change when the store does, and the bucket stays private.
 */
export function createS3Storage(settings: S3Settings): ObjectStorage {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: S3-compatible servers differ in which they accept.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;

  const requireKey = (key: string) => {
    const safe = safeStorageKey(key);
    if (!safe) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    return safe;
  };

  return {
    async put(key, body, options) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: requireKey(key),
          Body: body,
          ContentType: options.contentType,
          // Keys are never reused (object-storage.ts), so a copy may be kept forever.
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },

    async get(key) {
      const safe = safeStorageKey(key);
      const contentType = safe ? contentTypeForKey(safe) : null;
      if (!safe || !contentType) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: safe }));
        return { body: object.Body as Readable, size: object.ContentLength ?? 0, contentType };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
        throw error;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: requireKey(key) }));
    },

    url: uploadsUrl,
    keyForUrl: keyForUploadsUrl,
  };
}
