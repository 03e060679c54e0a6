import { randomUUID } from 'node:crypto';
import { type NotificationType, notificationInfo } from '../../../common/notification-types.ts';

/**
 * A realistic example of each type for /test-notifications, so a developer or admin can see its
 * panel entry, toast, buttons and countdown. The ids point nowhere real; the screen says so.
 */
export function sampleNotification(type: NotificationType, userId: string, now = new Date()) {
  const info = notificationInfo(type);
  const bookingId = randomUUID();
  const bathroomId = randomUUID();
  const title = 'Sunny Loft Bathroom (sample)';
  const checkIn = type === 'RESERVATION_REMINDER' || type === 'RESERVATION_OWNER_REMINDER';
  const minutesAhead = type.includes('ONE_HOUR') ? 60 : checkIn ? 10 : 24 * 60;
  const start = new Date(now.getTime() + minutesAhead * 60_000).toISOString();
  const hoursText =
    minutesAhead === 60 ? '1 hour 0 minutes' : checkIn ? '0 hours 10 minutes' : '24 hours 0 minutes';
  const messages: Partial<Record<NotificationType, string>> = {
    RESERVATION_UPCOMING: `Your booking at ${title} starts in ${hoursText}.`,
    RESERVATION_ONE_HOUR: `Your booking at ${title} starts in ${hoursText}.`,
    RESERVATION_OWNER_UPCOMING: `A guest arrives at ${title} in ${hoursText}.`,
    RESERVATION_OWNER_ONE_HOUR: `A guest arrives at ${title} in ${hoursText}.`,
    // As the minute sweep writes them when check-in opens (bookings/booking-sweep.ts).
    RESERVATION_REMINDER: `Check-in is open: your booking starts in ${hoursText} at ${title}.`,
    RESERVATION_OWNER_REMINDER: `Check-in is open: a guest's booking starts in ${hoursText} at ${title}.`,
    BECOME_PROVIDER_REQUEST: 'Sam Sample asked to become a provider.',
    BECOME_PROVIDER_REQUEST_APPROVED: 'You are now a Privy host. List your first bathroom.',
    BECOME_PROVIDER_REQUEST_REJECTED: 'Your request to become a provider was not approved this time.',
    BECOME_PROVIDER_REQUEST_REVOKED: 'Your hosting access has been removed.',
    MESSAGE_RECEIVED: 'Sam Sample: Hi! Is the bathroom step-free?',
    USER_REGISTERED: 'Sam Sample just created an account.',
    OWNER_PROPERTY_UNPUBLISHED: `Privy unpublished “${title}”: the photos show a different bathroom. Only Privy can publish it again: fix what is described, then reply through the contact page.`,
    OWNER_PROPERTY_REPUBLISHED: `Privy published “${title}” again: guests can find and book it.`,
  };
  const message = messages[type] ?? `Sample ${type.replaceAll('_', ' ').toLowerCase()} for ${title}.`;
  const meta: Record<string, unknown> = { sample: true };
  if (info.subject === 'property') meta.bathroom_id = bathroomId;
  else if (info.subject !== 'provider_request' && info.subject !== 'user') {
    meta.booking_id = bookingId;
    meta.bathroom_id = bathroomId;
    meta.user_id = userId;
    meta.booking = { start_time: start, bathroom: { title } };
  }
  return { message, meta };
}
