import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  contentTypeForKey,
  keyForUploadsUrl,
  type ObjectStorage,
  safeStorageKey,
  uploadsUrl,
} from './object-storage.ts';

/** Stores objects as files under one folder (DATA_DIR/uploads by default). */
export function createLocalDiskStorage(rootDir: string): ObjectStorage {
  const root = path.resolve(rootDir);

  /** The file for a key, refusing anything that would land outside the root. */
  function fileFor(key: string): string | null {
    const safe = safeStorageKey(key);
    if (!safe) return null;
    const file = path.resolve(root, ...safe.split('/'));
    return file.startsWith(root + path.sep) ? file : null;
  }

  function requireFile(key: string): string {
    const file = fileFor(key);
    if (!file) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    return file;
  }

  return {
    async put(key, body) {
      const file = requireFile(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write beside the target, then rename: a reader never sees half a file.
      const temporary = `${file}.${randomBytes(6).toString('hex')}.partial`;
      try {
        await writeFile(temporary, body, { flag: 'wx' });
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async get(key) {
      const file = fileFor(key);
      if (!file || file.endsWith('.partial')) return null;
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      const contentType = contentTypeForKey(file);
      if (!contentType) return null;
      return { body: createReadStream(file), size: info.size, contentType };
    },

    async delete(key) {
      const file = requireFile(key);
      await rm(file, { force: true });
    },

    // Runs for every image of every search result: the safe key is the URL's path already, with no
    // file path to resolve (a safe key's segments cannot climb out of the root).
    url: uploadsUrl,
    keyForUrl: keyForUploadsUrl,
  };
}
