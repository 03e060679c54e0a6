import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { OpeningRange } from './opening-hours.ts';

export type ScheduleRow = { id: string; status: string; timezone: string; openingHours: OpeningRange[] };

export async function findSchedule(db: Db, bathroomId: string): Promise<ScheduleRow | null> {
  const bathroom = await db
    .selectFrom('bathrooms')
    .select(['id', 'status', 'timezone'])
    .where('id', '=', bathroomId)
    .executeTakeFirst();
  if (!bathroom) return null;
  return { ...bathroom, openingHours: await findOpeningHours(db, bathroomId) };
}

const LIVE_STATUSES = ['pending_payment', 'confirmed', 'checked_in'] as const;

/**
 * What the slot engine needs about a bathroom over a window: its rules, the blocked ranges of its
 * live bookings (unpaid holds past their expiry excluded) and its blackouts. With `db` a
 * transaction, booking creation decides on the same rows it then inserts beside. One statement
 * (the hours, bookings and blackouts as JSON sub-selects): a booking asks this for every attempt,
 * and on PGlite's single connection, or a busy pool, each round trip is a turn in the queue.
 */
export async function findSlotSchedule(
  db: Db,
  bathroomId: string,
  window: { start: Date; end: Date },
  options: {
    /** In a booking's transaction: share-lock the bathroom row, so its rules cannot change under it. */
    lockBathroom?: boolean;
  } = {},
) {
  // Widened by the longest booking and buffer, so a neighbour reaching into the window is seen.
  const from = new Date(window.start.getTime() - 3 * 3_600_000);
  const to = new Date(window.end.getTime() + 3 * 3_600_000);
  // Instants travel as epoch milliseconds: exact, and free of JSON's timestamp text formats.
  const epochMs = (column: RawBuilder<unknown>) => sql`(extract(epoch from ${column}) * 1000)::float8`;
  const row = await db
    .selectFrom('bathrooms as b')
    .select([
      'b.id',
      'b.host_id',
      'b.status',
      'b.timezone',
      'b.allowed_durations',
      'b.cleaning_buffer_minutes',
      'b.hourly_price_cents',
      sql<OpeningRange[]>`(select coalesce(json_agg(json_build_object(
          'weekday', h.weekday,
          'opens', to_char(h.opens, 'HH24:MI'),
          'closes', case when h.closes = '24:00' then '24:00' else to_char(h.closes, 'HH24:MI') end)
        order by h.weekday, h.opens), '[]')
        from bathroom_opening_hours h where h.bathroom_id = b.id)`.as('opening_hours'),
      sql<Array<[number, number]>>`(select coalesce(json_agg(json_build_array(
          ${epochMs(sql`lower(k.blocked)`)}, ${epochMs(sql`upper(k.blocked)`)})), '[]')
        from bookings k
        where k.bathroom_id = b.id
          and k.status in (${sql.join([...LIVE_STATUSES])})
          and (k.status <> 'pending_payment' or k.hold_expires_at > now())
          and k.blocked && tstzrange(${from}, ${to}))`.as('bookings'),
      sql<Array<[number, number]>>`(select coalesce(json_agg(json_build_array(
          ${epochMs(sql`x.starts_at`)}, ${epochMs(sql`x.ends_at`)})), '[]')
        from bathroom_blackouts x
        where x.bathroom_id = b.id and x.starts_at < ${to} and x.ends_at > ${from})`.as('blackouts'),
      // Unpaid holds past their expiry still stand in the exclusion constraint until a booking's
      // transaction (or the sweep) expires them; it need not try when there are none.
      sql<boolean>`exists (select 1 from bookings k
        where k.bathroom_id = b.id and k.status = 'pending_payment' and k.hold_expires_at <= now())`.as(
        'has_lapsed_holds',
      ),
    ])
    .where('b.id', '=', bathroomId)
    .$if(options.lockBathroom === true, (query) => query.forShare())
    .executeTakeFirst();
  if (!row) return null;
  const { opening_hours: openingHours, bookings, blackouts, ...bathroom } = row;
  const interval = ([start, end]: [number, number]) => ({ start: new Date(start), end: new Date(end) });
  return {
    ...bathroom,
    schedule: {
      timezone: bathroom.timezone,
      openingHours,
      allowedDurations: bathroom.allowed_durations,
      cleaningBufferMinutes: bathroom.cleaning_buffer_minutes,
      bookings: bookings.map(interval),
      blackouts: blackouts.map(interval),
    },
  };
}

export async function findOpeningHours(db: Db, bathroomId: string): Promise<OpeningRange[]> {
  const rows = await db
    .selectFrom('bathroom_opening_hours')
    .select([
      'weekday',
      sql<string>`to_char(opens, 'HH24:MI')`.as('opens'),
      sql<string>`case when closes = '24:00' then '24:00' else to_char(closes, 'HH24:MI') end`.as('closes'),
    ])
    .where('bathroom_id', '=', bathroomId)
    .orderBy('weekday')
    .orderBy('opens')
    .execute();
  return rows;
}

