import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import type { AppServices } from '../services.ts';
import type { PageCache } from './page-cache.ts';

/** What a loader or action may need of the HTTP request beyond the Web `Request`: `ip` is the client's address as Fastify resolves it (the key of the API's rate limits). */
export type RequestInfo = { nonce: string; requestId: string; ip: string };

type EntryWithContext = {
  servicesContext: import('react-router').RouterContext<AppServices>;
  requestInfoContext: import('react-router').RouterContext<RequestInfo>;
};

export type ReactRouterOptions = {
  mode: 'production' | 'development';
  /** Folder holding `client/` and `server/` from `react-router build`. */
  buildDir: string;
  /** Anonymous pages kept a few seconds (ADR 096); none in development. */
  pageCache?: PageCache | null;
};

function toWebRequest(request: FastifyRequest, origin: string): Request {
  const controller = new AbortController();
  request.raw.on('close', () => {
    if (!request.raw.complete) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    // The client address is ours to state (as in web-request.ts): loaders and actions that call
    // better-auth pass these headers on, and sign-in throttling and session records rely on it.
    if (value === undefined || name === 'x-privy-client-ip') continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  headers.set('x-privy-client-ip', request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

/** Headers worth keeping with a cached page (not the per-response ones Fastify sets itself). */
function responseHeaders(response: Response): [string, string][] {
  return [...response.headers].filter(([name]) => name !== 'set-cookie' && name !== 'content-length');
}

async function sendWebResponse(reply: FastifyReply, response: Response): Promise<void> {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}

/**
 * Serves every non-API path through React Router. Loaders get the app's services through a
 * context key exported by the server build itself, so the bundled app and this process agree on
 * the key without sharing module instances.
 */
export async function registerReactRouter(
  app: FastifyInstance,
  services: AppServices,
  options: ReactRouterOptions,
): Promise<void> {
  let getBuild: () => Promise<ServerBuild>;
  if (options.mode === 'development') {
    const { createServer } = await import('vite');
    const middie = (await import('@fastify/middie')).default;
    const vite = await createServer({
      server: { middlewareMode: true, hmr: { port: 24678 } },
      appType: 'custom',
    });
    await app.register(middie);
    app.use(vite.middlewares);
    app.addHook('onClose', async () => vite.close());
    getBuild = async () => (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
  } else {
    const clientDir = path.join(options.buildDir, 'client');
    // wildcard: false registers one route per built file, so every other path reaches the app.
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      index: false,
      decorateReply: false,
      // The build writes .br and .gz beside each text asset (precompress.ts): no work per request.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        (res as unknown as { header: (name: string, value: string) => void }).header(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
    // After the static files (which bring their own compressed copies), so it covers only the
    // rendered pages and their data. Flushing every write keeps a streamed page streaming: the
    // shell reaches the browser while deferred data is still loading. Request bodies stay as sent.
    await app.register(fastifyCompress, {
      encodings: ['br', 'gzip'],
      globalDecompression: false,
      brotliOptions: {
        flush: zlib.constants.BROTLI_OPERATION_FLUSH,
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
      },
      zlibOptions: { flush: zlib.constants.Z_SYNC_FLUSH, level: 6 },
    });
    const build = (await import(path.join(options.buildDir, 'server', 'index.js'))) as ServerBuild;
    getBuild = async () => build;
  }

  // Given a function, React Router re-derives its route tables and static handler on every request
  // (for Vite's reloading); the built app never changes, so hand it over once (bench:ssr, ~4% of a render).
  const handler =
    options.mode === 'development'
      ? createRequestHandler(() => getBuild(), options.mode)
      : createRequestHandler(await getBuild(), options.mode);

  app.register(async (scope) => {
    // The app reads its own bodies (forms, JSON) from the web Request.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      // Pages carry inline scripts: their CSP gets a fresh nonce (security-headers.ts).
      config: { securityHeaders: 'page' },
      handler: async (request, reply) => {
        const cache = options.mode === 'production' ? (options.pageCache ?? null) : null;
        const key = cache?.keyFor(request) ?? null;
        if (cache && key) {
          const hit = cache.get(key);
          if (hit) {
            reply.status(hit.status).headers(Object.fromEntries(hit.headers)).header('x-privy-cache', 'hit');
            return reply.send(request.method === 'HEAD' ? '' : cache.personalise(hit.body, request.cspNonce));
          }
        }
        const build = await getBuild();
        const entry = build.entry.module as unknown as EntryWithContext;
        const context = new RouterContextProvider();
        context.set(entry.servicesContext, services);
        // A cacheable page is rendered for everyone, with a placeholder where the nonce goes.
        const nonce = cache && key ? cache.placeholder : request.cspNonce;
        context.set(entry.requestInfoContext, { nonce, requestId: request.id, ip: request.ip });
        const response = await handler(toWebRequest(request, services.config.appUrl), context);
        if (!cache || !key) return sendWebResponse(reply, response);
        const page = {
          status: response.status,
          headers: responseHeaders(response),
          body: await response.text(),
        };
        cache.offer(key, page);
        reply.status(page.status).headers(Object.fromEntries(page.headers)).header('x-privy-cache', 'miss');
        const cookies = response.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
        return reply.send(cache.personalise(page.body, request.cspNonce));
      },
    });
  });
}
