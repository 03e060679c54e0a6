import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  HYDRATION_TEMPLATE_ID,
  PRELOADS_TEMPLATE_ID,
  scriptsAfterFirstPaint,
} from './scripts-after-first-paint.server.ts';

async function run(
  chunks: Buffer[],
  options?: Parameters<typeof scriptsAfterFirstPaint>[0],
): Promise<string> {
  const out: Buffer[] = [];
  const stream = Readable.from(chunks).pipe(scriptsAfterFirstPaint(options));
  for await (const chunk of stream) out.push(chunk as Buffer);
  return Buffer.concat(out).toString('utf8');
}

/** Every way of cutting `text` in two, as a stream would deliver it. */
function cuts(text: string): Buffer[][] {
  const bytes = Buffer.from(text, 'utf8');
  return Array.from({ length: bytes.length + 1 }, (_, at) => [bytes.subarray(0, at), bytes.subarray(at)]);
}

const HEAD =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><title>Toilettes près de Zürich — Privy</title>' +
  '<link rel="icon" href="/favicon.svg"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/root-B.js" nonce="n"/>' +
  '<link rel="stylesheet" href="/assets/shell.css"/></head>';
const SCRIPT =
  '<script nonce="n" type="module" async="">import * as route0 from "/assets/root-B.js";\n' +
  'window.__reactRouterManifest = {"title":"Zürich \\u003c/script>"};import("/assets/entry.client-A.js");</script>';
const BODY_START = '<body><p>Fresh towels — 5 ★</p><code>&lt;script type="module" async=""&gt;</code>';
const BODY_END =
  '<script nonce="n">window.__reactRouterContext.streamController.close();</script>' +
  '<script nonce="n" type="module" async="">import("/assets/other.js");</script></body></html>';
const DOCUMENT = HEAD + BODY_START + SCRIPT + BODY_END;

describe('scripts after the first paint', () => {
  it('holds the head’s module preloads and the module script in templates, and changes nothing else', async () => {
    const out = await run([Buffer.from(DOCUMENT)]);
    const head = out.slice(0, out.indexOf('</head>'));
    // The preloads are in one inert template where the first one was, still at low priority.
    expect(head).toBe(
      '<!DOCTYPE html><html><head><meta charSet="utf-8"/><title>Toilettes près de Zürich — Privy</title>' +
        '<link rel="icon" href="/favicon.svg"/>' +
        `<template id="${PRELOADS_TEMPLATE_ID}">` +
        '<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client-A.js" nonce="n"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/assets/root-B.js" nonce="n"/>' +
        '</template><link rel="stylesheet" href="/assets/shell.css"/>',
    );
    // React Router's module script, whole, inside the other template, then the runner with the nonce.
    const body = out.slice(out.indexOf('</head>'));
    expect(
      body.startsWith(`</head>${BODY_START}<template id="${HYDRATION_TEMPLATE_ID}">${SCRIPT}</template>`),
    ).toBe(true);
    const runner = /<\/template><script nonce="n">([^<]*)<\/script>/.exec(body)?.[1] ?? '';
    expect(runner).toContain('requestAnimationFrame');
    expect(runner).toContain('setTimeout(start,3000)');
    expect(runner).toContain(`getElementById('${PRELOADS_TEMPLATE_ID}')`);
    // Only the first module script is React Router's; what follows passes through.
    expect(body.endsWith(BODY_END)).toBe(true);
  });

  it('gives the same result however the stream is cut, inside a tag or a multi-byte character', async () => {
    const expected = await run([Buffer.from(DOCUMENT)]);
    for (const parts of cuts(DOCUMENT)) expect(await run(parts)).toBe(expected);
  });

  it('puts the framework chunk first and each file once (ADR 164)', async () => {
    const out = await run([
      Buffer.from(
        '<html><head><link rel="modulepreload" href="/assets/entry.client-A.js"/>' +
          '<link rel="modulepreload" href="/assets/root-B.js"/>' +
          '<link rel="modulepreload" href="/assets/shell-C.js"/>' +
          '<link rel="modulepreload" href="/assets/framework-D.js"/>' +
          '<link rel="modulepreload" href="/assets/root-B.js"/></head><body></body></html>',
      ),
    ]);
    const held = new RegExp(`<template id="${PRELOADS_TEMPLATE_ID}">(.*?)</template>`).exec(out)?.[1] ?? '';
    expect([...held.matchAll(/href="([^"]+)"/g)].map((match) => match[1])).toEqual([
      '/assets/framework-D.js',
      '/assets/entry.client-A.js',
      '/assets/root-B.js',
      '/assets/shell-C.js',
    ]);
  });

  it('stages the modules’ evaluation unless told not to (Vite’s development server)', async () => {
    const document =
      '<html><head></head><body><script type="module" async="">import("/a.js");</script></body></html>';
    const staged = await run([Buffer.from(document)]);
    const unstaged = await run([Buffer.from(document)], { stagedEvaluation: false });
    expect(staged).toContain('if(!true||!entry)return hydrate();');
    expect(unstaged).toContain('if(!false||!entry)return hydrate();');
    expect(unstaged.replace('!false', '!true')).toBe(staged);
  });

  it('writes the runner without a nonce when the page has none (development)', async () => {
    const out = await run([
      Buffer.from(
        '<html><head></head><body><script type="module" async="">import("/a.js");</script></body></html>',
      ),
    ]);
    expect(out).toContain(
      `<template id="${HYDRATION_TEMPLATE_ID}"><script type="module" async="">import("/a.js");</script></template><script>(function(){`,
    );
    expect(out).not.toContain(`${PRELOADS_TEMPLATE_ID}"`);
  });

  it('leaves an unfinished document as it came, but for what it could move', async () => {
    expect(
      await run([Buffer.from('<html><head><link rel="modulepreload" href="/a.js"/><link rel="modul')]),
    ).toBe(
      `<html><head><template id="${PRELOADS_TEMPLATE_ID}"><link rel="modulepreload" fetchpriority="low" href="/a.js"/></template><link rel="modul`,
    );
    const cut = '<html><head></head><body><script type="module" async="">import(';
    expect(await run([Buffer.from(cut)])).toBe(cut);
  });
});
