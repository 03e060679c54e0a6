import type { CalendarFeedCreated, CalendarFeedStatus } from '../../../common/schemas/calendar.ts';
import { apiJson } from '../../lib/api-fetch.ts';

/** The calendar feed routes (ADR 095). */
const feedPath = (bathroomId: string) => `/api/manage/bathrooms/${encodeURIComponent(bathroomId)}/ical`;

export const calendarApi = {
  createOrRotate: (bathroomId: string) => apiJson<CalendarFeedCreated>('POST', feedPath(bathroomId)),
  revoke: (bathroomId: string) => apiJson<CalendarFeedStatus>('DELETE', feedPath(bathroomId)),
};
