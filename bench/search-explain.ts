/**
 * Shows how PostgreSQL runs the radius search: fills a throwaway schema with bathrooms spread over
 * ten US metros, ANALYZEs, and prints EXPLAIN (ANALYZE) for the search variants. The output goes
 * in docs/PERFORMANCE.md. Run: DATABASE_URL=postgres://… node bench/search-explain.ts [rows]
 */
import { randomBytes } from 'node:crypto';
import tzLookup from '@photostructure/tz-lookup';
import { sql } from 'kysely';
import pg from 'pg';
import type { SearchInput } from '../common/schemas/search.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { compileSearch } from '../server/domains/availability/search-repository.ts';
import { slotReferenceZone } from '../server/domains/availability/search-slot-sql.ts';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const rows = Number(process.argv[2] ?? 20_000);
// A database of its own: extensions are database-wide, and a shared test database's extensions
// live in whichever test schema created them first (and vanish when it is dropped).
const database = `privy_explain_${randomBytes(4).toString('hex')}`;
const METROS = [
  [30.2672, -97.7431, 'America/Chicago'],
  [40.7128, -74.006, 'America/New_York'],
  [34.0522, -118.2437, 'America/Los_Angeles'],
  [41.8781, -87.6298, 'America/Chicago'],
  [47.6062, -122.3321, 'America/Los_Angeles'],
  [39.7392, -104.9903, 'America/Denver'],
  [25.7617, -80.1918, 'America/New_York'],
  [33.749, -84.388, 'America/New_York'],
  [42.3601, -71.0589, 'America/New_York'],
  [45.5152, -122.6784, 'America/Los_Angeles'],
] as const;

const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`create database ${database}`);
const target = new URL(url);
target.pathname = `/${database}`;
const handle = await openDatabase({ kind: 'postgres', url: target.toString() }, { poolSize: 2 });
try {
  await migrateToLatest(handle.db);
  const db = handle.db;
  await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
    values ('bench-host', 'Bench Host', 'bench@example.test', true, now(), now())`.execute(db);
  const metros = sql.raw(
    `(values ${METROS.map(([lat, lng, zone], index) => `(${index}, ${lat}, ${lng}, '${zone}')`).join(', ')}) as m(i, lat, lng, zone)`,
  );
  // Each metro gets rows/10 bathrooms within ~15 miles of its centre; 1 in 7 is a draft.
  await sql`
    insert into bathrooms (host_id, status, title, location, latitude, longitude, public_latitude, public_longitude,
      city, state_code, country_code, timezone, hourly_price_cents, amenities, accessibility, published_at)
    select 'bench-host', case when g % 7 = 0 then 'draft' else 'published' end, 'Bench bathroom ' || g,
      '{"lat":0,"lon":0,"formatted":"bench"}', p.lat, p.lng, p.lat, p.lng, 'Bench', 'TX', 'US', m.zone,
      100 + (g * 37) % 9900, '{sink,towels}', case when g % 3 = 0 then '{grab_bars}'::text[] else '{}' end, now()
    from generate_series(1, ${rows}::int) g
    join ${metros} on m.i = g % 10
    cross join lateral (select m.lat + (random() - 0.5) * 0.4 + g * 0 as lat, m.lng + (random() - 0.5) * 0.5 + g * 0 as lng) p`.execute(
    db,
  );
  await sql`
    insert into bathroom_opening_hours (bathroom_id, weekday, opens, closes)
    select b.id, d, '08:00', '20:00' from bathrooms b cross join generate_series(1, 7) d`.execute(db);
  await sql`
    insert into bathroom_photos (bathroom_id, position, key_1x, key_2x, width, height)
    select id, 0, 'images/bathroom/' || id || '@1x.webp', 'images/bathroom/' || id || '@2x.webp', 800, 600
    from bathrooms`.execute(db);
  await sql`analyze`.execute(db);
  const near = await sql<{ n: number }>`select count(*)::int as n from bathrooms
    where earth_distance(ll_to_earth(30.2672, -97.7431), ll_to_earth(public_latitude, public_longitude)) < 8046.7`.execute(
    db,
  );
  console.info(`within 5 miles of Austin: ${near.rows[0]?.n}`);

  const base: SearchInput = {
    latitude: 30.2672,
    longitude: -97.7431,
    radiusMiles: 5,
    filters: { accessibility: [], amenities: [] },
    sort: 'distance',
    limit: 20,
    offset: 0,
  };
  const variants: [string, SearchInput][] = [
    ['5 miles, sorted by distance', base],
    ['2 km (radius_m=2000)', { ...base, radiusMeters: 2000 }],
    [
      '5 miles, open Monday 2026-06-08 10:00 for 30 minutes',
      { ...base, date: '2026-06-08', time: '10:00', durationMinutes: 30 },
    ],
    [
      '25 miles, grab bars, max $20, sorted by price',
      {
        ...base,
        radiusMiles: 25,
        sort: 'price',
        filters: { accessibility: ['grab_bars'], amenities: [], maxPriceCents: 2000 },
      },
    ],
  ];
  console.info(`PostgreSQL ${(await sql<{ v: string }>`select version() as v`.execute(db)).rows[0]?.v}`);
  console.info(`${rows} bathrooms (1 in 7 a draft) over ${METROS.length} metros\n`);
  for (const [label, input] of variants) {
    const query = compileSearch(db, input, slotReferenceZone(input, tzLookup));
    const plan = await handle.pool?.query(
      `explain (analyze, costs off, timing off, summary off) ${query.sql}`,
      query.parameters as unknown[],
    );
    console.info(`### ${label}\n`);
    console.info((plan?.rows ?? []).map((row) => row['QUERY PLAN']).join('\n'));
    console.info('');
  }
} finally {
  await handle.close();
  await admin.query(`drop database ${database}`);
  await admin.end();
}
