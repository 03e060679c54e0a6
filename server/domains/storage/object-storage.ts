import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Keys are relative paths like `images/avatar/<id>@1x.webp`; every
 * key is written once and never reused, so anything served from a key may be cached forever.
 * The local-disk store is the default; an S3-compatible store implements the same four calls.
 */
export type ObjectStorage = {
  put(key: string, body: Buffer, options: { contentType: string }): Promise<void>;
  /** The object's bytes as a stream, or null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** The URL a browser loads the object from. */
  url(key: string): string;
  /** The key behind a URL this store handed out, or null if the URL is not one of ours. */
  keyForUrl(url: string): string | null;
};

export type StoredObject = { body: Readable; size: number; contentType: string };

export const UPLOADS_URL_PREFIX = '/uploads/';

/** Where browsers load an object from, whichever store holds it: our own `/uploads/` route. */
export function uploadsUrl(key: string): string {
  const safe = safeStorageKey(key);
  if (!safe) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  return `${UPLOADS_URL_PREFIX}${safe}`;
}

/** The key behind an `/uploads/` URL, or null if the URL is not one of ours. */
export function keyForUploadsUrl(url: string): string | null {
  if (!url.startsWith(UPLOADS_URL_PREFIX)) return null;
  return safeStorageKey(url.slice(UPLOADS_URL_PREFIX.length));
}

/** Spec §5: leading, trailing and duplicate slashes are removed (backslashes count as slashes). */
export function normalizeStorageKey(raw: string): string {
  return raw
    .replace(/\\/g, '/')
    .split('/')
    .filter((segment) => segment !== '')
    .join('/');
}

// A segment starts with a letter or digit, so ".", ".." and hidden files can never be named.
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,127}$/;

// The same rule for a key already in normal form: up to 8 segments joined by single slashes.
const NORMAL_SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,127}(?:\/[A-Za-z0-9][A-Za-z0-9._@-]{0,127}){0,7}$/;

/** A normalised key that is safe to map onto a file system or an object store; null otherwise. */
export function safeStorageKey(raw: string): string | null {
  // Keys we stored are already normal (a search answer builds 40 image URLs): one test, no splitting.
  if (raw.length <= 512 && NORMAL_SAFE_KEY.test(raw)) return raw;
  const key = normalizeStorageKey(raw);
  if (!key || key.length > 512) return null;
  const segments = key.split('/');
  if (segments.length > 8 || !segments.every((segment) => SEGMENT.test(segment))) return null;
  return key;
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

/** The content type a key is served with; null for extensions we never store. */
export function contentTypeForKey(key: string): string | null {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? null;
}
