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

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(path, {
    credentials: 'same-origin',
    ...init,
    headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `Request failed (${response.status})`);
  }
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** Browser-side calls to the notifications API (spec §7). */
export const notificationsApi = {
  list: (options: { limit?: number; before?: string | null } = {}) => {
    const query = new URLSearchParams();
    if (options.limit) query.set('limit', String(options.limit));
    if (options.before) query.set('before', options.before);
    const suffix = query.size ? `?${query}` : '';
    return call<NotificationPage>(`/api/notifications${suffix}`);
  },
  markAllViewed: () => call<{ updated: number }>('/api/notifications/mark-all-viewed', { method: 'POST' }),
  markRead: (id: string) =>
    call<{ notification: NotificationItem }>(`/api/notifications/${id}/read`, { method: 'POST' }),
  remove: (id: string) => call<void>(`/api/notifications/${id}`, { method: 'DELETE' }),
};
