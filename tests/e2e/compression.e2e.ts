import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './browser.ts';

type RawResponse = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** The bytes as sent: fetch would decode them, hiding whether the server compressed at all. */
function get(path: string, acceptEncoding: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(path, baseUrl()),
      { headers: { 'accept-encoding': acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const decode = { br: brotliDecompressSync, gzip: gunzipSync } as const;

describe('compression on the built app', () => {
  it('serves built scripts and styles precompressed, byte-identical once decoded', async () => {
    const html = (await get('/', 'identity')).body.toString();
    // The framework chunk, the largest (the browser entry is under precompress's 1 KB floor).
    const script = /<link[^>]+rel="modulepreload"[^>]*href="(\/assets\/framework-[^"]+\.js)"/.exec(html)?.[1];
    // React Router may end a stylesheet's URL with a bare fragment ("…css#"): the same file.
    const style = /<link[^>]+rel="stylesheet"[^>]*href="(\/assets\/[^"#]+\.css)#?"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    expect(style).toBeTruthy();
    for (const asset of [script as string, style as string]) {
      const plain = await get(asset, 'identity');
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      for (const encoding of ['br', 'gzip'] as const) {
        const packed = await get(asset, encoding);
        expect(packed.status).toBe(200);
        expect(packed.headers['content-encoding']).toBe(encoding);
        expect(packed.headers['content-type']).toBe(plain.headers['content-type']);
        expect(packed.headers.vary).toMatch(/accept-encoding/i);
        expect(packed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(packed.body.length).toBeLessThan(plain.body.length / 2);
        expect(decode[encoding](packed.body).equals(plain.body)).toBe(true);
      }
    }
  });

  it('compresses rendered pages for browsers that accept it, and only for them', async () => {
    for (const encoding of ['br', 'gzip'] as const) {
      const page = await get('/about', `${encoding}`);
      expect(page.status).toBe(200);
      expect(page.headers['content-encoding']).toBe(encoding);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['content-security-policy']).toMatch(/default-src 'self'/);
      expect(decode[encoding](page.body).toString()).toMatch(/<\/html>$/);
    }
    const plain = await get('/about', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toMatch(/<\/html>$/);
  });
});
