import { type Kysely, sql } from 'kysely';

// Frozen: imports nothing from the app.
//
// Money to hosts (ADR 128): platform settings, the commission recorded on each booking, payouts,
// and a double-entry ledger that is the one source of truth for who is owed what.
// - ledger_entries: immutable rows in integer cents, debit positive, credit negative. A journal
//   (one event: a capture, a refund, a release, a payout step) is the rows sharing journal_key,
//   and sums to zero: a deferred constraint trigger checks it at commit. journal_key is the
//   event's own key ('capture:<booking>', 'refund:<booking_refund>', 'release:<booking>',
//   'payout:<payout>:start' …), unique per account, so posting an event twice adds nothing.
// - Accounts: cash (the platform's balance at the payment provider), commission (the platform's
//   revenue), host_pending (earned on a booking not over yet), host_payable (over, not paid yet),
//   payout_in_transit (sent to the provider, not confirmed). host_id names the host every row of
//   a booking's or payout's journal concerns, so a host's figures are sums over their rows.
// - Backfill: bookings paid before this migration get their capture (at the default 15%), their
//   refunds (the host's share reduced in proportion) and, once over, their release.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table platform_settings (
      key text primary key,
      value jsonb not null,
      updated_by text references "user" ("id") on delete set null,
      updated_at timestamptz not null default now())`.execute(db);
  await sql`
    insert into platform_settings (key, value) values
      ('commission_bps', '1500'::jsonb),
      ('weekly_payouts_enabled', 'false'::jsonb)`.execute(db);

  await sql`
    alter table bookings
      add column commission_bps integer not null default 1500 check (commission_bps between 0 and 5000)`.execute(
    db,
  );

  await sql`
    create table payouts (
      id uuid primary key default gen_random_uuid(),
      host_id text not null references "user" ("id") on delete restrict,
      amount_cents integer not null check (amount_cents > 0),
      currency text not null default 'usd',
      status text not null default 'pending' check (status in ('pending', 'paid', 'failed', 'reversed')),
      destination_account_id text not null,
      transfer_id text,
      attempts integer not null default 0,
      last_error text,
      requested_by text references "user" ("id") on delete set null,
      run_id uuid,
      notified_at timestamptz,
      created_at timestamptz not null default now(),
      sent_at timestamptz,
      failed_at timestamptz,
      updated_at timestamptz not null default now())`.execute(db);
  // One payout in flight per host: a second "Pay all" finds it instead of paying again.
  await sql`create unique index payouts_one_pending_idx on payouts (host_id) where status = 'pending'`.execute(
    db,
  );
  await sql`create index payouts_host_created_idx on payouts (host_id, created_at desc)`.execute(db);
  await sql`create unique index payouts_transfer_idx on payouts (transfer_id) where transfer_id is not null`.execute(
    db,
  );
  await sql`
    create table payout_bookings (
      payout_id uuid not null references payouts (id) on delete restrict,
      booking_id uuid not null references bookings (id) on delete restrict,
      amount_cents integer not null,
      primary key (payout_id, booking_id))`.execute(db);
  await sql`create index payout_bookings_booking_idx on payout_bookings (booking_id)`.execute(db);

  await sql`
    create table ledger_entries (
      id bigint generated always as identity primary key,
      journal_key text not null,
      kind text not null check (kind in ('capture', 'refund', 'release', 'payout_start', 'payout_paid', 'payout_failed', 'payout_reversed')),
      account text not null check (account in ('cash', 'commission', 'host_pending', 'host_payable', 'payout_in_transit')),
      host_id text not null references "user" ("id") on delete restrict,
      booking_id uuid references bookings (id) on delete restrict,
      payout_id uuid references payouts (id) on delete restrict,
      amount_cents integer not null,
      created_at timestamptz not null default now(),
      unique (journal_key, account))`.execute(db);
  await sql`create index ledger_entries_host_idx on ledger_entries (host_id, account, created_at)`.execute(
    db,
  );
  await sql`create index ledger_entries_booking_idx on ledger_entries (booking_id) where booking_id is not null`.execute(
    db,
  );
  await sql`create index ledger_entries_payout_idx on ledger_entries (payout_id) where payout_id is not null`.execute(
    db,
  );
  await sql`
    create function ledger_entries_immutable() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger entries are immutable: post a new journal instead' using errcode = '55000';
    end $$`.execute(db);
  await sql`
    create trigger ledger_entries_no_change before update or delete on ledger_entries
      for each row execute function ledger_entries_immutable()`.execute(db);
  await sql`
    create function ledger_journal_balanced() returns trigger language plpgsql as $$
    declare total bigint;
    begin
      select coalesce(sum(amount_cents), 0) into total from ledger_entries where journal_key = new.journal_key;
      if total <> 0 then
        raise exception 'ledger journal % does not balance (off by % cents)', new.journal_key, total
          using errcode = '23514';
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create constraint trigger ledger_journal_balanced after insert on ledger_entries
      deferrable initially deferred for each row execute function ledger_journal_balanced()`.execute(db);

  await backfill(db);
}

async function backfill(db: Kysely<unknown>): Promise<void> {
  await sql`
    create temporary table ledger_backfill on commit drop as
    select k.id, b.host_id, k.amount_paid_cents as paid,
           (k.amount_paid_cents::bigint * k.commission_bps + 5000) / 10000 as commission,
           coalesce(k.confirmed_at, k.created_at) as captured_at,
           k.status, k.ends_at, k.completed_at
      from bookings k join bathrooms b on b.id = k.bathroom_id
     where k.amount_paid_cents > 0`.execute(db);
  await sql`
    insert into ledger_entries (journal_key, kind, account, host_id, booking_id, amount_cents, created_at)
    select 'capture:' || f.id, 'capture', e.account, f.host_id, f.id, e.amount, f.captured_at
      from ledger_backfill f
     cross join lateral (values ('cash', f.paid), ('commission', -f.commission),
                                ('host_pending', -(f.paid - f.commission))) as e (account, amount)
     where e.amount <> 0 or e.account = 'cash'`.execute(db);
  // Each refund takes the host's share in proportion to the refunded total so far, so rounding
  // never drifts: reduction_n = round(refunded_so_far * share / paid) - the reductions before it.
  await sql`
    insert into ledger_entries (journal_key, kind, account, host_id, booking_id, amount_cents, created_at)
    select 'refund:' || r.id, 'refund', e.account, r.host_id, r.booking_id, e.amount, r.created_at
      from (
        select s.*, s.host_total - coalesce(lag(s.host_total) over (partition by s.booking_id order by s.created_at, s.id), 0) as host_part
          from (
            select r.id, r.booking_id, r.amount_cents, r.created_at, f.host_id,
                   (2 * sum(r.amount_cents) over (partition by r.booking_id order by r.created_at, r.id)::bigint
                      * (f.paid - f.commission) + f.paid) / (2 * f.paid) as host_total
              from booking_refunds r join ledger_backfill f on f.id = r.booking_id) s) r
     cross join lateral (values ('cash', -r.amount_cents::bigint), ('host_pending', r.host_part),
                                ('commission', r.amount_cents - r.host_part)) as e (account, amount)
     where e.amount <> 0 or e.account = 'cash'`.execute(db);
  // What is left pending on a booking that is over becomes payable.
  await sql`
    insert into ledger_entries (journal_key, kind, account, host_id, booking_id, amount_cents, created_at)
    select 'release:' || p.booking_id, 'release', e.account, p.host_id, p.booking_id, e.amount, p.released_at
      from (
        select l.booking_id, l.host_id, -sum(l.amount_cents) as left_pending,
               coalesce(f.completed_at, f.ends_at) as released_at
          from ledger_entries l join ledger_backfill f on f.id = l.booking_id
         where l.account = 'host_pending'
           and (f.status = 'completed' or (f.status in ('cancelled', 'expired') and f.ends_at <= now()))
         group by l.booking_id, l.host_id, f.completed_at, f.ends_at
        having sum(l.amount_cents) <> 0) p
     cross join lateral (values ('host_pending', p.left_pending), ('host_payable', -p.left_pending)) as e (account, amount)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists ledger_entries`.execute(db);
  await sql`drop function if exists ledger_journal_balanced`.execute(db);
  await sql`drop function if exists ledger_entries_immutable`.execute(db);
  await sql`drop table if exists payout_bookings`.execute(db);
  await sql`drop table if exists payouts`.execute(db);
  await sql`alter table bookings drop column if exists commission_bps`.execute(db);
  await sql`drop table if exists platform_settings`.execute(db);
}
