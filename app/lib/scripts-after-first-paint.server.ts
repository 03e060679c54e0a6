import { Transform, type TransformCallback } from 'node:stream';
import { FRAMEWORK_CHUNK } from './chunk-names.ts';

/*
 * The page's scripts are asked for once it has painted (ADR 157, after ADR 103).
 *
 * React Router's `<Scripts>` writes a `<link rel="modulepreload">` in `<head>` for every module the
 * page hydrates with, and one inline module script near the end of `<body>` that imports them. The
 * server-rendered page needs none of them to be seen, and its links and forms work without them,
 * yet on a slow phone connection the largest script (React DOM and React Router, ~94 KB) shared the
 * link with the stylesheets that block the first paint: on an HTTP/1.1 connection limit of six, the
 * last stylesheet of the search page arrived ~0.6 s later than it would alone.
 *
 * So the shell's bytes are edited on their way out:
 * - in `<head>`, the module preloads move, unchanged (still `fetchpriority="low"`), into one inert
 *   `<template>`, where the browser fetches nothing;
 * - the inline module script moves into another `<template>`, followed by a small classic script
 *   that, once the page has painted (the frame after the first `requestAnimationFrame`, which never
 *   runs while stylesheets block rendering), puts the preloads into `<head>` and the module script
 *   back in its place, with the page's nonce. From there everything runs as before. A tab opened in
 *   the background, which paints nothing, hydrates at once, as it did.
 * Everything else passes through byte for byte. The patterns are ASCII, which never occurs inside a
 * multi-byte UTF-8 character, so working on bytes (as Latin-1) is safe.
 */

const HEAD_END = '</head>';
const PRELOAD = /<link rel="modulepreload"(?: fetchpriority="low")?([^>]*)>/g;
const MODULE_SCRIPT = /<script(?: nonce="([^"]*)")? type="module" async="">/;
const SCRIPT_END = '</script>';
/** Longer than any start tag this looks for, so a tag cut by the stream is kept for the next chunk. */
const LONGEST_TAG = 200;

export const PRELOADS_TEMPLATE_ID = 'after-paint-preloads';
export const HYDRATION_TEMPLATE_ID = 'after-paint-hydration';

/**
 * A browser that never runs the frame callback while showing the page (a throttled embedded view)
 * would otherwise never hydrate it: the scripts start this long after the runner at the latest.
 */
const AT_THE_LATEST_MS = 3000;

/**
 * Runs where React Router's module script was; it reads both templates (ADR 157). Before that
 * script goes back, the modules it imports are evaluated one at a time, each in a task of its own
 * with a turn for the browser after it (ADR 164): all at once they were one task of ~170 ms at 4×
 * CPU slowdown. The preloads come framework first; React Router's entry, which hydrates, is left to
 * its script (after the manifest it sets), and the route modules, which import the rest, go last.
 * Without the manifest's entry in the script, or under Vite's development server (whose script
 * must first install React Refresh's runtime, which the route modules expect), it is skipped.
 */
const runner = (staged: boolean) =>
  [
    `(function(){var me=document.currentScript,nonce=me.nonce||me.getAttribute('nonce')||'',held=document.getElementById('${HYDRATION_TEMPLATE_ID}'),started=false;`,
    'function start(){if(started)return;started=true;',
    `var hrefs=[],preloads=document.getElementById('${PRELOADS_TEMPLATE_ID}');`,
    "if(preloads){preloads.content.querySelectorAll('link').forEach(function(link){var href=link.getAttribute('href'),copy=document.createElement('link');copy.rel='modulepreload';copy.href=href;copy.setAttribute('fetchpriority','low');if(nonce)copy.nonce=nonce;document.head.appendChild(copy);hrefs.push(href);});preloads.remove();}",
    'var source=held.content.querySelector(\'script\').textContent,entry=/"entry":\\s*\\{\\s*"module":\\s*"([^"]+)"/.exec(source);',
    "function hydrate(){var script=document.createElement('script');script.type='module';if(nonce)script.nonce=nonce;script.textContent=source;held.replaceWith(script);}",
    `if(!${staged}||!entry)return hydrate();`,
    "function isRoute(href){return source.indexOf('from \"'+href+'\"')>=0;}",
    'var order=hrefs.filter(function(href){return href!==entry[1]&&!isRoute(href);}).concat(hrefs.filter(isRoute)),next=0;',
    'function turn(){var channel=new MessageChannel();channel.port1.onmessage=evaluate;channel.port2.postMessage(null);}',
    'function evaluate(){if(next>=order.length)return hydrate();import(order[next++]).then(turn,hydrate);}',
    'evaluate();}',
    `if(document.visibilityState==='hidden'){start();}else{requestAnimationFrame(function(){setTimeout(start,0);});setTimeout(start,${AT_THE_LATEST_MS});}})();`,
  ].join('');

