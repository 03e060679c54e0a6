import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { lowPriorityModulePreloads } from './low-priority-module-preloads.server.ts';

async function run(chunks: Buffer[]): Promise<string> {
  const out: Buffer[] = [];
  const stream = Readable.from(chunks).pipe(lowPriorityModulePreloads());
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
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/root-B.js" nonce="n"/>' +
  '<link rel="stylesheet" href="/assets/shell.css"/></head>';
const BODY =
  '<body><p>Fresh towels — 5 ★</p><code>&lt;link rel="modulepreload"</code>' +
  '<link rel="modulepreload" href="/assets/late.js"/></body></html>';

describe('module preloads at low priority', () => {
  it('marks every module preload in the head as low priority, and changes nothing else', async () => {
    const expected =
      HEAD.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"') + BODY;
    expect(await run([Buffer.from(HEAD + BODY)])).toBe(expected);
    // However the stream is cut, even inside a tag or a multi-byte character, the result is the same.
    for (const parts of cuts(HEAD + BODY)) expect(await run(parts)).toBe(expected);
  });

  it('leaves a document whose head never ends as it was, but for its preloads', async () => {
    const text = '<html><head><link rel="modulepreload" href="/a.js"/><link rel="modul';
    expect(await run([Buffer.from(text)])).toBe(
      '<html><head><link rel="modulepreload" fetchpriority="low" href="/a.js"/><link rel="modul',
    );
  });
});
