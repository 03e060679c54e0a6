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
  return sql`
    select days.day::date as day,
      coalesce(b.bookings, 0)::int as bookings,
      coalesce(l.revenue_cents, 0)::bigint as revenue_cents,
      coalesce(l.commission_cents, 0)::bigint as commission_cents,
      coalesce(c.cancellations, 0)::int as cancellations,
      coalesce(l.refunds, 0)::int as refunds,
      coalesce(l.refunded_cents, 0)::bigint as refunded_cents,
      coalesce(s.searches, 0)::int as searches,
      coalesce(s.empty_searches, 0)::int as empty_searches,
      coalesce(g.new_guests, 0)::int as new_guests,
      coalesce(h.new_hosts, 0)::int as new_hosts
    from generate_series(${from}::date, ${to}::date - 1, interval '1 day') as days(day)
    left join (
      select ${utcDay(sql`confirmed_at`)} as day, count(*) as bookings
      from bookings where confirmed_at >= ${lo} and confirmed_at < ${hi} group by 1
    ) b on b.day = days.day
    left join (
      select ${utcDay(sql`created_at`)} as day,
        sum(amount_cents) filter (where kind = 'capture' and account = 'cash') as revenue_cents,
        -sum(amount_cents) filter (where account = 'commission') as commission_cents,
        count(distinct journal_key) filter (where kind = 'refund') as refunds,
        -sum(amount_cents) filter (where kind = 'refund' and account = 'cash') as refunded_cents
      from ledger_entries
      where created_at >= ${lo} and created_at < ${hi} and kind in ('capture', 'refund')
      group by 1
    ) l on l.day = days.day
    left join (
      select ${utcDay(sql`cancelled_at`)} as day, count(*) as cancellations
      from bookings
      where cancelled_at >= ${lo} and cancelled_at < ${hi} and status = 'cancelled'
        and confirmed_at is not null
      group by 1
    ) c on c.day = days.day
    left join (
      select ${utcDay(sql`searched_hour`)} as day, count(*) as searches,
        count(*) filter (where result_count = 0) as empty_searches
      from search_events where searched_hour >= ${lo} and searched_hour < ${hi} group by 1
    ) s on s.day = days.day
    left join (
      select ${utcDay(sql`created_at`)} as day, count(*) as new_guests
      from profiles where created_at >= ${lo} and created_at < ${hi} group by 1
    ) g on g.day = days.day
    left join (
      select ${utcDay(sql`decided_at`)} as day, count(*) as new_hosts
      from provider_requests
      where status = 'approved' and decided_at >= ${lo} and decided_at < ${hi} group by 1
    ) h on h.day = days.day`;
}

export function bathroomFacts({ from, to }: Range) {
  return sql`
    select ${utcDay(sql`confirmed_at`)} as day, bathroom_id, count(*)::int as bookings,
      sum(amount_paid_cents)::bigint as revenue_cents
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
