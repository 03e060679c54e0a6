import type { CalendarFeedCreated, CalendarFeedStatus } from '../../../common/schemas/calendar.ts';
import { ApiError, NETWORK_MESSAGE } from '../../lib/api-error.ts';

/** The calendar feed routes (ADR 095). */
async function send<T>(method: 'POST' | 'DELETE', bathroomId: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/manage/bathrooms/${encodeURIComponent(bathroomId)}/ical`, {
      method,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, NETWORK_MESSAGE);
  }
  const payload = (await response.json().catch(() => null)) as (T & { message?: string }) | null;
  if (!response.ok) {
    throw new ApiError(response.status, payload?.message ?? `Something went wrong (${response.status}).`, []);
  }
  return payload as T;
}

export const calendarApi = {
  createOrRotate: (bathroomId: string) => send<CalendarFeedCreated>('POST', bathroomId),
  revoke: (bathroomId: string) => send<CalendarFeedStatus>('DELETE', bathroomId),
};
