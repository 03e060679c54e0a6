import { gzipSync } from 'node:zlib';

/**
 * The JavaScript a page asks for before anything is tapped: every module script and module preload
 * in its first HTML, and the modules React Router's inline script imports by URL, each gzipped.
 * Lazily loaded parts are not in it. Shared by `npm run bench:lighthouse` and the browser test of
 * the budgets (tests/e2e/first-load.e2e.ts).
 */
export async function initialJavaScript(baseUrl: string, pathname = '/', cookie?: string) {
  const html = await (await fetch(`${baseUrl}${pathname}`, { headers: cookie ? { cookie } : {} })).text();
  const sources = new Set<string>();
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="([^"]+)"/g))
    sources.add(match[1] as string);
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) sources.add(match[1] as string);
  // React Router's inline module script imports the entry and route modules by URL.
  for (const match of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"([^"]+\.js)"/g))
    sources.add(match[1] as string);
  let raw = 0;
  let gzip = 0;
  const files: { source: string; gzipKb: number }[] = [];
  for (const source of sources) {
    const body = Buffer.from(await (await fetch(new URL(source, baseUrl))).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body).length;
    files.push({ source, gzipKb: gzipSync(body).length / 1024 });
  }
  files.sort((a, b) => b.gzipKb - a.gzipKb);
  return { files: sources.size, rawKb: raw / 1024, gzipKb: gzip / 1024, list: files };
}
