import { postSettledBookings } from '../domains/payouts/ledger-service.ts';
import { refreshAllBathroomRatings } from '../domains/reviews/repository.ts';
import type { AppServices } from '../services.ts';
import { type Random, seededRandom } from './demo-random.ts';
import { startOfUtcDay } from './seed-conversations.ts';

/**
 * Published reviews for the demo catalogue (ADR 124), so ratings, the rating sort and the listing
 * pages are not empty on a first start. Each review belongs to a past, completed, checked-in
 * booking by another demo account (the demo guests and the other hosts), with the host's rating of
 * that guest, published together a day or two after the visit, as the app would have done. Seeded
 * random (demo-random.ts) and whole hours relative to the UTC day, like the demo conversations, so
 * the snapshot says the same thing all day; bulk inserts keep it to a few statements.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CHUNK = 400;

const OPENINGS = [
  'Spotless and exactly as pictured.',
  'Clean, quiet and easy to find.',
  'A lifesaver between meetings.',
  'Just what I needed after a long run.',
  'Very clean, with good light and a real mirror.',
  'Easy check-in and a calm, tidy room.',
  'Exactly as described, and the host answered in minutes.',
  'Nicer than most hotel bathrooms.',
  'Good value for a quick stop downtown.',
  'Simple and clean; no surprises.',
];
const DETAILS = [
  'Plenty of soap and fresh towels.',
  'The door code worked first time.',
  'There was a hook for my bag and a shelf for my things.',
  'Warm water straight away.',
  'A little hard to find the entrance, but the instructions helped.',
  'It smelled fresh and the floor was dry.',
  'Room to change with a stroller parked inside.',
  'Would have liked a brighter light over the sink.',
  'The step-free entrance made it easy with my wheelchair.',
  'Quiet street, and parking right outside.',
  'Hand cream and a hair dryer were a nice touch.',
  'The fan was a bit loud, otherwise perfect.',
];
const REPLIES = [
  'Thank you for staying tidy. Come back any time!',
  'Thanks! We have added a brighter bulb since your visit.',
  'So glad it helped on a busy day. See you again.',
  'Thank you for the kind words and the useful tip.',
];
const GUEST_NOTES = ['Left everything tidy.', 'Friendly and on time.', null, null];

function stars(random: Random, quality: number): number {
  return Math.max(1, Math.min(5, Math.round(quality + (random.next() - 0.5) * 1.6)));
}

function comment(random: Random, rating: number): string | null {
  if (random.chance(0.15)) return null;
  const opening =
    rating <= 3 ? 'It did the job, though it was not at its best that day.' : random.pick(OPENINGS);
  return random.chance(0.7) ? `${opening} ${random.pick(DETAILS)}` : opening;
}

export async function seedDemoReviews(
  services: AppServices,
  ids: ReadonlyMap<string, string>,
  today = startOfUtcDay(new Date()),
): Promise<{ reviews: number }> {
  const { db } = services;
  // Mostly the demo hosts travelling; the two demo guests (seed-demo.ts) now and then, so their
  // profiles carry a rating from hosts without a hundred past bookings crowding /bookings.
  const named = ['gina@privy.test', 'gus@privy.test'];
  const reviewers = [...ids.entries()].filter(([email]) => email !== 'admin@privy.test').map(([, id]) => id);
  const namedIds = named.map((email) => ids.get(email)).filter((id): id is string => id !== undefined);
  const travellers = reviewers.filter((id) => !namedIds.includes(id));
  const bathrooms = await db
    .selectFrom('bathrooms')
    .select(['id', 'title', 'host_id', 'hourly_price_cents', 'cleaning_buffer_minutes'])
    .where('status', '=', 'published')
    .where('host_id', 'in', [...ids.values()])
    .orderBy('title')
    .orderBy('id')
    .execute();
  if (!bathrooms.length || reviewers.length < 2) return { reviews: 0 };
  type Visit = { bathroom: (typeof bathrooms)[number]; guestId: string; startsAt: Date; minutes: number };
  type Words = {
    rating: number[];
    comment: string | null;
    reply: string | null;
    hostRating: number;
    note: string | null;
  };
  const visits: (Visit & Words)[] = [];
  for (const [position, bathroom] of bathrooms.entries()) {
    // Keyed by place and title, not the (random) id, so every seed writes the same reviews.
    const random = seededRandom(`reviews:${position}:${bathroom.title}`);
    // A few bathrooms are new and have none yet; most have a handful.
    const count = random.chance(0.12) ? 0 : random.int(2, 11);
    const quality = 3.7 + random.next() * 1.3;
    const others = travellers.filter((id) => id !== bathroom.host_id);
    const guests = others.length ? others : reviewers.filter((id) => id !== bathroom.host_id);
    for (let index = 0; index < count; index++) {
      const rating = stars(random, quality);
      const minutes = random.pick([15, 30, 60] as const);
      visits.push({
        bathroom,
        guestId: namedIds.length && random.chance(0.04) ? random.pick(namedIds) : random.pick(guests),
        // 15 to 200 days back, at a whole hour of the day: past the 14-day window, long published.
        startsAt: new Date(today.getTime() - random.int(15, 200) * DAY + random.int(8, 20) * HOUR),
        minutes,
        rating: [rating, stars(random, quality), stars(random, quality), stars(random, quality)],
        comment: comment(random, rating),
        reply: random.chance(0.3) ? random.pick(REPLIES) : null,
        hostRating: random.chance(0.85) ? 5 : 4,
        note: random.pick(GUEST_NOTES),
      });
    }
  }
  let written = 0;
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < visits.length; start += CHUNK) {
      const chunk = visits.slice(start, start + CHUNK);
      const bookings = await trx
        .insertInto('bookings')
        .values(
          chunk.map((visit) => {
            const endsAt = new Date(visit.startsAt.getTime() + visit.minutes * 60_000);
            const bookedAt = new Date(visit.startsAt.getTime() - 3 * HOUR);
            const price = Math.round((visit.bathroom.hourly_price_cents * visit.minutes) / 60);
            return {
              bathroom_id: visit.bathroom.id,
              guest_id: visit.guestId,
              status: 'completed' as const,
              starts_at: visit.startsAt,
              ends_at: endsAt,
              duration_minutes: visit.minutes,
              cleaning_buffer_minutes: visit.bathroom.cleaning_buffer_minutes,
              hourly_price_cents: visit.bathroom.hourly_price_cents,
              price_cents: price,
              amount_paid_cents: price,
              confirmed_at: bookedAt,
              checked_in_at: visit.startsAt,
              completed_at: endsAt,
              created_at: bookedAt,
              // Long past: the sweep has nothing left to send for them.
              upcoming_notified_at: bookedAt,
              one_hour_notified_at: bookedAt,
              check_in_reminded_at: bookedAt,
              review_requested_at: endsAt,
              review_reminded_at: endsAt,
            };
          }),
        )
        .returning(['id', 'ends_at'])
        .execute();
      // Paid and completed: their captures and releases, in bulk (ADR 128).
      await postSettledBookings(
        trx,
        bookings.map((booking) => booking.id),
      );
      const rows = chunk.flatMap((visit, index) => {
        const booking = bookings[index] as { id: string; ends_at: Date };
        const published = new Date(new Date(booking.ends_at).getTime() + (1 + (index % 2)) * DAY);
        const [rating, cleanliness, accuracy, communication] = visit.rating as [
          number,
          number,
          number,
          number,
        ];
        const base = {
          booking_id: booking.id,
          bathroom_id: visit.bathroom.id,
          published_at: published,
          created_at: published,
          updated_at: published,
        };
        return [
          {
            ...base,
            side: 'guest' as const,
            author_id: visit.guestId,
            subject_id: visit.bathroom.host_id,
            rating,
            cleanliness,
            accuracy,
            communication,
            comment: visit.comment,
            reply: visit.reply,
            replied_at: visit.reply ? new Date(published.getTime() + 5 * HOUR) : null,
          },
          {
            ...base,
            side: 'host' as const,
            author_id: visit.bathroom.host_id,
            subject_id: visit.guestId,
            rating: visit.hostRating,
            private_note: visit.note,
          },
        ];
      });
      await trx.insertInto('reviews').values(rows).execute();
      written += chunk.length;
    }
    await refreshAllBathroomRatings(
      trx,
      bathrooms.map((bathroom) => bathroom.id),
    );
  });
  return { reviews: written };
}
