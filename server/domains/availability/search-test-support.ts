import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { BathroomStatus } from '../../db/types.ts';
import type { OpeningRange } from './opening-hours.ts';

/**
 * Rows for search tests, written straight to the tables so a test controls every public point,
 * price and hour exactly (the listing service's own tests cover how those rows get made).
 */

export async function insertHost(db: Db, firstName = 'Hana'): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('user')
    .values({
      id,
      name: `${firstName} Host`,
      email: `${id}@example.test`,
      emailVerified: true,
      image: null,
      createdAt: new Date(),
      updatedAt: new Date(),
      phoneNumber: null,
      phoneNumberVerified: null,
      twoFactorEnabled: null,
      role: null,
      banned: null,
      banReason: null,
      banExpires: null,
    })
    .execute();
  await db
    .insertInto('profiles')
    .values({ id, first_name: firstName, last_name: 'Host', is_provider: true })
    .execute();
  return id;
}

export type BathroomFixture = {
  hostId: string;
  title?: string;
  latitude: number;
  longitude: number;
  timezone?: string;
  status?: BathroomStatus;
  priceCents?: number;
  rating?: number | null;
  ratingCount?: number;
  amenities?: string[];
  accessibility?: string[];
  allowedDurations?: number[];
  /** Default: every day 08:00–20:00 (PRODUCT.md). */
  hours?: OpeningRange[];
  coverKey?: string;
};

export const DEFAULT_HOURS: OpeningRange[] = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
  weekday,
  opens: '08:00',
  closes: '20:00',
}));

export async function insertBathroom(db: Db, fixture: BathroomFixture): Promise<string> {
  const status = fixture.status ?? 'published';
  const row = await db
    .insertInto('bathrooms')
    .values({
      host_id: fixture.hostId,
      status,
      title: fixture.title ?? 'Bright bathroom near the square',
      location: JSON.stringify({ lat: fixture.latitude, lon: fixture.longitude, formatted: '1 Test St' }),
      latitude: fixture.latitude,
      longitude: fixture.longitude,
      public_latitude: fixture.latitude,
      public_longitude: fixture.longitude,
      city: 'Austin',
      state_code: 'TX',
      country_code: 'US',
      timezone: fixture.timezone ?? 'America/Chicago',
      hourly_price_cents: fixture.priceCents ?? 1000,
      allowed_durations: sql`${`{${(fixture.allowedDurations ?? [15, 30, 45, 60, 90, 120]).join(',')}}`}::smallint[]`,
      amenities: sql`${`{${(fixture.amenities ?? []).join(',')}}`}::text[]`,
      accessibility: sql`${`{${(fixture.accessibility ?? []).join(',')}}`}::text[]`,
      rating_average: fixture.rating === undefined || fixture.rating === null ? null : String(fixture.rating),
      rating_count: fixture.ratingCount ?? (fixture.rating ? 3 : 0),
      published_at: status === 'published' ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const hours = fixture.hours ?? DEFAULT_HOURS;
  if (hours.length) {
    await db
      .insertInto('bathroom_opening_hours')
      .values(hours.map((range) => ({ bathroom_id: row.id, ...range })))
      .execute();
  }
  if (fixture.coverKey) {
    await db
      .insertInto('bathroom_photos')
      .values({
        bathroom_id: row.id,
        position: 0,
        key_1x: `${fixture.coverKey}@1x.webp`,
        key_2x: `${fixture.coverKey}@2x.webp`,
        width: 800,
        height: 600,
        alt: 'A white-tiled bathroom with a large mirror',
      })
      .execute();
  }
  return row.id;
}

/** A point `miles` due north of another (1° of latitude is 69.1707 miles on the spec sphere). */
export function northOf(point: { latitude: number; longitude: number }, miles: number) {
  return { latitude: point.latitude + miles / 69.1707, longitude: point.longitude };
}
