import type { FastifyRequest } from 'fastify';
import { toWebHeaders } from '../../http/web-request.ts';
import type { AuthService } from './auth-service.ts';

/**
 * A route's @fastify/rate-limit settings with one budget per person: the signed-in user's id, so
 * two sessions (two browsers, a fresh sign-in) share it; anonymous callers by client address, so
 * sending a different cookie each time does not buy a new budget. Costs one session lookup on the
 * rate-limited routes (each then looks the viewer up again for its guard); they are rare writes.
 */
export function perViewerRateLimit(
  auth: Pick<AuthService, 'getViewer'>,
  limit: { max: number; timeWindow: string },
) {
  return {
    rateLimit: {
      ...limit,
      keyGenerator: async (request: FastifyRequest) => {
        const viewer = await auth.getViewer(toWebHeaders(request)).catch(() => null);
        return viewer ? `user:${viewer.userId}` : `ip:${request.ip}`;
      },
    },
  };
}
