import { type RouterContextProvider, redirect } from 'react-router';
import { actorOf } from '../../../server/domains/properties/property-service.ts';
import { requireViewer } from '../../lib/guards.server.ts';

/** /manage pages: hosts (and admins, who look after them) only. Others go to /become-a-provider. */
export async function requireHost(request: Request, context: Readonly<RouterContextProvider>) {
  const viewer = await requireViewer(request, context);
  // A guest (or a host whose access was just revoked, whose open page revalidates) is shown how
  // to become a host rather than an error page.
  if (!viewer.profile.is_provider && !viewer.profile.is_admin) throw redirect('/become-a-provider');
  return { viewer, actor: actorOf(viewer) };
}

/** Turns the service's refusals into the HTTP responses a loader throws. */
export function asRouteError(error: unknown): never {
  const status = (error as { status?: number }).status;
  if (status === 403 || status === 404)
    throw new Response(status === 403 ? 'Not yours' : 'Not found', { status });
  throw error;
}
