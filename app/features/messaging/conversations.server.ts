import type { RouterContextProvider } from 'react-router';
import {
  type ConversationPage,
  type ConversationSummary,
  MESSAGE_PAGE_SIZE,
} from '../../../common/schemas/messages.ts';
import type { Viewer } from '../../../server/domains/auth/auth-service.ts';
import { asAppError } from '../../lib/app-error.ts';
import { servicesContext } from '../../lib/context.ts';

/** The messaging service's reads for the pages' loaders (the API routes use the same service). */

const actorOf = (viewer: Viewer) => ({ userId: viewer.userId, isAdmin: viewer.profile.is_admin });

export async function loadConversations(
  context: Readonly<RouterContextProvider>,
  viewer: Viewer,
): Promise<ConversationSummary[]> {
  const services = context.get(servicesContext);
  return services.messaging.list(actorOf(viewer), { limit: 100 });
}

/**
 * The newest page of one conversation, or why it is not open yet (an unpaid hold: 409 with the
 * server's words); 404 when the viewer is not a party (nor an admin).
 */
export async function loadConversationPage(
  context: Readonly<RouterContextProvider>,
  viewer: Viewer,
  bookingId: string,
): Promise<{ page: ConversationPage; notOpen: null } | { page: null; notOpen: string }> {
  const services = context.get(servicesContext);
  try {
    const page = await services.messaging.read(actorOf(viewer), bookingId, { limit: MESSAGE_PAGE_SIZE });
    return { page, notOpen: null };
  } catch (error) {
    const known = asAppError(error);
    if (known?.status === 404) throw new Response('Not found', { status: 404 });
    if (known?.status === 409) return { page: null, notOpen: known.message };
    throw error;
  }
}