/** A preload of the framework chunk (`/assets/framework-[hash].js`). */
const FRAMEWORK_PRELOAD = new RegExp(`href="[^"]*/${FRAMEWORK_CHUNK}-[^"/]*"`);

function isFramework(preload: string): boolean {
  return FRAMEWORK_PRELOAD.test(preload);
}

/** The head's module preloads, once each, the framework chunk first, in one template (ADR 164). */
function moveHeadPreloads(head: string): string {
  const preloads = new Set<string>();
  let firstAt = -1;
  const rest = head.replace(PRELOAD, (_match, attributes: string, offset: number) => {
    if (firstAt < 0) firstAt = offset;
    preloads.add(`<link rel="modulepreload" fetchpriority="low"${attributes}>`);
    return '';
  });
  if (!preloads.size) return head;
  const ordered = [...preloads].sort((a, b) => Number(isFramework(b)) - Number(isFramework(a)));
  const template = `<template id="${PRELOADS_TEMPLATE_ID}">${ordered.join('')}</template>`;
  return rest.slice(0, firstAt) + template + rest.slice(firstAt);
}

function holdModuleScript(script: string, nonce: string | undefined, staged: boolean): string {
  const nonceAttribute = nonce === undefined ? '' : ` nonce="${nonce}"`;
  return (
    `<template id="${HYDRATION_TEMPLATE_ID}">${script}</template>` +
    `<script${nonceAttribute}>${runner(staged)}</script>`
  );
}

/** How much of the end of `text` is a tag not yet closed, which the next chunk may complete. */
function unfinishedTag(text: string): number {
  const open = text.lastIndexOf('<');
  if (open < 0 || text.length - open > LONGEST_TAG || text.includes('>', open)) return 0;
  return text.length - open;
}

/** `stagedEvaluation`: evaluate the modules one file per task first (ADR 164; not under Vite's dev server). */
export function scriptsAfterFirstPaint({ stagedEvaluation = true } = {}): Transform {
  // 'head': buffering until </head>; 'body': looking for the module script; 'script': inside it;
  // 'done': passing through.
  let state: 'head' | 'body' | 'script' | 'done' = 'head';
  let pending = '';
  let nonce: string | undefined;

  function process(text: string, final: boolean): string {
    let out = '';
    for (;;) {
      if (state === 'head') {
        const end = text.indexOf(HEAD_END);
        if (end < 0) {
          if (!final) {
            pending = text;
            return out;
          }
          return out + moveHeadPreloads(text);
        }
        out += moveHeadPreloads(text.slice(0, end));
        text = text.slice(end);
        state = 'body';
      } else if (state === 'body') {
        const match = MODULE_SCRIPT.exec(text);
        if (!match) {
          const keep = final ? 0 : unfinishedTag(text);
          pending = text.slice(text.length - keep);
          return out + text.slice(0, text.length - keep);
        }
        out += text.slice(0, match.index);
        nonce = match[1];
        text = text.slice(match.index);
        state = 'script';
      } else if (state === 'script') {
        const end = text.indexOf(SCRIPT_END);
        if (end < 0) {
          if (!final) {
            pending = text;
            return out;
          }
          return out + text;
        }
        out += holdModuleScript(text.slice(0, end + SCRIPT_END.length), nonce, stagedEvaluation);
        text = text.slice(end + SCRIPT_END.length);
        state = 'done';
      } else {
        pending = '';
        return out + text;
      }
    }
  }

  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      if (state === 'done') return done(null, chunk);
      const text = pending + chunk.toString('latin1');
      pending = '';
      const out = process(text, false);
      done(null, out ? Buffer.from(out, 'latin1') : undefined);
    },
    flush(done: TransformCallback) {
      const out = state === 'done' ? pending : process(pending, true);
      done(null, out ? Buffer.from(out, 'latin1') : undefined);
    },
  });
}
