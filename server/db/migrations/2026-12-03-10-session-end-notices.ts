import { type Kysely, sql } from 'kysely';

// Frozen: imports nothing from the app.
//
// An open realtime socket keeps the session it was opened with until the database says that
// session ended (ADR 155). These triggers say it, whoever ends it: better-auth signing out or
// revoking, a password change, an expiry sweep, a deleted user (its sessions cascade), or an admin
// disabling an account or changing its admin rights. They NOTIFY on the realtime bus's channel
// (`privy_realtime`, or `privy_realtime_<schema>` for a schema a test suite isolates itself in),
// as events of the internal `session_ends` channel that no client may subscribe to, written as the
// bus writes events: {"channel":…,"event":…,"payload":…}. The NOTIFY goes when the transaction
// commits, to every server process. Ids go 100 to a payload, far under NOTIFY's 8,000 bytes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function realtime_notify_channel(table_schema text) returns text
    language sql immutable as $$
      select 'privy_realtime' || case when table_schema = 'public' then '' else '_' || table_schema end
    $$`.execute(db);

  await sql`
    create function notify_sessions_ended() returns trigger
    language plpgsql as $$
    begin
      perform pg_notify(realtime_notify_channel(TG_TABLE_SCHEMA),
        '{"channel":"session_ends","event":"session.ended","payload":{"sessionIds":'
          || to_json(array_agg(gone.id))::text || '}}')
      from (select id, (row_number() over ()) / 100 as chunk from gone_sessions) as gone
      group by gone.chunk;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger session_ended_notice after delete on "session"
    referencing old table as gone_sessions
    for each statement execute function notify_sessions_ended()`.execute(db);

  // Disabled (is_deleted), sent back to review (is_active off) or admin rights changed: the
  // socket's identity no longer says what the account may do. Other profile edits say nothing.
  await sql`
    create function notify_accounts_changed() returns trigger
    language plpgsql as $$
    begin
      perform pg_notify(realtime_notify_channel(TG_TABLE_SCHEMA),
        '{"channel":"session_ends","event":"account.changed","payload":{"userIds":'
          || to_json(array_agg(changed.id))::text || '}}')
      from (
        select after.id, (row_number() over ()) / 100 as chunk
        from new_profiles as after join old_profiles as before on before.id = after.id
        where after.is_deleted is distinct from before.is_deleted
          or after.is_active is distinct from before.is_active
          or after.is_admin is distinct from before.is_admin
      ) as changed
      group by changed.chunk;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger account_changed_notice after update on profiles
    referencing old table as old_profiles new table as new_profiles
    for each statement execute function notify_accounts_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists account_changed_notice on profiles`.execute(db);
  await sql`drop function if exists notify_accounts_changed()`.execute(db);
  await sql`drop trigger if exists session_ended_notice on "session"`.execute(db);
  await sql`drop function if exists notify_sessions_ended()`.execute(db);
  await sql`drop function if exists realtime_notify_channel(text)`.execute(db);
}
