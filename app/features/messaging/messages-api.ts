import type { ConversationPage, Message } from '../../../common/schemas/messages.ts';
import { apiJson } from '../../lib/api-fetch.ts';

/** Browser-side calls to the messaging API (common/schemas/messages.ts, ADR 119). */
export const messagesApi = {
  latest: (bookingId: string) => apiJson<ConversationPage>('GET', `/api/messages/${bookingId}`),
  page: (bookingId: string, before: string) =>
    apiJson<ConversationPage>('GET', `/api/messages/${bookingId}?${new URLSearchParams({ before })}`),
  send: (bookingId: string, content: string, clientId: string) =>
    apiJson<{ message: Message }>('POST', `/api/messages/${bookingId}`, { content, clientId }),
  markRead: (bookingId: string, upToMessageId: string) =>
    apiJson<{ count: number }>('POST', `/api/messages/${bookingId}/read`, { upToMessageId }),
  typing: (bookingId: string) => apiJson<undefined>('POST', `/api/messages/${bookingId}/typing`),
};
