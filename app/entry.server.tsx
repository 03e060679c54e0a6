import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { type EntryContext, type RouterContextProvider, ServerRouter } from 'react-router';
import { requestInfoContext } from './lib/context.ts';
import { scriptsAfterFirstPaint } from './lib/scripts-after-first-paint.server.ts';

// The Fastify server reads these two keys from the build so both sides share one context key.
export { requestInfoContext, servicesContext } from './lib/context.ts';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(requestInfoContext).nonce || undefined;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers and no-JS clients get the whole document at once; browsers get it streamed.
    const readyOption =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // A Suspense boundary's finished content stays where it is in the document. By default React
        // moves any boundary over 500 bytes, once the page passes 12.8 KB (every page), to a hidden
        // element after the shell that an inline script reveals on a later frame: the account gate
        // and the signed-in header's menu were sent hidden, and shown a beat later (ADR 158).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          // The scripts are asked for once the page has painted (ADR 103, ADR 157), and evaluated
          // one file per task (ADR 164).
          const body = scriptsAfterFirstPaint({ stagedEvaluation: !import.meta.env.DEV });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
