import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { insertBathroom } from '../availability/search-test-support.ts';
import type { ReviewService } from './review-service.ts';

/**
 * The publication race (ADR 125, docs/PERFORMANCE.md "Reviews"): N completed bookings spread over
 * B bathrooms, each with its host's review already written, whose guests all write at once, so
 * every write publishes both reviews and recomputes its bathroom's averages concurrently. Shared by
 * reviews-race.test.ts and bench/reviews.ts.
 */

export type RaceScene = { hostId: string; guestId: string; bathroomIds: string[]; bookingIds: string[] };

async function insertUser(db: Db, id: string, firstName: string) {
  const now = new Date();
  await db
    .insertInto('user')
    .values({
      id,
      name: firstName,
      email: `${id}@example.com`,
      emailVerified: true,
      image: null,
      createdAt: now,
      updatedAt: now,
      phoneNumber: null,
      phoneNumberVerified: null,
      twoFactorEnabled: null,
      role: null,
      banned: null,
      banReason: null,
      banExpires: null,
    } as never)
    .execute();
  await db
    .insertInto('profiles')
    .values({ id, first_name: firstName, last_name: 'Race' } as never)
    .execute();
}

export async function seedRace(db: Db, options: { bathrooms: number; bookings: number }): Promise<RaceScene> {
  const hostId = 'race-host';
  const guestId = 'race-guest';
  await insertUser(db, hostId, 'Hana');
  await insertUser(db, guestId, 'Gina');
  const bathroomIds: string[] = [];
  for (let index = 0; index < options.bathrooms; index++) {
    bathroomIds.push(
      await insertBathroom(db, { hostId, title: `Race ${index}`, latitude: 40.7, longitude: -74 }),
    );
  }
  // One statement: completed, checked-in bookings an hour long, a day ago, each at its own time.
  const { rows } = await sql<{ id: string }>`
    insert into bookings (bathroom_id, guest_id, status, starts_at, ends_at, duration_minutes,
      cleaning_buffer_minutes, hourly_price_cents, price_cents, confirmed_at, checked_in_at, completed_at)
    select (${sql.val(bathroomIds)}::uuid[])[1 + (i % ${options.bathrooms})], ${guestId}, 'completed',
      t - interval '1 hour', t, 60, 0, 1200, 1200, t - interval '2 days', t - interval '1 hour', t
    from generate_series(0, ${options.bookings - 1}) as i,
      lateral (select date_trunc('hour', now()) - interval '1 day' - i * interval '5 minutes' as t) as times
    returning id`.execute(db);
  const bookingIds = rows.map((row) => row.id);
  await sql`
    insert into reviews (booking_id, bathroom_id, side, author_id, subject_id, rating)
    select k.id, k.bathroom_id, 'host', ${hostId}, ${guestId}, 5
    from bookings k where k.id = any(${sql.val(bookingIds)}::uuid[])`.execute(db);
  return { hostId, guestId, bathroomIds, bookingIds };
}

/** A deterministic spread of ratings, so averages land on many different decimals. */
export function raceReview(index: number) {
  return {
    rating: 1 + ((index * 7) % 5),
    cleanliness: 1 + ((index * 3) % 5),
    accuracy: 1 + ((index * 11) % 5),
    communication: 1 + (index % 5),
  };
}

/**
 * The guests write concurrently, `inFlight` at a time (all at once by default); answers each
 * write's latency in milliseconds. On PostgreSQL more writes in flight than the pool has
 * connections only queue for a connection (and past its 5 s connect timeout, fail), so the
 * PostgreSQL runs keep the queue to what a server would let through.
 */
export async function runRace(
  reviews: ReviewService,
  scene: RaceScene,
  inFlight = scene.bookingIds.length,
): Promise<number[]> {
  const actor = { userId: scene.guestId, isAdmin: false };
  const latencies: number[] = [];
  let next = 0;
  const writer = async () => {
    while (next < scene.bookingIds.length) {
      const index = next++;
      const started = performance.now();
      await reviews.write(actor, scene.bookingIds[index] as string, raceReview(index));
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, scene.bookingIds.length) }, writer));
  return latencies;
}
