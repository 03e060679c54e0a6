import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest|map)$/;
/** Below this a compressed copy saves less than the headers and the extra lookup cost. */
export const MIN_BYTES = 1024;

/**
 * Writes `name.br` and `name.gz` beside every compressible file of the built client, at the
 * highest levels: this runs once per build, so brotli 11 costs nothing at request time, and
 * @fastify/static (`preCompressed`) then serves whichever the browser accepts.
 */
export async function precompress(dir: string): Promise<{ files: number; raw: number; brotli: number }> {
  const totals = { files: 0, raw: 0, brotli: 0 };
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  await Promise.all(
    entries
      .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
      .map(async (entry) => {
        const file = path.join(entry.parentPath, entry.name);
        const body = await readFile(file);
        if (body.length < MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(body, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
          gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        totals.files += 1;
        totals.raw += body.length;
        totals.brotli += br.length;
      }),
  );
  return totals;
}

if (import.meta.main) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: node server/http/precompress.ts <built client folder>');
  const { files, raw, brotli: compressed } = await precompress(dir);
  console.info(
    `precompressed ${files} files in ${dir}: ${(raw / 1024).toFixed(0)} KB → ${(compressed / 1024).toFixed(0)} KB brotli`,
  );
}
