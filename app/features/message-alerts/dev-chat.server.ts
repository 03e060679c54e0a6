import { data, type RouterContextProvider } from 'react-router';
import type { BookingListItem } from '../../../common/schemas/booking-pages.ts';
import { servicesContext } from '../../lib/context.ts';
import { requireViewer } from '../../lib/guards.server.ts';
import { pageUrl } from '../../lib/route-query.ts';

/*
 * The loaders of /test-messaging and /test-booking-chat (spec §2 dev routes, ADR 121): signed in,
 * and only where dev tools are on (DEV_TOOLS, on outside production; ADR 041's rule for
 * /dev/mailbox). Elsewhere they are the same 404 as any unknown path.
 */

export type ChatBooking = {
  id: string;
  role: 'guest' | 'host';
  label: string;
  bathroomTitle: string;
  startsAt: string;
  endsAt: string;
  timezone: string;
  otherName: string | null;
};

export async function requireMessagingDevTools(request: Request, context: Readonly<RouterContextProvider>) {
  const viewer = await requireViewer(request, context);
  if (!context.get(servicesContext).config.devTools) {
    const url = pageUrl(request);
    throw data({ path: url.pathname + url.search }, { status: 404 });
  }
  return viewer;
}

function toChatBooking(item: BookingListItem, role: ChatBooking['role']): ChatBooking {
  return {
    id: item.id,
    role,
    label: role === 'guest' ? `As guest · ${item.bathroom_title}` : `As host · ${item.bathroom_title}`,
    bathroomTitle: item.bathroom_title,
    startsAt: item.starts_at,
    endsAt: item.ends_at,
    timezone: item.timezone,
    otherName: item.guest_first_name ?? null,
  };
}

/**
 * The viewer's own bookings on both sides, newest start first: as guest (upcoming and past) and as
 * host (any state, 90 days back). Admins see their own too, not everyone's.
 */
export async function listChatBookings(
  context: Readonly<RouterContextProvider>,
  userId: string,
): Promise<ChatBooking[]> {
  const { bookings } = context.get(servicesContext);
  const own = { userId, isAdmin: false };
  const [upcoming, past, hosted] = await Promise.all([
    bookings.listForGuest(own, 'upcoming'),
    bookings.listForGuest(own, 'past'),
    bookings.listForHost(own, { status: 'all' }),
  ]);
  const all = [
    ...[...upcoming, ...past].map((item) => toChatBooking(item, 'guest')),
    ...hosted.map((item) => toChatBooking(item, 'host')),
  ];
  return all.sort((a, b) => b.startsAt.localeCompare(a.startsAt)).slice(0, 50);
}
