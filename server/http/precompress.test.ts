import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompress } from './precompress.ts';

describe('precompress', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('writes .br and .gz copies of text assets that decode to the original, and nothing else', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'privy-precompress-'));
    await mkdir(path.join(dir, 'assets'));
    const script = Buffer.from('export const greeting = "hello";\n'.repeat(200));
    await writeFile(path.join(dir, 'assets', 'entry-abc.js'), script);
    await writeFile(path.join(dir, 'tiny.css'), 'a{}');
    await writeFile(path.join(dir, 'photo.webp'), Buffer.alloc(MIN_BYTES * 4, 7));

    const totals = await precompress(dir);

    expect(totals.files).toBe(1);
    const br = await readFile(path.join(dir, 'assets', 'entry-abc.js.br'));
    const gz = await readFile(path.join(dir, 'assets', 'entry-abc.js.gz'));
    expect(brotliDecompressSync(br).equals(script)).toBe(true);
    expect(gunzipSync(gz).equals(script)).toBe(true);
    expect(existsSync(path.join(dir, 'tiny.css.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'photo.webp.br'))).toBe(false);
  });
});
