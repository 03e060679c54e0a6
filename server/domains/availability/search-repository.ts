import { type RawBuilder, sql } from 'kysely';
import { DISTANCE_DECIMALS, EARTH_RADIUS_MILES, MILES_TO_METERS } from '../../../common/constants.ts';
import type { SearchInput } from '../../../common/schemas/search.ts';
import { PREPARED } from '../../db/callback-query-pool.ts';
import type { Db } from '../../db/database.ts';
import { capBoxes, SEARCH_SPHERE_METERS } from './search-area.ts';
import { slotCondition } from './search-slot-sql.ts';

/*
 * The radius search's SQL (ADR 080): the GiST box scan, the nearest-first walk and the capped
 * count. The other reads of published bathrooms are in repository.ts.
 */

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

/** The address is in the city (served by the partial index bathrooms_city_idx). */
function cityCondition(city: NonNullable<SearchInput['city']>): RawBuilder<unknown> {
  return sql`b.country_code = ${city.countryCode}
    ${city.stateCode === undefined ? sql`` : sql`and b.state_code = ${city.stateCode}`}
    and lower(b.city) = any(${sql.val(city.names)}::text[])`;
}

/**
 * Haversine's `a` between the search centre and the public point (the central angle is 2·asin(√a)):
 * plain float arithmetic, the formula of common/distance.ts. earth_distance(ll_to_earth(...)) gives
 * the same angle but costs ~20× more per row (it builds cubes and checks the earth domain each
 * time), which dominated a search that has thousands of bathrooms in its radius.
 */
function haversine(input: SearchInput): RawBuilder<number> {
  const lat = sql`${input.latitude}::float8`;
  // The centre's own terms are sub-selects, which PostgreSQL evaluates once per search: in a
  // prepared statement's generic plan they are not folded to constants and would run on every row.
  return sql`(power(sin(radians(b.public_latitude - ${lat}) / 2), 2)
    + (select cos(radians(${lat}))) * cos(radians(b.public_latitude))
      * power(sin(radians(b.public_longitude - ${input.longitude}::float8) / 2), 2))`;
}

/**
 * Within the radius: the boxes around the circle are what the partial GiST index
 * bathrooms_public_point_gist answers (on point(longitude, latitude), covering what a search reads),
 * then the exact test trims their corners: central angle ≤ radius / R, i.e. a ≤ sin²(radius / 2R).
 */
function radiusCondition(input: SearchInput): RawBuilder<unknown> {
  const radiusMeters = input.radiusMeters ?? input.radiusMiles * MILES_TO_METERS;
  const boxes = capBoxes(input.latitude, input.longitude, radiusMeters).map(
    (box) => sql`point(b.public_longitude, b.public_latitude)
      <@ box(point(${box.west}::float8, ${box.south}::float8), point(${box.east}::float8, ${box.north}::float8))`,
  );
  const threshold = Math.sin(radiusMeters / (2 * SEARCH_SPHERE_METERS)) ** 2;
  return sql`(${sql.join(boxes, sql` or `)}) and ${haversine(input)} <= ${threshold}::float8`;
}

/**
 * Counting stops here: past it a search says "300+" and pages through the first 300 (ADR 080,
 * "Counting"), as the large marketplaces do. A full count of a 5-mile search downtown tested the
 * slot on each of its thousands of bathrooms and cost more than finding the page; nobody in a hurry
 * pages past the fifteenth page, and a narrower search is the better answer.
 */
export const SEARCH_COUNT_CAP = 300;

/**
 * Rows the nearest-first scan reads beyond the page, so that bathrooms at exactly the same distance
 * still come in id order across a page boundary (the index hands over ties in any order). Public
 * points are fuzzed, so more than this many at one distance does not happen.
 */
const TIE_ROOM = 20;

/** The filters every search applies, with `area` deciding which bathrooms are near enough. */
function whereClause(
  input: SearchInput,
  area: RawBuilder<unknown>,
  referenceZone?: string,
): RawBuilder<unknown> {
  const { filters } = input;
  return sql`${area}
    ${filters.minPriceCents !== undefined ? sql`and b.hourly_price_cents >= ${filters.minPriceCents}::int` : sql``}
    ${filters.maxPriceCents !== undefined ? sql`and b.hourly_price_cents <= ${filters.maxPriceCents}::int` : sql``}
    ${filters.minRating !== undefined ? sql`and b.rating_average >= ${filters.minRating}::numeric` : sql``}
    ${filters.accessibility.length ? sql`and b.accessibility @> ${sql.val(filters.accessibility)}::text[]` : sql``}
    ${filters.amenities.length ? sql`and b.amenities @> ${sql.val(filters.amenities)}::text[]` : sql``}
    and ${slotCondition(input, referenceZone)}`;
}

