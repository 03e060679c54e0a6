import { apiJson } from '../../lib/api-fetch.ts';

export type NotificationItem = {
  id: string;
  user_id: string;
  notification_type: string;
  message: string | null;
  created_at: string;
  viewed: boolean;
  read: boolean;
  meta: unknown;
};

export type NotificationPage = {
  notifications: NotificationItem[];
  nextCursor: string | null;
  unviewed: number;
  total: number;
};

/** Browser-side calls to the notifications API (spec §7). */
export const notificationsApi = {
  list: (options: { limit?: number; before?: string | null } = {}) => {
    const query = new URLSearchParams();
    if (options.limit) query.set('limit', String(options.limit));
    if (options.before) query.set('before', options.before);
    const suffix = query.size ? `?${query}` : '';
    return apiJson<NotificationPage>('GET', `/api/notifications${suffix}`);
  },
  markAllViewed: () => apiJson<{ updated: number }>('POST', '/api/notifications/mark-all-viewed'),
  markRead: (id: string) =>
    apiJson<{ notification: NotificationItem }>('POST', `/api/notifications/${id}/read`),
  remove: (id: string) => apiJson<void>('DELETE', `/api/notifications/${id}`),
};
