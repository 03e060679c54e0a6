import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import pino from 'pino';
import type { Config } from '../config.ts';
import type { AppServices } from '../services.ts';
import { AppError } from './errors.ts';

export const REQUEST_ID_HEADER = 'x-request-id';

/** JSON bodies above this answer 413; uploads set their own, larger limit on their route. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

// A caller's id is kept only when it looks like an id: it goes into every log line, so a header
// carrying newlines or a novel would otherwise land there verbatim.
const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const PROBE_PATHS = new Set(['/healthz', '/readyz']);

/** Keeps the caller's request id (a proxy's or a client's) when it is sane; otherwise makes one. */
export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  const candidate = Array.isArray(incoming) ? incoming[0] : incoming;
  return candidate && ACCEPTABLE_REQUEST_ID.test(candidate) ? candidate : randomUUID();
}

const LOG_FLUSH_MS = 250;
let logDestination: pino.DestinationStream | null = null;

/**
 * stdout in batches of 4 KB, and at least every quarter second and at exit, instead of a system
 * call per line: a request logs two lines, and writing each at once cost the server and whatever
 * reads its output (a log shipper, the benchmarks) a wake-up per line, ~15% of a search's CPU
 * (docs/PERFORMANCE.md, "Search load"). One per process: tests build many apps.
 */
function batchedStdout(): pino.DestinationStream {
  if (!logDestination) {
    const destination = pino.destination({ dest: 1, sync: true, minLength: 4096 });
    setInterval(() => destination.flush(), LOG_FLUSH_MS).unref();
    process.on('exit', () => destination.flushSync());
    logDestination = destination;
  }
  return logDestination;
}

/**
 * One access line per request, written when it completes and carrying the request as well as the
 * response, instead of Fastify's two ("incoming request", then "request completed"). Half the log
 * volume, and a line fewer to build and write on every request (docs/PERFORMANCE.md, "Search load").
 * The arrival line is kept at debug level.
 */
class AccessLogController extends LogController {
  // At debug level only: where a request hangs before completing, `LOG_LEVEL=debug` shows it arrived.
  override incomingRequest(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** The Fastify options the server runs with (main.ts), also used by tests that check them. */
export function serverOptions(config: Pick<Config, 'logLevel' | 'trustProxy'>): FastifyServerOptions {
  return {
    logger: { level: config.logLevel, stream: batchedStdout() },
    genReqId: requestIdFor,
    logController: new AccessLogController({
      requestIdLogLabel: 'requestId',
      // Load balancers probe these every few seconds; logging each probe would bury real traffic.
      disableRequestLogging: (request) => PROBE_PATHS.has(request.url),
    }),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // While shutting down, new requests on kept-alive sockets get a 503 instead of hanging.
    return503OnClosing: true,
  };
}

export async function operationsRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  // Every response carries the id its log lines carry, so a user's report can be traced.
  // A callback hook, not an async one: it runs on every request, probes included, and a promise
  // per hook is measurable at that rate (docs/PERFORMANCE.md, "/healthz").
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });

  // Probes answer a load balancer, not a browser: no security headers (security-headers.ts).
  const probe = { schema: { hide: true }, config: { securityHeaders: false } } as const;
  app.get('/healthz', probe, async () => ({ status: 'ok' }));
  // Ready when the database answers and this process hears every realtime event; otherwise 503
  // naming the cause, so a load balancer sends traffic elsewhere until it recovers (ADR 107).
  app.get('/readyz', probe, async (_request, reply) => {
    const database = await services.database.health.check();
    const realtime = services.realtime.bus.isListening();
    const cause = database.up ? (realtime ? null : 'realtime listener reconnecting') : database.cause;
    return reply.status(cause ? 503 : 200).send({
      status: cause ? 'unavailable' : 'ready',
      database: database.up,
      realtime,
      ...(cause ? { cause } : {}),
    });
  });

  // Without this the web app's catch-all would answer unknown /api paths with an HTML page.
  // Bodies are not parsed here, so an unknown path is a 404 whatever the content type.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all('/api/*', { schema: { hide: true } }, async (request) => {
      const path = request.url.split('?')[0];
      throw new AppError('not_found', `No API route for ${request.method} ${path}`);
    });
  });
}

// Registered without encapsulation (what fastify-plugin does), so the request-id hook above
// applies to every route registered after it, the web app's included.
Object.assign(operationsRoutes, { [Symbol.for('skip-override')]: true });
