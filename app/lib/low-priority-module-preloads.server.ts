import { Transform, type TransformCallback } from 'node:stream';

const PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';
const HEAD_END = '</head>';

/** How much of the end of `text` could be the start of a tag the next chunk completes. */
function unfinishedTail(text: string): number {
  for (let length = Math.min(text.length, PRELOAD.length - 1); length > 0; length--) {
    const tail = text.slice(-length);
    if (PRELOAD.startsWith(tail) || HEAD_END.startsWith(tail)) return length;
  }
  return 0;
}

/**
 * Marks the page's module preloads in `<head>` as low priority (ADR 103). React Router's `<Scripts>`
 * preloads every module the page hydrates with (13 files on the search page), and browsers fetch a
 * module preload at high priority, beside the stylesheets that block the first paint and the first
 * result's photo. On a slow phone connection the scripts then delay the first paint by the time
 * they take to download, although the server-rendered page needs none of them to be seen and its
 * links and forms work without them. At low priority the browser fetches them right after what the
 * first paint needs. `<Scripts>` offers no way to set the attribute, so the shell's bytes are edited
 * on their way out; after `</head>` everything passes through untouched. The patterns are ASCII,
 * which never occurs inside a multi-byte UTF-8 character, so working on bytes is safe.
 */
export function lowPriorityModulePreloads(): Transform {
  // Latin-1 maps each byte to one character and back, so the bytes are kept exactly.
  let pending = '';
  let inHead = true;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      if (!inHead) return done(null, chunk);
      const text = pending + chunk.toString('latin1');
      const headEnd = text.indexOf(HEAD_END);
      if (headEnd >= 0) {
        inHead = false;
        pending = '';
        const head = text.slice(0, headEnd).replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD);
        return done(null, Buffer.from(head + text.slice(headEnd), 'latin1'));
      }
      const keep = unfinishedTail(text);
      pending = text.slice(text.length - keep);
      done(
        null,
        Buffer.from(text.slice(0, text.length - keep).replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD), 'latin1'),
      );
    },
    flush(done: TransformCallback) {
      // Only an unfinished tag can be left here, which nothing completes any more.
      done(null, Buffer.from(pending, 'latin1'));
    },
  });
}
