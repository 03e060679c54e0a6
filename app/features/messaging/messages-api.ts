import { SEND_MESSAGE_ACTION } from '../../../common/messaging.ts';
import type { ConversationPage, Message } from '../../../common/schemas/messages.ts';
import { ApiError, type FieldError } from '../../lib/api-error.ts';
import { apiJson } from '../../lib/api-fetch.ts';
import { type SocketRequester, SocketUnavailableError } from '../realtime/socket-requester.ts';

type Sent = { message: Message };

/**
 * A send over the tab's open realtime socket (ADR 149), else over HTTP. When the socket cannot
 * answer (not open, closed first, too slow) the same send goes over HTTP: its clientId makes the
 * server store it once even if the socket's copy arrived after all. A refusal (4xx, 5xx) is final.
 */
async function send(
  bookingId: string,
  content: string,
  clientId: string,
  live?: SocketRequester | null,
): Promise<Sent> {
  if (live) {
    try {
      const { status, body } = await live.request(SEND_MESSAGE_ACTION, { bookingId, content, clientId });
      if (status < 400) return body as Sent;
      const refusal = body as { message?: string; fields?: FieldError[] } | null;
      throw new ApiError(
        status,
        refusal?.message ?? `Something went wrong (${status}). Please try again.`,
        refusal?.fields ?? [],
      );
    } catch (error) {
      if (!(error instanceof SocketUnavailableError)) throw error;
    }
  }
  return apiJson<Sent>('POST', `/api/messages/${bookingId}`, { content, clientId });
}

/** Browser-side calls to the messaging API (common/schemas/messages.ts, ADR 119). */
export const messagesApi = {
  latest: (bookingId: string) => apiJson<ConversationPage>('GET', `/api/messages/${bookingId}`),
  page: (bookingId: string, before: string) =>
    apiJson<ConversationPage>('GET', `/api/messages/${bookingId}?${new URLSearchParams({ before })}`),
  send,
  markRead: (bookingId: string, upToMessageId: string) =>
    apiJson<{ count: number }>('POST', `/api/messages/${bookingId}/read`, { upToMessageId }),
  typing: (bookingId: string) => apiJson<undefined>('POST', `/api/messages/${bookingId}/typing`),
};
