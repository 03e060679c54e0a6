import type { FastifyRequest } from 'fastify';
import { toWebHeaders } from '../../http/web-request.ts';
import type { AuthService, Viewer } from './auth-service.ts';

const viewers = new WeakMap<FastifyRequest, Promise<Viewer | null>>();

/**
 * Who is asking, read once per request however often it is asked: a rate-limited route asks for
 * its limiter's key and again for its guard, and the session read is a third of such a request's
 * statements (docs/PERFORMANCE.md, Chat). Both asks come within the same request, before its
 * handler changes anything.
 */
export function viewerOfRequest(auth: Pick<AuthService, 'getViewer'>, request: FastifyRequest) {
  let viewer = viewers.get(request);
  if (!viewer) {
    viewer = auth.getViewer(toWebHeaders(request));
    viewers.set(request, viewer);
  }
  return viewer;
}

/** The route guard (requireViewer) on the request's one read of its viewer. */
export async function requireViewerOfRequest(
  auth: Pick<AuthService, 'getViewer' | 'admitViewer'>,
  request: FastifyRequest,
): Promise<Viewer> {
  return auth.admitViewer(await viewerOfRequest(auth, request));
}

/**
 * A route's @fastify/rate-limit settings with one budget per person: the signed-in user's id, so
 * two sessions (two browsers, a fresh sign-in) share it; anonymous callers by client address, so
 * sending a different cookie each time does not buy a new budget. The viewer it reads is the one
 * the route's guard then gets from requireViewerOfRequest.
 */
export function perViewerRateLimit(
  auth: Pick<AuthService, 'getViewer'>,
  limit: { max: number; timeWindow: string },
) {
  return {
    rateLimit: {
      ...limit,
      keyGenerator: async (request: FastifyRequest) => {
        const viewer = await viewerOfRequest(auth, request).catch(() => null);
        return viewer ? `user:${viewer.userId}` : `ip:${request.ip}`;
      },
    },
  };
}
