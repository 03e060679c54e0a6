import { type Kysely, sql } from 'kysely';

// Frozen: imports nothing from the app.
//
// Claim stamps for three more timed notices, so the minute sweeps send each exactly once across
// processes and restarts (ADR 090 "Reminders and completion", ADR 094 "Start and end notices"):
// the check-in reminder of a booking (RESERVATION_REMINDER and the owner's), and a blackout's start
// and end notices to its host. Blackout notices sent before this migration are found by the
// blackout id they carry in their meta and stamped, so none goes out a second time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bookings add column check_in_reminded_at timestamptz`.execute(db);
  await sql`
    alter table bathroom_blackouts
      add column started_notified_at timestamptz,
      add column ended_notified_at timestamptz`.execute(db);
  await sql`
    update bathroom_blackouts x set started_notified_at = n.created_at
      from notifications n
      where n.notification_type = 'bathroom_blackout_started' and n.meta->>'blackout_id' = x.id::text`.execute(
    db,
  );
  await sql`
    update bathroom_blackouts x set ended_notified_at = n.created_at
      from notifications n
      where n.notification_type = 'bathroom_blackout_ended' and n.meta->>'blackout_id' = x.id::text`.execute(
    db,
  );
  // Notices more than a day overdue when this shipped (a job lost long ago) are stale news: marked
  // handled at their due time rather than sent now by the new sweep.
  await sql`
    update bathroom_blackouts set started_notified_at = starts_at
      where started_notified_at is null and starts_at < now() - interval '1 day'`.execute(db);
  await sql`
    update bathroom_blackouts set ended_notified_at = ends_at
      where ended_notified_at is null and ends_at < now() - interval '1 day'`.execute(db);
  // The sweeps look for notices due and not yet sent; once sent, a row leaves these indexes.
  await sql`
    create index bathroom_blackouts_start_notice_idx on bathroom_blackouts (starts_at)
      where started_notified_at is null`.execute(db);
  await sql`
    create index bathroom_blackouts_end_notice_idx on bathroom_blackouts (ends_at)
      where ended_notified_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index bathroom_blackouts_end_notice_idx`.execute(db);
  await sql`drop index bathroom_blackouts_start_notice_idx`.execute(db);
  await sql`
    alter table bathroom_blackouts
      drop column ended_notified_at,
      drop column started_notified_at`.execute(db);
  await sql`alter table bookings drop column check_in_reminded_at`.execute(db);
}
