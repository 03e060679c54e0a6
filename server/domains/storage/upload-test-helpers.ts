import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { TestAgent } from '../../test/http-client.ts';

/** A real image of the given format, with a pattern so it is not trivially compressible. */
export async function makeImage(
  format: 'png' | 'jpeg' | 'webp' | 'gif',
  size: { width: number; height: number } = { width: 320, height: 240 },
): Promise<Buffer> {
  const image = sharp({
    create: { width: size.width, height: size.height, channels: 3, background: { r: 20, g: 140, b: 120 } },
  }).composite([
    {
      input: Buffer.from(
        `<svg width="${size.width}" height="${size.height}"><circle cx="${size.width / 2}" cy="${
          size.height / 2
        }" r="${Math.min(size.width, size.height) / 3}" fill="#f5c542"/></svg>`,
      ),
    },
  ]);
  return image.toFormat(format).toBuffer();
}

/** A multipart/form-data body carrying one file, as a browser's FormData would send it. */
export function multipartBody(
  file: Buffer,
  options: { field?: string; filename?: string; contentType?: string } = {},
): { body: Buffer; contentType: string } {
  const boundary = `----privy${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; ` +
    `filename="${options.filename ?? 'photo.png'}"\r\nContent-Type: ${options.contentType ?? 'image/png'}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Posts a file to a multipart route with the agent's session cookies. */
export async function uploadFile(
  app: FastifyInstance,
  agent: TestAgent | null,
  url: string,
  file: Buffer,
  options: { field?: string; filename?: string; contentType?: string } = {},
) {
  const { body, contentType } = multipartBody(file, options);
  const cookie = agent?.cookieHeader();
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': contentType, origin: 'http://localhost:3000', ...(cookie ? { cookie } : {}) },
    payload: body,
  });
}

/** Every file under a folder (relative paths), to prove an upload left nothing behind. */
export async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}
