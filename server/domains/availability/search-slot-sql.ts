import { type RawBuilder, sql } from 'kysely';
import type { SearchInput } from '../../../common/schemas/search.ts';

/**
 * The slot's start and end for the bathrooms of one zone: in minutes from Monday 00:00 on that
 * zone's wall clock (what open_week_minutes holds) and as UTC instants (what bookings and
 * blackouts hold). The local start is date + time on that wall clock (today there when no date is
 * given); the end comes after the duration in real time, so a DST change moves its wall time.
 */
function slotInZone(
  input: SearchInput & { time: string; durationMinutes: number },
  zone: RawBuilder<unknown>,
) {
  const localDate =
    input.date === undefined ? sql`(now() at time zone ${zone})::date` : sql`${input.date}::date`;
  const startLocal = sql`(${localDate} + ${input.time}::time)`;
  const startUtc = sql`(${startLocal} at time zone ${zone})`;
  const endUtc = sql`(${startUtc} + make_interval(mins => ${input.durationMinutes}::int))`;
  // The wall clock at the start instant: the time asked for, except on a spring-forward night,
  // where a time the clocks skip (02:30) is the instant PostgreSQL gives it (03:30), as the slot
  // engine (slots.ts) reads that instant too.
  const startWall = sql`(${startUtc} at time zone ${zone})`;
  const start = sql`((date_part('isodow', ${startWall})::int - 1) * 1440 + (date_part('hour', ${startWall}) * 60 + date_part('minute', ${startWall}))::int)`;
  // Wall-clock minutes from start to end: the duration, give or take a DST change.
  const end = sql`(${start} + (date_part('epoch', (${endUtc} at time zone ${zone}) - ${startWall}) / 60)::int)`;
  return { start, end, startUtc, endUtc };
}

/**
 * The bookable-then condition, per bathroom, in its own zone: an opening range holding the slot,
 * the duration allowed, and no live booking (with both cleaning buffers) and no blackout meeting
 * it (the rules of slots.ts; the minimum notice is left to the slot picker). A range ending '24:00'
 * may continue into the next day's range from '00:00'.
 *
 * The ranges are the bathroom's own column open_week_minutes (minutes from Monday 00:00, closed
 * ranges, the through-midnight ones already joined up; migration 2026-11-22-10-search-speed, ADR
 * 080), so the test is arithmetic on the row. The slot is [least(start, end), end] in those
 * minutes: the end counts from the start's Monday (past 1440 × 7 on a Sunday night), and may fall
 * before the start when the clocks go back, where the rule asks only that the range open by the
 * earlier of the two.
 *
 * Time-zone arithmetic is the dear part of the test, and the bathrooms around a search centre
 * nearly all share its zone: with `referenceZone` (the centre's zone) the slot is worked out once
 * for that zone (scalar subqueries on constants, which PostgreSQL evaluates once per query), and
 * only bathrooms in another zone work out their own.
 */
/*
 * The `offset 0` in each NOT EXISTS keeps it a per-row test rather than an anti-join: a nearest-first
 * search walks the distance index and stops after a page of matches, which a join (reading every
 * bathroom in the radius first) would defeat. Each test is one probe of a small index.
 */
export function slotCondition(input: SearchInput, referenceZone?: string): RawBuilder<unknown> {
  if (input.time === undefined || input.durationMinutes === undefined) {
    if (input.date === undefined) return sql`true`;
    return sql`exists (
      select 1 from bathroom_opening_hours h
      where h.bathroom_id = b.id and h.weekday = extract(isodow from ${input.date}::date)::int)`;
  }
  const slotInput = { ...input, time: input.time, durationMinutes: input.durationMinutes };
  const own = slotInZone(slotInput, sql`b.timezone`);
  const part = (name: keyof typeof own): RawBuilder<unknown> => {
    if (referenceZone === undefined) return own[name];
    const once = slotInZone(slotInput, sql`${referenceZone}::text`)[name];
    return sql`(case when b.timezone = ${referenceZone}::text then (select ${once}) else ${own[name]} end)`;
  };
  const [start, end, startUtc, endUtc] = [part('start'), part('end'), part('startUtc'), part('endUtc')];
  return sql`${input.durationMinutes}::smallint = any(b.allowed_durations)
    and int4range(least(${start}, ${end}), ${end}, '[]') <@ any(b.open_week_minutes)
    and not exists (
      select 1 from bookings k
      where k.bathroom_id = b.id and k.status in ('pending_payment', 'confirmed', 'checked_in')
        and (k.status <> 'pending_payment' or k.hold_expires_at > now())
        and k.blocked && tstzrange(${startUtc}, ${endUtc} + make_interval(mins => b.cleaning_buffer_minutes::int))
      offset 0)
    and not exists (
      select 1 from bathroom_blackouts x
      where x.bathroom_id = b.id and tstzrange(x.starts_at, x.ends_at) && tstzrange(${startUtc}, ${endUtc})
      offset 0)`;
}

/** The zone a search works its slot out in once: the centre's, for a radius search with a slot. */
export function slotReferenceZone(
  input: SearchInput,
  timezoneAt: (latitude: number, longitude: number) => string,
): string | undefined {
  const slot = input.time !== undefined && input.durationMinutes !== undefined;
  return slot && !input.city ? timezoneAt(input.latitude, input.longitude) : undefined;
}
