import { type Kysely, sql } from 'kysely';

// Frozen: imports nothing from the app.
//
// Radius search over a city's worth of bathrooms (ADR 080, docs/PERFORMANCE.md "Search load"): a
// search with a time slot probed bathroom_opening_hours once per bathroom in the radius, and every
// search read each candidate's table row. Each bathroom's week now lives on its own row, kept by
// triggers, and the radius index covers what a search reads, so a search reads the index alone.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Minutes from Monday 00:00 on the bathroom's wall clock, one closed range per opening range
  // ('[opens, closes]'), plus, for a range closing at '24:00' whose next day opens at '00:00', one
  // range running through midnight into it (Sunday runs on past 10080 into Monday). A slot is open
  // when one of these holds it whole: the rule the search applied to the hours table row by row.
  await sql`alter table bathrooms add column open_week_minutes int4range[] not null default '{}'`.execute(db);
  await sql`
    create view bathroom_open_weeks as
      select bathroom_id, array_agg(r order by lower(r), upper(r)) as ranges
      from (
        select h.bathroom_id,
          int4range((h.weekday - 1) * 1440 + (extract(epoch from h.opens) / 60)::int,
                    (h.weekday - 1) * 1440 + (extract(epoch from h.closes) / 60)::int, '[]') as r
        from bathroom_opening_hours h
        union all
        select h.bathroom_id,
          int4range((h.weekday - 1) * 1440 + (extract(epoch from h.opens) / 60)::int,
                    h.weekday * 1440 + (extract(epoch from n.closes) / 60)::int, '[]')
        from bathroom_opening_hours h
        join bathroom_opening_hours n
          on n.bathroom_id = h.bathroom_id and n.weekday = h.weekday % 7 + 1 and n.opens = '00:00'
        where h.closes = '24:00') ranges
      group by bathroom_id`.execute(db);
  // One bathroom's week (the view filtered down to it: PostgreSQL pushes the id into both arms).
  await sql`
    create function bathroom_open_week_minutes(bathroom uuid) returns int4range[]
    language sql stable as $$
      select coalesce((select ranges from bathroom_open_weeks where bathroom_id = bathroom), '{}')
    $$`.execute(db);
  // Statement-level, so a listing's "replace the week" (a delete and a multi-row insert) or a bulk
  // import recomputes each bathroom once per statement rather than once per range.
  await sql`
    create function bathroom_opening_hours_changed() returns trigger
    language plpgsql as $$
    begin
      if tg_op = 'TRUNCATE' then
        update bathrooms set open_week_minutes = '{}' where open_week_minutes <> '{}';
      elsif tg_op = 'INSERT' then
        update bathrooms b set open_week_minutes = bathroom_open_week_minutes(b.id)
        where b.id in (select bathroom_id from new_rows);
      elsif tg_op = 'DELETE' then
        update bathrooms b set open_week_minutes = bathroom_open_week_minutes(b.id)
        where b.id in (select bathroom_id from old_rows);
      else
        update bathrooms b set open_week_minutes = bathroom_open_week_minutes(b.id)
        where b.id in (select bathroom_id from old_rows union select bathroom_id from new_rows);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger bathroom_opening_hours_inserted after insert on bathroom_opening_hours
      referencing new table as new_rows for each statement execute function bathroom_opening_hours_changed()`.execute(
    db,
  );
  await sql`
    create trigger bathroom_opening_hours_updated after update on bathroom_opening_hours
      referencing old table as old_rows new table as new_rows
      for each statement execute function bathroom_opening_hours_changed()`.execute(db);
  await sql`
    create trigger bathroom_opening_hours_deleted after delete on bathroom_opening_hours
      referencing old table as old_rows for each statement execute function bathroom_opening_hours_changed()`.execute(
    db,
  );
  await sql`
    create trigger bathroom_opening_hours_truncated after truncate on bathroom_opening_hours
      for each statement execute function bathroom_opening_hours_changed()`.execute(db);
  await sql`
    update bathrooms b set open_week_minutes = w.ranges
    from bathroom_open_weeks w where w.bathroom_id = b.id`.execute(db);

  // The radius index again, on point(longitude, latitude) rather than ll_to_earth's cube: the search
  // asks it for the latitude/longitude box around the circle, which holds fewer points than the
  // cube's box and is cheaper to test per entry. It also carries what a search reads (the point,
  // the slot's inputs, the sort keys), so PostgreSQL can answer from the index alone on
  // all-visible pages.
  await sql`drop index bathrooms_public_point_gist`.execute(db);
  await sql`
    create index bathrooms_public_point_gist on bathrooms
      using gist (point(public_longitude, public_latitude))
      include (id, public_latitude, public_longitude, timezone, allowed_durations, open_week_minutes,
               hourly_price_cents, rating_average, rating_count)
      where status = 'published'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index bathrooms_public_point_gist`.execute(db);
  await sql`
    create index bathrooms_public_point_gist on bathrooms
      using gist (ll_to_earth(public_latitude, public_longitude))
      where status = 'published'`.execute(db);
  await sql`drop trigger bathroom_opening_hours_truncated on bathroom_opening_hours`.execute(db);
  await sql`drop trigger bathroom_opening_hours_deleted on bathroom_opening_hours`.execute(db);
  await sql`drop trigger bathroom_opening_hours_updated on bathroom_opening_hours`.execute(db);
  await sql`drop trigger bathroom_opening_hours_inserted on bathroom_opening_hours`.execute(db);
  await sql`drop function bathroom_opening_hours_changed()`.execute(db);
  await sql`drop function bathroom_open_week_minutes(uuid)`.execute(db);
  await sql`drop view bathroom_open_weeks`.execute(db);
  await sql`alter table bathrooms drop column open_week_minutes`.execute(db);
}
