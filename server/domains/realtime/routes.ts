import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors.ts';
import { toWebHeaders } from '../../http/web-request.ts';
import type { AppServices } from '../../services.ts';
import { accountState } from '../auth/auth-service.ts';
import type { SocketIdentity } from './gateway.ts';

/**
 * GET /api/realtime upgrades to a WebSocket for a signed-in user (the session cookie is the
 * credential). Anonymous, disabled and under-review accounts are refused before the upgrade.
 */
export async function realtimeRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const identify = async (headers: Headers): Promise<SocketIdentity | null> => {
    const viewer = await services.auth.getViewer(headers);
    if (!viewer || accountState(viewer.profile) !== 'ok') return null;
    return {
      userId: viewer.userId,
      isAdmin: viewer.profile.is_admin,
      sessionId: viewer.sessionId,
      expiresAt: viewer.sessionExpiresAt.getTime(),
    };
  };

  // Development aid for testing reconnects: drop your own sockets. Absent in production.
  if (services.config.devTools) {
    app.post('/api/dev/realtime/disconnect', { schema: { hide: true } }, async (request) => {
      const viewer = await services.auth.requireViewer(toWebHeaders(request));
      return { closed: services.realtime.gateway.disconnectUser(viewer.userId) };
    });
  }

  app.get(
    '/api/realtime',
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request, reply) => {
        if (!services.realtime.gateway.isLive()) {
          throw new AppError(
            'service_unavailable',
            'Live updates are paused for a moment. Reconnect shortly.',
          );
        }
        const identity = await identify(toWebHeaders(request));
        if (!identity)
          return reply.status(401).send({ error: 'unauthenticated', message: 'Please sign in to continue.' });
        (request as typeof request & { socketIdentity?: SocketIdentity }).socketIdentity = identity;
      },
    },
    (socket, request) => {
      const identity = (request as typeof request & { socketIdentity?: SocketIdentity }).socketIdentity;
      if (!identity) return socket.close(4401, 'Not signed in');
      const headers = toWebHeaders(request);
      services.realtime.gateway.attach(socket, identity, () => identify(headers));
    },
  );
}
