import type { RouterContextProvider } from 'react-router';
import type { ConversationPage, ConversationSummary } from '../../../common/schemas/messages.ts';
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
  const list = await services.messaging.listConversations(actorOf(viewer), { limit: 100 });
  return list.conversations;
}

/** The newest page of one conversation; 404 when the viewer is not a party (nor an admin). */
export async function loadConversationPage(
  context: Readonly<RouterContextProvider>,
  viewer: Viewer,
  bookingId: string,
): Promise<ConversationPage> {
  const services = context.get(servicesContext);
  try {
    return await services.messaging.conversationPage(actorOf(viewer), bookingId, {});
  } catch (error) {
    if (asAppError(error)?.status === 404) throw new Response('Not found', { status: 404 });
    throw error;
  }
}
