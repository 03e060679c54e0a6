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

/** A party to a booking's business (messages, reviews, refund requests): who, and whether an admin. */
export type Actor = { userId: string; isAdmin: boolean };

/** The route guard, answering with the actor the domain services take. */
export async function requireActorOfRequest(
  auth: Pick<AuthService, 'getViewer' | 'admitViewer'>,
  request: FastifyRequest,
): Promise<Actor> {
  const viewer = await requireViewerOfRequest(auth, request);
  return { userId: viewer.userId, isAdmin: viewer.profile.is_admin };
}
