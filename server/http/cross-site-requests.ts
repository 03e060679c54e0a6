import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, toErrorBody } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false`: the route takes writes from anywhere because it authenticates the sender by a
     * signature over the body (Stripe's webhook), never by a cookie (ADR 106).
     */
    crossSiteCheck?: false;
  }
}

/** Methods that only read: browsers send them cross-site freely (links, images), so they must not change anything. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `Sec-Fetch-Site` values a browser sends for our own pages' requests and for what the user typed. */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

export type CrossSiteVerdict =
  | { allowed: true; by: 'origin' | 'fetch-site' | 'no-browser-no-cookie' }
  | { allowed: false; reason: string };

type RequestHeaders = Record<string, string | string[] | undefined>;

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Whether a write (or a WebSocket upgrade) comes from one of our own pages (ADR 106). A browser
 * states where a request comes from in `Origin` (every non-GET fetch and form post, every WebSocket)
 * and, in current browsers, `Sec-Fetch-Site`; a page elsewhere cannot forge either. A client that
 * sends neither is not a browser (curl, a server): it may write only without cookies, so a session
 * can only be used by someone who says where they come from.
 */
export function judgeRequestOrigin(headers: RequestHeaders, ownOrigin: string): CrossSiteVerdict {
  const origin = single(headers.origin);
  if (origin !== undefined) {
    // `null` (a sandboxed frame, a redirect from another site) is refused like any foreign origin.
    if (origin.toLowerCase() === ownOrigin) return { allowed: true, by: 'origin' };
    return { allowed: false, reason: `Origin ${origin.slice(0, 100)} is not this site` };
  }
  const fetchSite = single(headers['sec-fetch-site']);
  if (fetchSite !== undefined) {
    if (OWN_FETCH_SITES.has(fetchSite.toLowerCase())) return { allowed: true, by: 'fetch-site' };
    return { allowed: false, reason: `Sec-Fetch-Site is ${fetchSite.slice(0, 40)}` };
  }
  if (!single(headers.cookie)) return { allowed: true, by: 'no-browser-no-cookie' };
  return { allowed: false, reason: 'a request carrying cookies must say where it comes from (Origin)' };
}

/** Writes and WebSocket upgrades are checked; plain reads are not. */
export function needsOriginCheck(request: Pick<FastifyRequest, 'method' | 'headers'>): boolean {
  if (!SAFE_METHODS.has(request.method)) return true;
  return single(request.headers.upgrade)?.toLowerCase() === 'websocket';
}

export const CROSS_SITE_MESSAGE =
  'This request came from another website, so it was refused. Open Privy itself and try again.';

/**
 * One check for every route, present and future: the JSON API, better-auth's endpoints, uploads,
 * React Router actions and resource routes (/logout), and the realtime WebSocket's upgrade. It runs
 * in `onRequest`, before any body is read or any session is looked up. `APP_URL` is the public
 * address (behind a TLS proxy, the proxy's https:// one), so it is what browsers send as Origin.
 */
export function registerCrossSiteCheck(app: FastifyInstance, options: { appUrl: string }): void {
  const ownOrigin = new URL(options.appUrl).origin.toLowerCase();
  app.addHook('onRequest', (request, reply, done) => {
    if (!needsOriginCheck(request) || request.routeOptions.config.crossSiteCheck === false) return done();
    const verdict = judgeRequestOrigin(request.headers, ownOrigin);
    if (verdict.allowed) return done();
    request.log.info({ reason: verdict.reason }, 'cross-site request refused');
    const { status, body } = toErrorBody(new AppError('cross_site_request', CROSS_SITE_MESSAGE));
    reply.status(status).send(body);
  });
}
