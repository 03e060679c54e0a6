import { type RawBuilder, sql } from 'kysely';

/**
 * The facts of a half-open UTC range [from, to) of whole days, one SELECT per rollup table (ADR 138).
 * The rollup job inserts what they answer for closed days; the page runs the same SELECTs for the
 * days the job has not closed yet (today), so both read the raw tables the same way.
 *
 * - bookings: paid bookings by the day they were confirmed;
 * - revenue: cash captured on the ledger; commission: the commission account's net (capture minus
 *   the part refunds give back); refunds: refund journals and the cash they returned;
 * - cancellations: paid bookings cancelled that day;
 * - searches: search_events (anonymous, ADR 138), the empty ones among them;
 * - new guests: accounts created; new hosts: provider requests approved.
 */
type Range = { from: string; to: string };

const utcDay = (column: RawBuilder<unknown>) => sql`((${column}) at time zone 'UTC')::date`;

export function dailyFacts({ from, to }: Range) {
  const lo = sql`${from}::date::timestamp at time zone 'UTC'`;
  const hi = sql`${to}::date::timestamp at time zone 'UTC'`;
  // One aggregate per source, stacked and summed per day: joining them instead made the planner
  // multiply its row estimates into a cost that switched on JIT compilation (100+ ms, ADR 138).
  return sql`
    select day,
      sum(bookings)::int as bookings,
      sum(revenue_cents)::bigint as revenue_cents,
      sum(commission_cents)::bigint as commission_cents,
      sum(cancellations)::int as cancellations,
      sum(refunds)::int as refunds,
      sum(refunded_cents)::bigint as refunded_cents,
      sum(searches)::int as searches,
      sum(empty_searches)::int as empty_searches,
      sum(new_guests)::int as new_guests,
      sum(new_hosts)::int as new_hosts
    from (
      select days.day::date as day, 0::bigint as bookings, 0::bigint as revenue_cents,
        0::bigint as commission_cents, 0::bigint as cancellations, 0::bigint as refunds,
        0::bigint as refunded_cents, 0::bigint as searches, 0::bigint as empty_searches,
        0::bigint as new_guests, 0::bigint as new_hosts
      from generate_series(${from}::date, ${to}::date - 1, interval '1 day') as days(day)
      union all
      select ${utcDay(sql`confirmed_at`)}, count(*), 0, 0, 0, 0, 0, 0, 0, 0, 0
      from bookings where confirmed_at >= ${lo} and confirmed_at < ${hi} group by 1
      union all
      select ${utcDay(sql`created_at`)}, 0,
        coalesce(sum(amount_cents) filter (where kind = 'capture' and account = 'cash'), 0),
        coalesce(-sum(amount_cents) filter (where account = 'commission'), 0),
        0,
        count(distinct journal_key) filter (where kind = 'refund'),
        coalesce(-sum(amount_cents) filter (where kind = 'refund' and account = 'cash'), 0),
        0, 0, 0, 0
      from ledger_entries
      where created_at >= ${lo} and created_at < ${hi} and kind in ('capture', 'refund')
      group by 1
      union all
      select ${utcDay(sql`cancelled_at`)}, 0, 0, 0, count(*), 0, 0, 0, 0, 0, 0
      from bookings
      where cancelled_at >= ${lo} and cancelled_at < ${hi} and status = 'cancelled'
        and confirmed_at is not null
      group by 1
      union all
      select ${utcDay(sql`searched_hour`)}, 0, 0, 0, 0, 0, 0, count(*),
        count(*) filter (where result_count = 0), 0, 0
      from search_events where searched_hour >= ${lo} and searched_hour < ${hi} group by 1
      union all
      select ${utcDay(sql`created_at`)}, 0, 0, 0, 0, 0, 0, 0, 0, count(*), 0
      from profiles where created_at >= ${lo} and created_at < ${hi} group by 1
      union all
      select ${utcDay(sql`decided_at`)}, 0, 0, 0, 0, 0, 0, 0, 0, 0, count(*)
      from provider_requests
      where status = 'approved' and decided_at >= ${lo} and decided_at < ${hi} group by 1
    ) facts
    group by day`;
}

export function bathroomFacts({ from, to }: Range) {
  return sql`
    select ${utcDay(sql`confirmed_at`)} as day, bathroom_id, count(*)::int as bookings,
      sum(amount_paid_cents)::int as revenue_cents
    from bookings
    where confirmed_at >= ${from}::date::timestamp at time zone 'UTC'
      and confirmed_at < ${to}::date::timestamp at time zone 'UTC'
    group by 1, 2`;
}

/** Bookings started per hour of the week on the bathroom's own wall clock (weekday 0 = Monday). */
export function hourFacts({ from, to }: Range) {
  return sql`
    select ${utcDay(sql`b.confirmed_at`)} as day,
      (extract(isodow from b.starts_at at time zone r.timezone) - 1)::smallint as weekday,
      extract(hour from b.starts_at at time zone r.timezone)::smallint as hour,
      count(*)::int as bookings
    from bookings b join bathrooms r on r.id = b.bathroom_id
    where b.confirmed_at >= ${from}::date::timestamp at time zone 'UTC'
      and b.confirmed_at < ${to}::date::timestamp at time zone 'UTC'
    group by 1, 2, 3`;
}

export function emptySpotFacts({ from, to }: Range) {
  return sql`
    select ${utcDay(sql`searched_hour`)} as day, lat_e2, lng_e2, count(*)::int as searches
    from search_events
    where result_count = 0
      and searched_hour >= ${from}::date::timestamp at time zone 'UTC'
      and searched_hour < ${to}::date::timestamp at time zone 'UTC'
    group by 1, 2, 3`;
}
