import type { FastifyRequest } from 'fastify';
import type { AuthService } from './auth-service.ts';
import { viewerOfRequest } from './request-viewer.ts';

/**
 * A route's @fastify/rate-limit settings with one budget per person: the signed-in user's id, so
 * two sessions (two browsers, a fresh sign-in) share it; anonymous callers by client address, so
 * sending a different cookie each time does not buy a new budget. The viewer it reads is the one
 * the route's guard then gets from requireViewerOfRequest (request-viewer.ts).
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