/** The public face of a published bathroom: never the exact address or the access instructions. */
export async function findPublishedBathroom(db: Db, bathroomId: string) {
  return db
    .selectFrom('bathrooms')
    .select([
      'id',
      'host_id',
      'title',
      'description',
      'public_latitude',
      'public_longitude',
      'city',
      'state_code',
      'country_code',
      'timezone',
      'hourly_price_cents',
      'allowed_durations',
      'cleaning_buffer_minutes',
      'amenities',
      'accessibility',
      'house_rules',
      sql<string | null>`rating_average::text`.as('rating_average'),
      'rating_count',
      'published_at',
    ])
    .where('id', '=', bathroomId)
    .where('status', '=', 'published')
    .executeTakeFirst();
}

export async function findPhotos(db: Db, bathroomId: string) {
  return db
    .selectFrom('bathroom_photos')
    .select(['key_1x', 'key_2x', 'width', 'height', 'alt', 'position'])
    .where('bathroom_id', '=', bathroomId)
    .orderBy('position')
    .execute();
}

/** A host as the public sees them; null for an account that is gone, disabled or under review. */
export async function findPublicHost(db: Db, hostId: string) {
  return db
    .selectFrom('profiles')
    .select(['id', 'first_name', 'last_name', 'profile_picture_url', 'created_at', 'is_provider'])
    .where('id', '=', hostId)
    .where('is_deleted', '=', false)
    .where('is_active', '=', true)
    .executeTakeFirst();
}

export async function findPublishedByHost(db: Db, hostId: string) {
  return db
    .selectFrom('bathrooms as b')
    .leftJoin('bathroom_photos as p', (join) =>
      join.onRef('p.bathroom_id', '=', 'b.id').on('p.position', '=', 0),
    )
    .select([
      'b.id',
      'b.title',
      'b.hourly_price_cents',
      sql<string | null>`b.rating_average::text`.as('rating_average'),
      'b.rating_count',
      'b.accessibility',
      'b.amenities',
      'b.public_latitude',
      'b.public_longitude',
      'b.city',
      'b.state_code',
      'b.timezone',
      'p.key_1x as cover_key_1x',
      'p.key_2x as cover_key_2x',
      'p.alt as cover_alt',
    ])
    .where('b.host_id', '=', hostId)
    .where('b.status', '=', 'published')
    .orderBy('b.published_at', 'desc')
    .limit(50)
    .execute();
}

/** A city as the location pages match addresses: `stateCode` only where slugs carry it (US). */
export type CityKey = { countryCode: string; stateCode?: string | undefined; names: string[] };

/** Published bathrooms per address city (location index, sitemap): one row per city spelling. */
export async function countPublishedByCity(db: Db) {
  return db
    .selectFrom('bathrooms')
    .select([
      'country_code',
      'state_code',
      sql<string>`min(city)`.as('city'),
      sql<number>`count(*)::int`.as('bathrooms'),
    ])
    .where('status', '=', 'published')
    .where('city', '<>', '')
    .groupBy(['country_code', 'state_code', sql`lower(city)`])
    .execute();
}

/**
 * Published bathrooms in each of a few cities (the nearby-city links of a location page), in the
 * order given. Each key is one probe of bathrooms_city_idx, not a scan.
 */
export async function countPublishedInCities(db: Db, keys: CityKey[]): Promise<number[]> {
  const stated = { country: [] as string[], state: [] as string[], name: [] as string[], ix: [] as number[] };
  const stateless = { country: [] as string[], name: [] as string[], ix: [] as number[] };
  keys.forEach((key, ix) => {
    for (const name of key.names) {
      if (key.stateCode === undefined) {
        stateless.country.push(key.countryCode);
        stateless.name.push(name);
        stateless.ix.push(ix);
      } else {
        stated.country.push(key.countryCode);
        stated.state.push(key.stateCode);
        stated.name.push(name);
        stated.ix.push(ix);
      }
    }
  });
  const { rows } = await sql<{ ix: number; bathrooms: number }>`
    select k.ix, count(*)::int as bathrooms
    from unnest(${sql.val(stated.country)}::text[], ${sql.val(stated.state)}::text[],
                ${sql.val(stated.name)}::text[], ${sql.val(stated.ix)}::int[]) as k(country_code, state_code, name, ix)
    join bathrooms b on b.status = 'published' and b.country_code = k.country_code
      and b.state_code = k.state_code and lower(b.city) = k.name
    group by k.ix
    union all
    select k.ix, count(*)::int as bathrooms
    from unnest(${sql.val(stateless.country)}::text[], ${sql.val(stateless.name)}::text[],
                ${sql.val(stateless.ix)}::int[]) as k(country_code, name, ix)
    join bathrooms b on b.status = 'published' and b.country_code = k.country_code and lower(b.city) = k.name
    group by k.ix`.execute(db);
  const counts = keys.map(() => 0);
  for (const row of rows) counts[row.ix] = (counts[row.ix] ?? 0) + row.bathrooms;
  return counts;
}

/** Every published bathroom's id and last change, newest first (the sitemap). */
export async function listPublishedForSitemap(db: Db, limit: number) {
  return db
    .selectFrom('bathrooms')
    .select(['id', 'updated_at'])
    .where('status', '=', 'published')
    .orderBy('published_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}
