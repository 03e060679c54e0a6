import { type RawBuilder, sql } from 'kysely';
import { EARTH_RADIUS_MILES, MILES_TO_METERS } from '../../../common/constants.ts';
import type { SearchInput } from '../../../common/schemas/search.ts';
import type { Db } from '../../db/database.ts';
import type { OpeningRange } from './opening-hours.ts';

export type SearchRow = {
  id: string;
  title: string;
  hourly_price_cents: number;
  rating_average: string | null;
  rating_count: number;
  accessibility: string[];
  amenities: string[];
  public_latitude: number;
  public_longitude: number;
  city: string;
  state_code: string;
  timezone: string;
  distance_miles: number;
  cover_key_1x: string | null;
  cover_key_2x: string | null;
  cover_alt: string | null;
  total: number;
};

/**
 * The bookable-then condition, per bathroom, in its own zone: the local start (date + time on the
 * bathroom's wall clock; today there when no date is given), the local end after the duration in
 * real time (so DST shifts count), and an opening range holding both. A range ending '24:00' may
 * continue into the next day's range from '00:00'. The booking issue adds here: no live booking
 * (plus its cleaning buffer) and no blackout overlapping [start, end), and the minimum notice.
 */
function slotCondition(input: SearchInput): RawBuilder<unknown> {
  if (input.time === undefined || input.durationMinutes === undefined) {
    if (input.date === undefined) return sql`true`;
    return sql`exists (
      select 1 from bathroom_opening_hours h
      where h.bathroom_id = b.id and h.weekday = extract(isodow from ${input.date}::date)::int)`;
  }
  const localDate =
    input.date === undefined ? sql`(now() at time zone b.timezone)::date` : sql`${input.date}::date`;
  const startLocal = sql`(${localDate} + ${input.time}::time)`;
  const endLocal = sql`((${startLocal} at time zone b.timezone) + make_interval(mins => ${input.durationMinutes}::int)) at time zone b.timezone`;
  return sql`${input.durationMinutes}::smallint = any(b.allowed_durations) and exists (
    select 1
    from (select ${startLocal} as start_local, ${endLocal} as end_local) slot
    join bathroom_opening_hours h
      on h.bathroom_id = b.id
     and h.weekday = extract(isodow from slot.start_local)::int
     and h.opens <= slot.start_local::time
    where (slot.end_local::date = slot.start_local::date
           and h.opens <= slot.end_local::time and slot.end_local::time <= h.closes)
       or (slot.end_local::date > slot.start_local::date and h.closes = '24:00'
           and (slot.end_local::time = '00:00' or exists (
             select 1 from bathroom_opening_hours n
             where n.bathroom_id = b.id and n.weekday = extract(isodow from slot.end_local)::int
               and n.opens = '00:00' and slot.end_local::time <= n.closes))))`;
}

function orderBy(input: SearchInput): RawBuilder<unknown> {
  switch (input.sort) {
    case 'price':
      return sql`b.hourly_price_cents asc, distance_miles asc, b.id`;
    case 'rating':
      return sql`b.rating_average desc nulls last, b.rating_count desc, distance_miles asc, b.id`;
    default:
      return sql`distance_miles asc, b.id`;
  }
}

function searchSql(input: SearchInput, countOnly: boolean): RawBuilder<unknown> {
  const radiusMeters = input.radiusMeters ?? input.radiusMiles * MILES_TO_METERS;
  const center = sql`ll_to_earth(${input.latitude}::float8, ${input.longitude}::float8)`;
  const point = sql`ll_to_earth(b.public_latitude, b.public_longitude)`;
  const { filters } = input;
  // earth_box @> point is what the partial GiST index bathrooms_public_point_gist answers; the box
  // is a little larger than the circle, so earth_distance then trims the corners exactly.
  const where = sql`b.status = 'published'
    and earth_box(${center}, ${radiusMeters}::float8) @> ${point}
    and earth_distance(${center}, ${point}) <= ${radiusMeters}::float8
    ${filters.minPriceCents !== undefined ? sql`and b.hourly_price_cents >= ${filters.minPriceCents}::int` : sql``}
    ${filters.maxPriceCents !== undefined ? sql`and b.hourly_price_cents <= ${filters.maxPriceCents}::int` : sql``}
    ${filters.minRating !== undefined ? sql`and b.rating_average >= ${filters.minRating}::numeric` : sql``}
    ${filters.accessibility.length ? sql`and b.accessibility @> ${sql.val(filters.accessibility)}::text[]` : sql``}
    ${filters.amenities.length ? sql`and b.amenities @> ${sql.val(filters.amenities)}::text[]` : sql``}
    and ${slotCondition(input)}`;
  if (countOnly) return sql`select count(*)::int as total from bathrooms b where ${where}`;
  return sql`
    select b.id, b.title, b.hourly_price_cents, b.rating_average::text as rating_average, b.rating_count,
      b.accessibility, b.amenities, b.public_latitude, b.public_longitude, b.city, b.state_code, b.timezone,
      round((earth_distance(${center}, ${point}) / earth() * ${EARTH_RADIUS_MILES}::float8)::numeric, 4)::float8
        as distance_miles,
      p.key_1x as cover_key_1x, p.key_2x as cover_key_2x, p.alt as cover_alt,
      count(*) over ()::int as total
    from bathrooms b
    left join bathroom_photos p on p.bathroom_id = b.id and p.position = 0
    where ${where}
    order by ${orderBy(input)}
    limit ${input.limit}::int offset ${input.offset}::int`;
}

export async function searchPublishedBathrooms(
  db: Db,
  input: SearchInput,
): Promise<{ rows: SearchRow[]; total: number }> {
  const { rows } = await (searchSql(input, false) as RawBuilder<SearchRow>).execute(db);
  if (rows.length || input.offset === 0) return { rows, total: rows[0]?.total ?? 0 };
  // Past the last page the window count has no row to ride on.
  const count = await (searchSql(input, true) as RawBuilder<{ total: number }>).execute(db);
  return { rows, total: count.rows[0]?.total ?? 0 };
}

/** The SQL text and parameters of a search, for EXPLAIN and the benchmarks. */
export function compileSearch(db: Db, input: SearchInput) {
  return searchSql(input, false).compile(db);
}

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
    .select(['id', 'first_name', 'last_name', 'profile_picture_url', 'created_at'])
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