/** How many match, up to one past the cap (so the caller can tell "exactly 1,000" from "more"). */
function cappedCount(where: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(select count(*)::int from (
    select 1 from bathrooms b where ${where} limit ${SEARCH_COUNT_CAP + 1}::int) counted)`;
}

/** `referenceZone`: the search centre's time zone, where a slot's arithmetic is done once (search-slot-sql.ts). */
function searchSql(input: SearchInput, countOnly: boolean, referenceZone?: string): RawBuilder<unknown> {
  // A location page's "in" asks for the address city instead (ADR 077).
  const where = whereClause(
    input,
    sql`b.status = 'published' and ${input.city ? cityCondition(input.city) : radiusCondition(input)}`,
    referenceZone,
  );
  if (countOnly) return sql`select ${cappedCount(where)} as total`;
  // The page is chosen over narrow rows (id, sort key, the count of all matches, which this scan of
  // every match makes exactly); only its rows then fetch the card's columns and cover photo, rather
  // than every bathroom in the radius.
  return sql`
    select ${cardColumns}, page.distance_miles, page.total
    from (
      select b.id, ${distanceMiles(input)} as distance_miles, count(*) over ()::int as total
      from bathrooms b
      where ${where}
      order by ${orderBy(input)}
      limit ${input.limit}::int offset ${input.offset}::int) page
    join bathrooms b on b.id = page.id
    left join bathroom_photos p on p.bathroom_id = b.id and p.position = 0
    order by ${orderBy(input)}`;
}

const cardColumns = sql`b.id, b.title, b.hourly_price_cents, b.rating_average::text as rating_average,
  b.rating_count, b.accessibility, b.amenities, b.public_latitude, b.public_longitude, b.city, b.state_code,
  b.timezone, p.key_1x as cover_key_1x, p.key_2x as cover_key_2x, p.alt as cover_alt`;

/**
 * Miles on the spec's sphere rounded as common/distance.ts rounds them, in float arithmetic (a
 * numeric round per row cost more than the rest of the sort key).
 */
function distanceMiles(input: SearchInput): RawBuilder<number> {
  const scale = 10 ** DISTANCE_DECIMALS;
  return sql`round(2 * ${EARTH_RADIUS_MILES}::float8 * asin(least(1, sqrt(${haversine(input)})))
    * ${scale}::float8) / ${scale}::float8`;
}

/**
 * The default sort, nearest first, walks the GiST index on ll_to_earth(…) in distance order (KNN:
 * the chord between two points on the sphere grows with the arc, so it is the same order) for the
 * `reach` nearest bathrooms in the radius, from the index alone (it carries every filtered column),
 * then filters those and takes the page, instead of testing and sorting every bathroom in the
 * radius. The walk holds only the radius: given the slot test as well, the planner misjudges how
 * many rows pass it and sorts the whole radius instead. With `reach` null it reads the whole radius
 * (the fallback when filters leave the nearest few short of a page).
 *
 * When the walk ran out of radius before its reach, it has seen every candidate, and the count is
 * the filtered rows' own; only otherwise does the capped count run (PostgreSQL runs a CASE branch's
 * subquery only when the branch is taken).
 */
function nearestFirstSql(input: SearchInput, reach: number | null, referenceZone?: string) {
  const radiusMeters = input.radiusMeters ?? input.radiusMiles * MILES_TO_METERS;
  const threshold = Math.sin(radiusMeters / (2 * SEARCH_SPHERE_METERS)) ** 2;
  // earth_box's half-side is in earth()'s metres, the sphere radius_m is measured on (search-area.ts).
  const nearby = sql`earth_box(ll_to_earth(${input.latitude}::float8, ${input.longitude}::float8),
      ${radiusMeters * (1 + 1e-9)}::float8) @> ll_to_earth(b.public_latitude, b.public_longitude)
    and ${haversine(input)} <= ${threshold}::float8`;
  // ll_to_earth builds cubes and checks the earth domain: the centre's is built once (a sub-select),
  // not for each of the rows whose distance to it is read, as a generic plan would.
  const knn = sql`ll_to_earth(b.public_latitude, b.public_longitude)
    <-> (select ll_to_earth(${input.latitude}::float8, ${input.longitude}::float8))`;
  const sawAll = reach === null ? sql`true` : sql`page.candidates < ${reach}::int`;
  const capped = cappedCount(
    whereClause(input, sql`b.status = 'published' and ${radiusCondition(input)}`, referenceZone),
  );
  return sql`
    select ${cardColumns}, page.distance_miles,
      case when ${sawAll} then page.matched else ${capped} end as total
    from (
      select b.id, ${distanceMiles(input)} as distance_miles, b.gap, b.candidates,
        count(*) over ()::int as matched
      from (
        select nearest.*, count(*) over ()::int as candidates
        from (
          select b.id, b.public_latitude, b.public_longitude, b.timezone, b.allowed_durations,
            b.open_week_minutes, b.cleaning_buffer_minutes, b.hourly_price_cents, b.rating_average,
            b.accessibility, b.amenities, ${knn} as gap
          from bathrooms b
          where b.status = 'published' and ${nearby}
          order by ${knn}
          ${reach === null ? sql`` : sql`limit ${reach}::int`}) nearest) b
      where ${whereClause(input, sql`true`, referenceZone)}
      order by b.gap, b.id
      limit ${input.limit}::int offset ${input.offset}::int) page
    join bathrooms b on b.id = page.id
    left join bathroom_photos p on p.bathroom_id = b.id and p.position = 0
    order by page.gap, page.id`;
}

/**
 * Below this radius a search reads its whole circle (one scan of the point index, which also counts
 * exactly) faster than it walks the distance index and counts apart; above it, walking and stopping
 * wins. Measured on 100,000 bathrooms in one metro (docs/PERFORMANCE.md): 2 km read whole was twice
 * as fast as walked, 5 miles walked twice as fast as read whole. The search form's radii start at 5 miles.
 */
const NEAREST_FIRST_MIN_RADIUS_METERS = 4000;

const isNearestFirst = (input: SearchInput) =>
  !input.city &&
  input.sort === 'distance' &&
  (input.radiusMeters ?? input.radiusMiles * MILES_TO_METERS) >= NEAREST_FIRST_MIN_RADIUS_METERS;

/** The one query a search usually needs. */
function firstQuery(input: SearchInput, referenceZone?: string): RawBuilder<unknown> {
  return isNearestFirst(input)
    ? nearestFirstSql(input, firstReach(input), referenceZone)
    : searchSql(input, false, referenceZone);
}

/**
 * How far the nearest-first walk reads: room for filters that drop half the bathrooms, and at least
 * 200, which an index-only walk reads in well under a millisecond and which holds the whole radius
 * of most searches (then the count comes free).
 */
function firstReach(input: SearchInput): number {
  return Math.max(200, 2 * (input.offset + input.limit + TIE_ROOM));
}

export async function searchPublishedBathrooms(
  db: Db,
  input: SearchInput,
  referenceZone?: string,
): Promise<{ rows: SearchRow[]; total: number; totalIsCapped: boolean }> {
  const run = async (query: RawBuilder<unknown>) =>
    (await (prepared(query) as RawBuilder<SearchRow>).execute(db)).rows;
  const count = async () =>
    (await (prepared(searchSql(input, true, referenceZone)) as RawBuilder<{ total: number }>).execute(db))
      .rows[0]?.total ?? 0;
  let rows = await run(firstQuery(input, referenceZone));
  // The count rides on every row; with none (past the last page, or nothing near) it is asked apart.
  let counted = rows.length ? (rows[0]?.total ?? 0) : await count();
  if (isNearestFirst(input) && rows.length < input.limit && counted > input.offset + rows.length) {
    // Filters dropped most of the nearest few: read the whole radius for this page.
    rows = await run(nearestFirstSql(input, null, referenceZone));
    counted = rows[0]?.total ?? counted;
  }
  return {
    rows,
    total: Math.min(counted, SEARCH_COUNT_CAP),
    totalIsCapped: counted > SEARCH_COUNT_CAP,
  };
}

/** The SQL text and parameters of a search, for EXPLAIN and the benchmarks. */
export function compileSearch(db: Db, input: SearchInput, referenceZone?: string) {
  return prepared(firstQuery(input, referenceZone)).compile(db);
}

/**
 * Searches are the busiest read, and their text depends only on the search's shape (radius band,
 * slot, filters, sort): each shape is prepared once per connection (ADR 102). Planning one cost
 * 1–4 ms, as much as running it.
 */
function prepared(query: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`${sql.raw(PREPARED)}${query}`;
}
