import { data, redirect } from 'react-router';
import { z } from 'zod';
import { BOOKING_HORIZON_DAYS } from '../../../common/constants.ts';
import { createBookingSchema } from '../../../common/schemas/bookings.ts';
import { latitudeSchema, longitudeSchema } from '../../../common/schemas/location.ts';
import { singleLineText } from '../../../common/schemas/text.ts';
import { bookingChoiceSchema } from '../../features/booking-panel/booking-choice.server.ts';
import { closedDates, localToday, nextDates } from '../../features/booking-panel/booking-choice.ts';
import { asAppError } from '../../lib/app-error.ts';
import { servicesContext } from '../../lib/context.ts';
import { getViewer, redirectCookie } from '../../lib/guards.server.ts';
import { pageUrl } from '../../lib/route-query.ts';
import type { Route } from './+types/bathroom-details';

/*
 * The listing page's loader and action (bathroom-details.tsx), in a server-only module so that
 * their zod schemas stay out of the page's browser code (ADR 098).
 */

const fromSchema = z.object({
  lat: z.coerce.number().pipe(latitudeSchema),
  lng: z.coerce.number().pipe(longitudeSchema),
});

const reserveSchema = z.object({
  startsAt: singleLineText().max(64),
  durationMinutes: z.coerce.number(),
});

/**
 * "Reserve and pay": holds the slot and sends the guest to checkout. A visitor who is not signed
 * in goes to sign in first and comes back to this page with the same choice (ADR 093).
 */
export async function listingAction({ params, request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = reserveSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) return { error: 'Choose a start and a length first.' };
  const viewer = await getViewer(request, context);
  if (!viewer) {
    const back = pageUrl(request);
    back.searchParams.set('start', form.data.startsAt);
    back.searchParams.set('duration', String(form.data.durationMinutes));
    throw redirect('/login', {
      headers: { 'set-cookie': await redirectCookie.serialize(back.pathname + back.search) },
    });
  }
  const input = createBookingSchema.safeParse({
    bathroomId: params.id,
    startsAt: form.data.startsAt,
    durationMinutes: form.data.durationMinutes,
  });
  if (!input.success)
    return { error: input.error.issues[0]?.message ?? 'Choose a start and a length first.' };
  let checkoutUrl: string;
  try {
    ({ checkoutUrl } = await services.bookings.create(
      { userId: viewer.userId, isAdmin: viewer.profile.is_admin },
      input.data,
    ));
  } catch (error) {
    const known = asAppError(error);
    if (known && known.status < 500) return { error: known.message };
    if (known?.status === 502) return { error: 'The payment service did not answer. Please try again.' };
    throw error;
  }
  throw redirect(checkoutUrl);
}

export async function listingLoader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const search = new URL(request.url).searchParams;
  const from = fromSchema.safeParse({
    lat: search.get('lat') ?? undefined,
    lng: search.get('lng') ?? undefined,
  });
  const id = z.uuid().safeParse(params.id);
  const listing = id.success
    ? await services.availability.publicListing(
        id.data,
        from.success ? { from: { latitude: from.data.lat, longitude: from.data.lng } } : {},
      )
    : null;
  // Drafts and unlisted bathrooms are not there at all, as far as the public can tell.
  if (!listing) throw data('No such bathroom', { status: 404 });
  const viewer = await getViewer(request, context);
  const choice = bookingChoiceSchema.parse(Object.fromEntries(search));
  const today = localToday(listing.timezone);
  const durations = listing.allowed_durations;
  const duration =
    choice.duration && durations.includes(choice.duration) ? choice.duration : (durations[0] ?? 15);
  // The date picker refuses days without opening hours, up to the last day a booking may start.
  const closed = closedDates(
    today,
    BOOKING_HORIZON_DAYS + 1,
    listing.opening_hours.filter((day) => day.ranges.length > 0).map((day) => day.weekday),
  );
  // Without a chosen day the panel opens on the first day the bathroom is open, not on a closed
  // today that it would have to refuse.
  const date =
    choice.date && choice.date >= today
      ? choice.date
      : (nextDates(today, BOOKING_HORIZON_DAYS + 1).find((day) => !closed.includes(day)) ?? today);
  const slots = await services.availability.slots(listing.id, date, duration);
  const starts = slots?.starts ?? [];
  // The earliest free start is picked already: one tap from here to paying.
  const start = starts.find((slot) => slot.starts_at === choice.start) ?? starts[0] ?? null;
  const rules = await services.settings.current();
  const reviewsPage = z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .catch(1)
    .parse(search.get('reviews') ?? 1);
  return {
    listing,
    reviews: await services.reviews.forBathroom(listing.id, reviewsPage),
    admin: viewer?.profile.is_admin === true,
    panel: {
      path: `/bathrooms/${listing.id}`,
      today,
      closedDates: closed,
      date,
      duration,
      allowedDurations: durations,
      starts: starts.map(({ starts_at, local_time }) => ({ starts_at, local_time })),
      start: start ? { starts_at: start.starts_at, local_time: start.local_time } : null,
      hourlyPriceCents: listing.hourly_price_cents,
      title: listing.title,
      area: `Near ${listing.city}${listing.state_code ? `, ${listing.state_code}` : ''}`,
      ownBathroom: viewer !== null && listing.host?.id === viewer.userId,
      freeCancellationMinutes: rules.freeCancellationMinutes,
      holdMinutes: rules.holdMinutes,
    },
    place: from.success ? (search.get('q') ?? '').slice(0, 120) : '',
    tileUrl: services.config.mapTileUrl,
  };
}
