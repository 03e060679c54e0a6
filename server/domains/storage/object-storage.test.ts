import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from './local-disk-storage.ts';
import { contentTypeForKey, normalizeStorageKey, safeStorageKey } from './object-storage.ts';
import { listFiles } from './upload-test-helpers.ts';

describe('storage keys', () => {
  it('removes leading, trailing and duplicate slashes (spec §5)', () => {
    expect(normalizeStorageKey('/images//avatar///a@1x.webp/')).toBe('images/avatar/a@1x.webp');
    expect(normalizeStorageKey('\\images\\avatar\\')).toBe('images/avatar');
    expect(normalizeStorageKey('///')).toBe('');
  });

  it.each([
    '../secret',
    'images/../../etc/passwd',
    'images/./a.webp',
    '.hidden',
    'images/.env',
    'a\u0000b.webp',
    'images/a b.webp',
    '',
    '/',
    `${'a/'.repeat(9)}a.webp`,
    `${'a/'.repeat(8)}a.webp`,
    `${`${'a'.repeat(128)}/`.repeat(4)}a.webp`,
  ])('refuses %j', (key) => {
    expect(safeStorageKey(key)).toBeNull();
  });

  it('accepts the keys the image pipeline writes', () => {
    expect(safeStorageKey('images/avatar/4b1e39a6-4a9b-4a53-9d7c-8d8f9e0a1b2c@2x.webp')).toBe(
      'images/avatar/4b1e39a6-4a9b-4a53-9d7c-8d8f9e0a1b2c@2x.webp',
    );
    expect(safeStorageKey(`${'a/'.repeat(7)}a.webp`)).toBe(`${'a/'.repeat(7)}a.webp`);
    expect(safeStorageKey('//images\\a@1x.webp/')).toBe('images/a@1x.webp');
  });

  it('knows the content type of the formats it stores', () => {
    expect(contentTypeForKey('images/a@1x.webp')).toBe('image/webp');
    expect(contentTypeForKey('images/a.exe')).toBeNull();
  });
});

describe('local disk storage', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'privy-storage-'));
  const storage = createLocalDiskStorage(root);

  it('puts, gets and deletes an object by key', async () => {
    await storage.put('/images//avatar/one@1x.webp', Buffer.from('webp bytes'), {
      contentType: 'image/webp',
    });
    expect(readFileSync(path.join(root, 'images', 'avatar', 'one@1x.webp'), 'utf8')).toBe('webp bytes');
    const object = await storage.get('images/avatar/one@1x.webp');
    expect(object?.contentType).toBe('image/webp');
    expect(object?.size).toBe(10);
    expect(await text(object!.body)).toBe('webp bytes');
    await storage.delete('images/avatar/one@1x.webp');
    expect(await storage.get('images/avatar/one@1x.webp')).toBeNull();
    await expect(storage.delete('images/avatar/one@1x.webp')).resolves.toBeUndefined();
  });

  it('never writes or reads outside its folder', async () => {
    await expect(
      storage.put('../escaped.webp', Buffer.from('x'), { contentType: 'image/webp' }),
    ).rejects.toThrow(/Invalid storage key/);
    expect(await storage.get('../../etc/passwd')).toBeNull();
    await expect(storage.delete('../x.webp')).rejects.toThrow(/Invalid storage key/);
    expect(await listFiles(path.dirname(root))).not.toContain('escaped.webp');
  });

  it('maps keys to URLs and back', () => {
    expect(storage.url('//images/avatar/a@1x.webp')).toBe('/uploads/images/avatar/a@1x.webp');
    expect(storage.keyForUrl('/uploads/images/avatar/a@1x.webp')).toBe('images/avatar/a@1x.webp');
    expect(storage.keyForUrl('https://elsewhere.example/a.webp')).toBeNull();
    expect(storage.keyForUrl('/uploads/../a.webp')).toBeNull();
    expect(() => storage.url('../a.webp')).toThrow(/Invalid storage key/);
    expect(() => storage.url('images/.hidden/a.webp')).toThrow(/Invalid storage key/);
  });
});
