import { type Kysely, sql } from 'kysely';

// Frozen: imports nothing from the app.
//
// Nearest-first search walks this index in distance order (KNN on earthdistance's cube) and stops
// when it has enough for the page (ADR 080, "Nearest first"). It carries every column a search
// filters on, so the walk reads the index alone; fetching each row from the table cost five times
// as much. The point index stays: it answers the capped count and the other sorts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index bathrooms_public_earth_gist on bathrooms
      using gist (ll_to_earth(public_latitude, public_longitude))
      include (id, public_latitude, public_longitude, timezone, allowed_durations, open_week_minutes,
               cleaning_buffer_minutes, hourly_price_cents, rating_average, accessibility, amenities)
      where status = 'published'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index bathrooms_public_earth_gist`.execute(db);
}
