import { type Kysely, sql } from 'kysely';

// Frozen: imports nothing from the app.
//
// Message notices (ADR 122). A new message's in-app notice is stored at once; its email copy waits
// as 'deferred' until the messaging sweep decides, ten minutes later, whether it is still unread
// and whether the recipient was already emailed about this conversation in the past hour:
// - notifications.email_state gains 'deferred' (held for its domain, never claimed by the sender);
// - messages.received_notice_id names the recipient's notice (no foreign key: a notice the user
//   deletes simply has no email left to release), email_checked_at is the sweep's claim stamp;
// - conversations remember when each party was last emailed about it (the hourly cap) and when
//   the host was reminded of an unanswered guest (once per booking).
// Messages sent before this migration are stamped checked: none of them is emailed now.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notifications drop constraint notifications_email_state_check`.execute(db);
  await sql`
    alter table notifications add constraint notifications_email_state_check
      check (email_state in ('none', 'deferred', 'pending', 'sending', 'sent'))`.execute(db);
  await sql`
    alter table messages
      add column received_notice_id uuid,
      add column email_checked_at timestamptz`.execute(db);
  await sql`update messages set email_checked_at = created_at`.execute(db);
  // The sweep looks for messages not checked yet; once checked, a row leaves this index.
  await sql`
    create index messages_email_check_idx on messages (created_at) where email_checked_at is null`.execute(
    db,
  );
  await sql`
    alter table conversations
      add column guest_emailed_at timestamptz,
      add column host_emailed_at timestamptz,
      add column reply_reminded_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table conversations
      drop column reply_reminded_at,
      drop column host_emailed_at,
      drop column guest_emailed_at`.execute(db);
  await sql`drop index messages_email_check_idx`.execute(db);
  await sql`alter table messages drop column email_checked_at, drop column received_notice_id`.execute(db);
  await sql`update notifications set email_state = 'none' where email_state = 'deferred'`.execute(db);
  await sql`alter table notifications drop constraint notifications_email_state_check`.execute(db);
  await sql`
    alter table notifications add constraint notifications_email_state_check
      check (email_state in ('none', 'pending', 'sending', 'sent'))`.execute(db);
}
